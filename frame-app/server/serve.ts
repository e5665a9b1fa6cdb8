import type { Server } from 'node:http'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createFrameApp, type FrameAppOptions } from './app.ts'

/** The built frame web app, next to this package. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url))

export type StartFrameServerOptions = Omit<FrameAppOptions, 'webRoot'> & {
  /** Default: `frame-app/dist/web`. */
  webRoot?: string
  /** 0 picks a free port. */
  port: number
  /** Default `'localhost'`. */
  hostname?: string
}

export type FrameServer = {
  /** Where it listens, e.g. `http://localhost:54321` (no trailing slash). */
  url: string
  close(): Promise<void>
}

/**
 * Starts the frame server on `hostname:port` (devstack, e2e, bench, `server/main.ts`).
 * @example
 * import { startFrameServer } from '@keyframe/frame/server'
 * const frame = await startFrameServer({ projects, port: 0 })
 * console.log(frame.url) // http://localhost:54321
 * await frame.close()
 */
export function startFrameServer(options: StartFrameServerOptions): Promise<FrameServer> {
  const { webRoot = DEFAULT_WEB_ROOT, port, hostname = 'localhost', ...appOptions } = options
  const app = createFrameApp({ ...appOptions, webRoot })
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
      server.off('error', reject)
      const host = hostname.includes(':') ? `[${hostname}]` : hostname
      resolve({
        url: `http://${host}:${info.port}`,
        close: () =>
          new Promise<void>((done, failed) => {
            server.close((error) => (error ? failed(error) : done()))
            server.closeAllConnections()
          }),
      })
    }) as Server
    server.once('error', reject)
  })
}
