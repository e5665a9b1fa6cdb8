/**
 * The frame server: the frame document per project (CSP and allowlist from the projects table), its assets,
 * e-mail login, sessions, the share vault, the admin API and `/healthz`.
 * @module
 */
import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { APPROVAL_TIMEOUT_MS } from '@keyframe/protocol/core'
import type { AddableChain } from '@keyframe/protocol/frame-api/addableChains'
import { issueDeviceNonce } from '@keyframe/protocol/frame-api/deviceProof'
import { SOCIAL_CALLBACK_PATH } from '@keyframe/protocol/frame-api/social'
import { type ErrorBody, fail } from '@keyframe/server-kit'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { adminRoutes } from './admin/routes.ts'
import { approvalPopupPage } from './approvalPopup.ts'
import { issueNonce } from './auth/deviceProof.ts'
import { approvePageRoutes } from './auth/email/approvePage.ts'
import { emailAuthRoutes } from './auth/email/routes.ts'
import { type FarcasterConfig, parseFarcasterConfig } from './auth/farcaster/config.ts'
import { farcasterAuthRoutes } from './auth/farcaster/routes.ts'
import { socialAuthRoutes, socialCallback, socialPageRoutes } from './auth/social/routes.ts'
import {
  type FrameChain,
  parseAddableChains,
  parseApprovalTimeout,
  parseChains,
  rpcOrigins,
} from './chains.ts'
import type { ServerContext } from './context.ts'
import type { CrashHook } from './crashPoint.ts'
import type { ServerSecrets } from './crypto/keys.ts'
import type { Database } from './db/createDatabase.ts'
import { renderFrameHtml } from './frameHtml.ts'
import {
  DEFAULT_CONTENT_SECURITY_POLICY,
  type FrameAncestorsMode,
  frameDocumentHeaders,
  STRICT_TRANSPORT_SECURITY,
} from './headers.ts'
import { sameOriginOnly } from './http/sameOrigin.ts'
import { LIMITS, type Limits } from './limits.ts'
import { createLogger, type Logger } from './logger.ts'
import { createMailer, type Mailer } from './mail/createMailer.ts'
import { getProject, projectLogins } from './projects/store.ts'
import { sessionRoutes } from './session/routes.ts'
import { tokenRoutes } from './tokens/routes.ts'
import { vaultRoutes } from './vault/routes.ts'

export type { ErrorBody } from '@keyframe/server-kit'

