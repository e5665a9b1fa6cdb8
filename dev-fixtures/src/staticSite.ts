import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { StackLogger } from './stackLogger.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
}

export type StaticSite = { url: string; origin: string; close(): Promise<void> }

/**
 * Serves a built site from `root` on loopback. HTML pages get `config` injected as a JSON script
 * (`#keyframe-demo-config`) in place of the `<!--keyframe-config-->` marker, so one build runs on any port.
 */
export async function startStaticSite(options: {
  root: string
  host: string
  port: number
  config?: (origin: string) => unknown
  /** Receives one line per request: method, path (never the query), status. */
  logger?: StackLogger
  /** Names the site in its log lines (default `static`). */
  name?: string
  /** The site's backend (e.g. the SIWX example's `/siwx` routes): its routes are tried before the files. */
  app?: Hono
}): Promise<StaticSite> {
  const app = new Hono()
  let origin = ''
  const { logger, name = 'static' } = options
  if (logger) {
    app.use(async (c, next) => {
      await next()
      logger.info(`${name}: request`, {
        origin,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
      })
    })
  }
  if (options.app) app.route('/', options.app)
  app.get('*', async (c) => {
    let path = decodeURIComponent(new URL(c.req.url).pathname)
    if (path.endsWith('/')) path += 'index.html'
    const file = normalize(join(options.root, path))
    if (!file.startsWith(options.root + sep)) return c.text('Not found', 404)
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return c.text('Not found', 404)
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    if (type.startsWith('text/html') && options.config) {
      const json = JSON.stringify(options.config(origin)).replaceAll('<', '\\u003c')
      const html = body
        .toString('utf8')
        .replace(
          '<!--keyframe-config-->',
          `<script type="application/json" id="keyframe-demo-config">${json}</script>`,
        )
      return c.body(html, 200, { 'content-type': type, 'cache-control': 'no-store' })
    }
    const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store'
    return c.body(new Uint8Array(body), 200, { 'content-type': type, 'cache-control': cache })
  })
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: options.host, port: options.port }, (info) => {
      origin = `http://${options.host}:${info.port}`
      resolve({
        url: `${origin}/`,
        origin,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
