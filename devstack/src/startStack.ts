import { startFrameServer } from '@keyframe/frame/server'
import { dappDist, frameWebDist } from './paths.ts'
import { startStaticSite } from './staticSite.ts'

export type StackOptions = {
  /** Port of the demo dApp on 127.0.0.1 (0 = any free port). */
  dappPort?: number
  /** Port of the frame server, reached as http://localhost:PORT (0 = any free port). */
  framePort?: number
  projectId?: string
  /** Extra origins the dev project allows (e.g. a test page). */
  extraOrigins?: string[]
  /** 'off' only for the e2e test that proves the in-frame guard alone refuses a hostile embedder. */
  frameAncestors?: 'enforce' | 'off'
}

export type Stack = {
  dappUrl: string
  dappOrigin: string
  /** The frame document URL the SDK is configured with. */
  frameUrl: string
  frameOrigin: string
  projectId: string
  close(): Promise<void>
}

/**
 * Starts the local world for the foundation: the demo dApp on 127.0.0.1 and the frame on localhost —
 * two origins and two sites, as a real deployment has.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const projectId = options.projectId ?? 'dev'
  let frameUrl = ''
  const dapp = await startStaticSite({
    root: dappDist,
    host: '127.0.0.1',
    port: options.dappPort ?? 0,
    config: () => ({ projectId, frameUrl }),
  })
  const frame = await startFrameServer({
    projects: [{ id: projectId, allowedOrigins: [dapp.origin, ...(options.extraOrigins ?? [])] }],
    webRoot: frameWebDist,
    port: options.framePort ?? 0,
    hostname: '127.0.0.1',
    frameAncestors: options.frameAncestors ?? 'enforce',
  })
  const framePort = new URL(frame.url).port
  const frameOrigin = `http://localhost:${framePort}`
  frameUrl = `${frameOrigin}/frame`
  return {
    dappUrl: dapp.url,
    dappOrigin: dapp.origin,
    frameUrl,
    frameOrigin,
    projectId,
    async close() {
      await Promise.all([dapp.close(), frame.close()])
    },
  }
}
