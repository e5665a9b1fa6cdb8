// `@keyframe/sdk/siwx/server` runs on a dApp's backend: its bundle for Node holds no browser code — nothing of
// the modal (preact, zustand, the SDK's core/ui/frame/connectors) and no window or document.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, test } from 'vitest'
import * as server from './siwxServer.ts'

test('exports', () => {
  expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
    [
      "SiwxVerifyError",
      "createMemoryNonceStore",
      "createSiwxVerifier",
      "sessionCookie",
    ]
  `)
})

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The inputs and the code of `entry` bundled for Node, as a backend's bundler would. */
async function bundleForNode(entry: string) {
  const result = await build({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    conditions: ['@keyframe/source'],
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return { inputs: Object.keys(result.metafile.inputs), code: result.outputFiles[0]!.text }
}

/** What marks browser code: the modal's libraries and folders, and the page's globals. */
function browserCode({ inputs, code }: { inputs: string[]; code: string }) {
  return {
    inputs: inputs.filter((input) =>
      /node_modules\/(preact|zustand|@walletconnect|uqr)\/|src\/(core|ui|frame|connectors|react)\//.test(
        input,
      ),
    ),
    globals: [...new Set(code.match(/\b(window|document|localStorage|sessionStorage)\.\w+/g) ?? [])],
  }
}

describe('the server entry bundled for Node', () => {
  test('holds no browser code', async () => {
    const bundle = await bundleForNode('src/exports/siwxServer.ts')
    expect(bundle.inputs).toContain('src/siwx/server/createSiwxVerifier.ts')
    expect(browserCode(bundle)).toEqual({ inputs: [], globals: [] })
  }, 60_000)

  test('control: the main entry, bundled the same way, is caught', async () => {
    const found = browserCode(await bundleForNode('src/exports/index.ts'))
    expect(found.inputs.some((input) => input.includes('node_modules/zustand/'))).toBe(true)
    expect(found.inputs.some((input) => input.startsWith('src/core/'))).toBe(true)
    expect(found.globals.length).toBeGreaterThan(0)
  }, 60_000)
})
