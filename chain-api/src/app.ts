/**
 * chain-api's Hono app: CORS, the body limit, `/healthz`, every module's routes, and the error answers
 * (`{ code, message }` always; a 500 is logged without query string, headers or body).
 * @module
 */
import type { ErrorBody } from '@keyframe/server-kit'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ChainApiContext, ChainApiEnv } from './context.ts'
import { cors } from './http/cors.ts'
import type { ChainApiModule } from './module.ts'

/** The largest legitimate body is a JSON-RPC batch of 100 calls or a session with its permissions. */
export const MAX_BODY_BYTES = 64 * 1024

export type ChainApiAppOptions = {
  ctx: ChainApiContext
  modules: readonly ChainApiModule[]
  /** `/healthz` pings the database with it. */
  ping(): Promise<void>
}

/**
 * Creates the app. Modules register in the order given; the first route matching a request wins.
 * @example
 * const app = createChainApiApp({ ctx, modules: MODULES, ping: database.ping })
 */
export function createChainApiApp(options: ChainApiAppOptions): Hono<ChainApiEnv> {
  const { ctx, modules } = options
  const app = new Hono<ChainApiEnv>()
  app.use(async (c, next) => {
    c.set('ctx', ctx)
    await next()
  })
  app.use(cors())
  app.use(async (c, next) => {
    await next()
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff')
    } catch {
      // A fetched upstream answer passed through as it is has immutable headers: copy it once.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.set('X-Content-Type-Options', 'nosniff')
    }
  })
  const tooLarge = (c: Context<ChainApiEnv>) =>
    c.json({ code: 'payload_too_large', message: 'Request body too large' } satisfies ErrorBody, 413)
  const limitStream = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })
  // A declared length is checked from the header: hono's bodyLimit would wrap every body in a counting
  // stream, which costs the RPC gateway about a fifth of its CPU per call. Chunked bodies are counted.
  app.use((c, next) => {
    const length = c.req.header('content-length')
    if (length === undefined) return limitStream(c, next)
    if (!/^\d+$/.test(length) || Number(length) > MAX_BODY_BYTES) return Promise.resolve(tooLarge(c))
    return next()
  })
  app.get('/healthz', async (c) => {
    try {
      await options.ping()
    } catch (error) {
      ctx.log.error('chain-api: database unreachable', { error })
      return c.json({ ok: false as const }, 503)
    }
    return c.json({ ok: true as const })
  })
  for (const m of modules) m.routes(app, ctx)

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' } satisfies ErrorBody, 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.res) return error.getResponse()
      // hono's own (e.g. 'Malformed JSON in request body'): the same `{ code, message }` shape as ours.
      return c.json({ code: 'bad_request', message: error.message } satisfies ErrorBody, error.status)
    }
    ctx.log.error('chain-api: unhandled error', { method: c.req.method, path: c.req.path, error })
    return c.json({ code: 'internal', message: 'Internal error' } satisfies ErrorBody, 500)
  })
  return app
}