export type FrameAppOptions = {
  /** Projects, users, shares and sessions (`createDatabase`). */
  database: Database
  /** The built frame web app (`frame-app/dist/web`): `index.html` and `assets/`. */
  webRoot: string
  /** KEK, operator recovery key, OTP pepper. */
  secrets: ServerSecrets
  /** Outgoing mail. Default: dropped (development without SMTP_URL). */
  mailer?: Mailer
  /**
   * The public origin (`PUBLIC_URL`). HTTPS → `__Host-` session cookie; plain-http loopback → bearer token;
   * it also builds the links in mails and is the only `Origin` the API accepts. Default: the request's own URL.
   */
  publicUrl?: string
  /** Enables `/api/admin/*` (≥ 32 characters). */
  adminToken?: string
  /** The clock (default `() => new Date()`); tests pass a fake one. */
  now?: () => Date
  /** Default: JSON lines on stderr, secrets redacted. */
  logger?: Logger
  /** Overrides of {@link LIMITS} (tests only). */
  limits?: Partial<Limits>
  /**
   * How many proxies of the operator's own stand in front of the server and append the client's address to
   * `X-Forwarded-For` (default 0: the connection's peer is the client; the header is ignored).
   */
  trustedProxyHops?: number
  /**
   * Logs one line per API call (method, route path, status, ms; never the query string, a body or a
   * header, which is where codes and tokens travel). Off by default; `ACCESS_LOG=1` turns it on.
   */
  accessLog?: boolean
  /** Test-only fault injection (`crashPoint.ts`). */
  crash?: CrashHook
  /**
   * `'enforce'` (default) sends `frame-ancestors <the project's origins>`. `'off'` drops that directive and
   * exists ONLY so an e2e test can show that the in-frame origin guard refuses a hostile embedder on its own
   * (defence in depth). Never use it in a deployment.
   */
  frameAncestors?: FrameAncestorsMode
  /**
   * `'enforce'` (default) refuses a `device` route's request without a valid device signature. `'off'` skips
   * the check and exists ONLY so a test can show the attack it stops (a code or token without the device key).
   * Never use it in a deployment.
   */
  deviceProof?: 'enforce' | 'off'
  /**
   * `'enforce'` (default) guards account changes: a removed device is never the one in use and needs a
   * fresh code and the daily limit; a new recovery set needs the wallet key's signature. `'off'` exists ONLY
   * so a test can show the attacks these guards stop (a bare session deleting a device, bogus recovery bytes).
   */
  accountGuards?: 'enforce' | 'off'
  /**
   * The chains the frame signs and proxies RPC for (default none: every RPC request is refused). Each goes
   * into the frame document's config, and its RPC URL's origin into the document's `connect-src`.
   */
  chains?: readonly FrameChain[]
  /**
   * Which chains a dApp may add with `wallet_addEthereumChain` (EIP-3085): rules of an exact RPC origin and,
   * optionally, the chain ids allowed on it. Each origin goes into the frame document's `connect-src`.
   * Default none: only `chains` are ever used, and every other chain is refused.
   */
  addableChains?: readonly AddableChain[]
  /** How long a person has to decide on an approval, in ms: default and maximum APPROVAL_TIMEOUT_MS (5 min). */
  approvalTimeoutMs?: number
  /**
   * Sign In With Farcaster, for the projects whose loginMethods include 'farcaster': the auth relay and the
   * chain RPC + IdRegistry that name each fid's custody address. Default none: Farcaster logins are refused.
   */
  farcaster?: FarcasterConfig
  /**
   * Whether a social login may come back by full-page redirect when the person's browser blocked its popup.
   * Default `false`: the popup is then needed. Turn it on only when every allowed origin of every project is
   * trusted: on the way back the login's ticket is in the dApp page's URL (auth/social/FLOW.md).
   */
  socialRedirectFallback?: boolean
}

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

/**
 * Creates the frame server's Hono app.
 * @throws Error when `frameAncestors` is not `'enforce'` or `'off'`.
 * @throws TypeError when a chain or the farcaster config is invalid; RangeError when `approvalTimeoutMs` is.
 * @example
 * import { createDatabase, createFrameApp } from '@keyframe/frame/server'
 * const database = await createDatabase()
 * const app = createFrameApp({ database, webRoot, secrets })
 */
