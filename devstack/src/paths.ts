import { fileURLToPath } from 'node:url'

/** The repository root, from this file's place in devstack/src. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '')
export const dappDist = `${repoRoot}/examples/dapp/dist`
export const frameWebDist = `${repoRoot}/frame-app/dist/web`
