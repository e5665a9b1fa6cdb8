/**
 * CORS for the dApps of each project: a request whose `Origin` the project (by its `projectId` query) allows
 * gets that origin reflected, and preflights are answered here. Every answer varies on `Origin`. Nothing is
 * allowed for an unknown project or origin; the guard then refuses the actual call with a 403.
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import type { ChainApiEnv } from '../context.ts'
import { findProject } from '../project/guard.ts'

/** Headers a dApp's fetch may send (JSON bodies, the SDK's own headers). */
const ALLOWED_HEADERS = 'Content-Type, Accept, X-Sdk-Type, X-Sdk-Version'

/** The CORS middleware (mounted first by `app.ts`). */
export function cors(): MiddlewareHandler<ChainApiEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin')
    const projectId = c.req.query('projectId')
    const found = origin && projectId ? findProject(c.get('ctx').config, projectId) : undefined
    const allowed = origin !== undefined && found?.allows(origin) === true
    if (c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) {
      const headers = new Headers({ Vary: 'Origin' })
      if (allowed && origin) {
        headers.set('Access-Control-Allow-Origin', origin)
        headers.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
        headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        headers.set('Access-Control-Max-Age', '600')
      }
      return new Response(null, { status: 204, headers })
    }
    await next()
    // A fetched upstream answer (gateway passthrough) has immutable headers: copy it once before adding ours.
    try {
      c.res.headers.append('Vary', 'Origin')
    } catch {
      c.res = new Response(c.res.body, c.res)
      c.res.headers.append('Vary', 'Origin')
    }
    if (allowed && origin) {
      c.res.headers.set('Access-Control-Allow-Origin', origin)
      c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After')
    }
  }
}
