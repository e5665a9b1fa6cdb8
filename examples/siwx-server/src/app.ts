/**
 * A dApp backend that signs people in with their wallet: it issues nonces, verifies a signed EIP-4361 message
 * with `@keyframe/sdk/siwx/server` and keeps the result in an HMAC-signed, HttpOnly cookie. Mounted on the
 * dApp's own origin, so the page calls it with plain `fetch` and the browser sends the cookie back.
 * @module
 */
import { type SessionCookie, type SiwxVerifier, SiwxVerifyError } from '@keyframe/sdk/siwx/server'
import { Hono } from 'hono'
import { z } from 'zod'

export type SiwxAppOptions = {
  verifier: SiwxVerifier
  cookie: SessionCookie
  /**
   * The dApp's origins (`https://app.example.com`): a POST must come from one of them. The message's domain
   * is checked against the request's Origin, and a server can send any Origin it likes, so without this list
   * a phishing site could relay a signature made on its own domain and be signed in as its victim.
   * A function when the origins are known only once the server listens (the devstack's ports).
   */
  origins: readonly string[] | (() => readonly string[])
  /** Longest a session lasts when its message has no expirationTime (default 1 day). */
  sessionTtlMs?: number
}

const DAY_MS = 24 * 60 * 60 * 1000

// A message is a few hundred characters; an ERC-6492 signature carries a deployment, so give it room.
const SignedBody = z.object({
  message: z.string().min(1).max(8_000),
  signature: z
    .string()
    .max(40_000)
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/)
    .transform((hex) => hex as `0x${string}`),
})

/**
 * The routes, all under `/siwx`: `GET nonce` (text), `POST verify` `{ message, signature }` → `{ address,
 * chainId }` and the session cookie (401/400 `{ error, reason }` when refused), `GET session` →
 * `{ address, chainId }` (401 `Not signed in`), `POST signout` → 204, cookie cleared.
 * @example
 * const app = createSiwxApp({
 *   verifier: createSiwxVerifier({
 *     getClient: (id) => (id === 1 ? mainnetClient : undefined),
 *     origins: ['https://app.example.com'],
 *   }),
 *   cookie: sessionCookie({ secret: process.env.COOKIE_SECRET! }),
 *   origins: ['https://app.example.com'],
 * })
 * serve({ fetch: app.fetch, port: 8787 })
 */
export function createSiwxApp(options: SiwxAppOptions): Hono {
  const { verifier, cookie, sessionTtlMs = DAY_MS } = options
  const origins = typeof options.origins === 'function' ? options.origins : () => options.origins
  const app = new Hono()

  // A POST changes the session: only the dApp's own pages may send one (a browser always sends Origin).
  app.post('/siwx/*', async (c, next) => {
    const origin = c.req.header('origin')
    if (!origin) return c.json({ error: 'The request has no Origin header' }, 403)
    if (!(origins() as readonly string[]).includes(origin))
      return c.json({ error: `Sign-in is not open to ${origin}` }, 403)
    await next()
  })

  app.get('/siwx/nonce', async (c) =>
    c.text(await verifier.issueNonce(), 200, { 'cache-control': 'no-store' }),
  )

  app.post('/siwx/verify', async (c) => {
    const body = SignedBody.safeParse(await c.req.json().catch(() => undefined))
    if (!body.success)
      return c.json({ error: 'The body must be JSON { message, signature }', reason: 'malformed' }, 400)
    try {
      const { address, chainId, data } = await verifier.verify(body.data, { origin: c.req.header('origin')! })
      const expiresAt = Math.min(
        data.expirationTime ? Date.parse(data.expirationTime) : Number.POSITIVE_INFINITY,
        Date.now() + sessionTtlMs,
      )
      c.header('set-cookie', await cookie.serialize({ address, chainId, expiresAt }))
      return c.json({ address, chainId })
    } catch (error) {
      if (!(error instanceof SiwxVerifyError)) throw error
      return c.json({ error: error.message, reason: error.reason }, error.reason === 'malformed' ? 400 : 401)
    }
  })

  app.get('/siwx/session', async (c) => {
    const session = await cookie.read(c.req.header('cookie'))
    c.header('cache-control', 'no-store')
    if (!session) return c.json({ error: 'Not signed in' }, 401)
    return c.json({ address: session.address, chainId: session.chainId })
  })

  app.post('/siwx/signout', (c) => {
    c.header('set-cookie', cookie.clear())
    return c.body(null, 204)
  })

  return app
}