export function createFrameApp(options: FrameAppOptions) {
  const mode = options.frameAncestors ?? 'enforce'
  if (mode !== 'enforce' && mode !== 'off') throw new Error(`Invalid frameAncestors: ${String(mode)}`)
  const chains = parseChains(options.chains ?? [])
  const approvalTimeoutMs = parseApprovalTimeout(options.approvalTimeoutMs ?? APPROVAL_TIMEOUT_MS)
  const addableChains = parseAddableChains(options.addableChains ?? [])
  const farcaster = options.farcaster && parseFarcasterConfig(options.farcaster)
  const connectOrigins = [...new Set([...rpcOrigins(chains), ...addableChains.map((rule) => rule.rpcOrigin)])]
  const logger = options.logger ?? createLogger()
  const publicUrl = options.publicUrl ? new URL(options.publicUrl).origin : undefined
  const ctx: ServerContext = {
    db: options.database.db,
    secrets: options.secrets,
    mailer: options.mailer ?? createMailer({ logger }),
    logger,
    now: options.now ?? (() => new Date()),
    publicUrl,
    limits: { ...LIMITS, ...options.limits },
    trustedProxyHops: options.trustedProxyHops ?? 0,
    crash: options.crash ?? (() => {}),
    deviceProof: options.deviceProof === 'off' ? 'off' : 'enforce',
    accountGuards: options.accountGuards === 'off' ? 'off' : 'enforce',
  }
  const assetsDir = join(options.webRoot, 'assets')
  // The largest legitimate body is a wallet registration (< 8 KB).
  const limitBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) =>
      c.json({ code: 'payload_too_large', message: 'Request body too large' } satisfies ErrorBody, 413),
  })

  const app = new Hono()
    .use(async (c, next) => {
      if (!options.accessLog || !/^\/(api|approve-device)\b/.test(c.req.path)) return next()
      const started = performance.now()
      await next()
      logger.info('http', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      })
    })
    .use(async (c, next) => {
      await next()
      const headers = c.res.headers
      headers.set('X-Content-Type-Options', 'nosniff')
      headers.set('Referrer-Policy', 'no-referrer')
      if (!headers.has('Content-Security-Policy'))
        headers.set('Content-Security-Policy', DEFAULT_CONTENT_SECURITY_POLICY)
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
      // Served over https (PUBLIC_URL says so; without it, the request's own URL): never plain http again.
      if ((publicUrl ?? c.req.url).startsWith('https:'))
        headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
    })
    .get('/healthz', async (c) => {
      try {
        await options.database.ping()
      } catch (error) {
        logger.error('frame-server: database unreachable', { error })
        return c.json({ ok: false as const }, 503)
      }
      return c.json({ ok: true as const })
    })
    .get('/frame', async (c) => {
      const projectId = c.req.query('projectId')
      if (!projectId) fail(400, 'bad_request', 'Missing projectId')
      const project = /^[A-Za-z0-9_-]{1,64}$/.test(projectId)
        ? await getProject(ctx.db, projectId)
        : undefined
      // Spec §8: an unknown project id reads 'Invalid key'.
      if (!project) fail(403, 'invalid_key', 'Invalid key')
      let html: string
      try {
        html = await readFile(join(options.webRoot, 'index.html'), 'utf8')
      } catch {
        fail(503, 'not_built', 'The frame app is not built')
      }
      const body = renderFrameHtml(html, {
        projectId: project.id,
        allowedOrigins: project.allowedOrigins,
        chains,
        ...(addableChains.length > 0 && { addableChains }),
        approvalTimeoutMs,
        logins: await projectLogins(ctx.db, project.id, farcaster !== undefined),
      })
      return c.html(body, 200, frameDocumentHeaders(project.allowedOrigins, mode, connectOrigins))
    })
    .get('/approve', approvalPopupPage(options.webRoot))
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
    // The provider sends the person here from its own site: before the API's same-origin rule.
    .on(['GET', 'POST'], SOCIAL_CALLBACK_PATH, limitBody, socialCallback(ctx))
    .route('/social', socialPageRoutes())
    .use('/api/*', sameOriginOnly(publicUrl))
    .use('/api/*', limitBody)
    .use('/approve-device', limitBody)
    .post(issueDeviceNonce.path, (c) => c.json(issueNonce(ctx)))
    .route('/api/auth/email', emailAuthRoutes(ctx))
    .route('/api/auth/farcaster', farcasterAuthRoutes(ctx, farcaster))
    .route(
      '/api/auth/social',
      socialAuthRoutes(ctx, { redirectFallback: options.socialRedirectFallback === true }),
    )
    .route('/api/session', sessionRoutes(ctx))
    .route('/api/admin', adminRoutes(ctx, options.adminToken))
    .route('/api/tokens', tokenRoutes(ctx))
    .route('/api', vaultRoutes(ctx))
    .route('/approve-device', approvePageRoutes(ctx))

  app.notFound((c) => c.json({ code: 'not_found', message: 'Not found' } satisfies ErrorBody, 404))
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.res) return error.getResponse()
      // hono's own (e.g. 'Malformed JSON in request body'): same `{ code, message }` shape as ours.
      return c.json({ code: 'bad_request', message: error.message } satisfies ErrorBody, error.status)
    }
    // No query string, headers or body (they may carry tokens); the logger redacts what the error holds.
    logger.error('frame-server: unhandled error', { method: c.req.method, path: c.req.path, error })
    return c.json({ code: 'internal', message: 'An error occurred' } satisfies ErrorBody, 500)
  })
  return app
}

/** The frame server's routes, for a typed client (`hc<AppType>`). */
export type AppType = ReturnType<typeof createFrameApp>
