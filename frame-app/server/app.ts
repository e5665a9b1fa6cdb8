/**
 * The frame server: serves the built frame document per project with its security headers, and its assets.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { type Project, parseProjects } from './config.ts'
import { renderFrameHtml } from './frameHtml.ts'
import { DEFAULT_CONTENT_SECURITY_POLICY, type FrameAncestorsMode, frameDocumentHeaders } from './headers.ts'

export type FrameAppOptions = {
  /** Projects and their allowed dApp origins; validated here (each origin through `parseAllowedOrigin`). */
  projects: readonly Project[]
  /** The built frame web app (`frame-app/dist/web`): `index.html` and `assets/`. */
  webRoot: string
  /**
   * `'enforce'` (default) sends `frame-ancestors <the project's origins>`. `'off'` drops that directive and
   * exists ONLY so an e2e test can show that the in-frame origin guard refuses a hostile embedder on its own
   * (defence in depth). Never use it in a deployment.
   */
  frameAncestors?: FrameAncestorsMode
  /** Where errors are logged (default `console.error`). Only the method, path and error name/message go in. */
  log?: (message: string, fields: Record<string, unknown>) => void
}

/** The `{ code, message }` body of every error response. */
export type ErrorBody = { code: string; message: string }

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}
/** One flat file name as Vite emits it (`index-B3x_9a.js`): no slash, no leading dot. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/

function fail(status: ContentfulStatusCode, code: string, message: string): never {
  throw new HTTPException(status, { res: Response.json({ code, message } satisfies ErrorBody, { status }) })
}

/**
 * Creates the frame server's Hono app: `GET /frame?projectId=…`, `GET /assets/*`, `GET /healthz`.
 * @throws Error when a project is invalid (bad id, `*`, `null`, `file:`, a path…), before serving anything.
 * @example
 * import { createFrameApp } from '@keyframe/frame/server'
 * const app = createFrameApp({ projects: [{ id: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] }], webRoot })
 */
export function createFrameApp(options: FrameAppOptions) {
  const projects = new Map(parseProjects(options.projects).map((project) => [project.id, project]))
  const mode = options.frameAncestors ?? 'enforce'
  if (mode !== 'enforce' && mode !== 'off') throw new Error(`Invalid frameAncestors: ${String(mode)}`)
  const log = options.log ?? ((message, fields) => console.error(message, fields))
  const assetsDir = join(options.webRoot, 'assets')

  const app = new Hono()
    .use(async (c, next) => {
      await next()
      const headers = c.res.headers
      headers.set('X-Content-Type-Options', 'nosniff')
      headers.set('Referrer-Policy', 'no-referrer')
      if (!headers.has('Content-Security-Policy'))
        headers.set('Content-Security-Policy', DEFAULT_CONTENT_SECURITY_POLICY)
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
    })
    .get('/healthz', (c) => c.json({ ok: true as const }))
    .get('/frame', async (c) => {
      const projectId = c.req.query('projectId')
      if (!projectId) fail(400, 'bad_request', 'Missing projectId')
      const project = projects.get(projectId)
      // Spec §8: an unknown project id reads 'Invalid key'.
      if (!project) fail(403, 'invalid_key', 'Invalid key')
      let html: string
      try {
        html = await readFile(join(options.webRoot, 'index.html'), 'utf8')
      } catch {
        fail(503, 'not_built', 'The frame app is not built')
      }
      const body = renderFrameHtml(html, { projectId: project.id, allowedOrigins: project.allowedOrigins })
      return c.html(body, 200, frameDocumentHeaders(project.allowedOrigins, mode))
    })
    .get('/assets/:file', async (c) => {
      const file = c.req.param('file')
      const type = ASSET_TYPES[extname(file)]
      if (!type || !ASSET_NAME.test(file)) fail(404, 'not_found', 'Not found')
      let body: Uint8Array<ArrayBuffer>
      try {
        body = new Uint8Array(await readFile(join(assetsDir, file)))
      } catch {
        fail(404, 'not_found', 'Not found')
      }
      return c.body(body, 200, {
        'Content-Type': type,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
    })

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' } satisfies ErrorBody, 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse()
    // No query string, headers or body (they may carry tokens); credentials in URLs are masked.
    const message = error.message.replace(/\/\/[^/\s@]+@/g, '//***@')
    log('frame-server: unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error.name,
      message,
    })
    return c.json({ code: 'internal', message: 'An error occurred' } satisfies ErrorBody, 500)
  })
  return app
}

/** The frame server's routes, for a typed client (`hc<AppType>`). */
export type AppType = ReturnType<typeof createFrameApp>
