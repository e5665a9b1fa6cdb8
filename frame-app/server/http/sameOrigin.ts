import { fail } from '@keyframe/server-kit'
import type { MiddlewareHandler } from 'hono'

/**
 * Refuses API calls from other sites: the frame calls its API from its own origin only. A browser marks
 * cross-site requests with `Sec-Fetch-Site` and `Origin`; requests without either (curl, the admin CLI,
 * tests) pass, since they carry no ambient cookie of a visitor.
 * @param ownOrigin the server's public origin, or `undefined` to use the request URL's origin.
 */
export function sameOriginOnly(ownOrigin: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    const site = c.req.header('sec-fetch-site')
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      fail(403, 'forbidden', 'Cross-site request refused')
    const origin = c.req.header('origin')
    if (origin !== undefined && origin !== (ownOrigin ?? new URL(c.req.url).origin))
      fail(403, 'forbidden', 'Cross-site request refused')
    await next()
  }
}
