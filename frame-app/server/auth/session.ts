/**
 * Sessions (SECURITY.md §2): a `__Host-` cookie (`Secure; HttpOnly; SameSite=None; Path=/; Partitioned`)
 * when the frame is served over HTTPS; on plain-http localhost, and only there, a bearer token the frame
 * keeps in its own storage. The database keeps only SHA-256 of the token.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import { fail } from '@keyframe/server-kit'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { ServerContext } from '../context.ts'
import { generateSessionToken, hashSessionToken } from '../crypto/tokens.ts'
import type { Db } from '../db/createDatabase.ts'
import { sessions } from '../db/schema/auth.ts'
import { identities } from '../db/schema/social.ts'
import { devices, users } from '../db/schema/users.ts'

/** The cookie's name without its prefix; sent as `__Host-keyframe_session`. */
export const SESSION_COOKIE = 'keyframe_session'

/** How this server hands out sessions. */
export type SessionTransport = 'cookie' | 'bearer' | 'insecure'

/** A valid session as the routes see it. */
export type SessionInfo = {
  id: string
  userId: string
  /** The account's address; null for an account that never proved one (a social or Farcaster login). */
  email: string | null
  /** The provider account this session logged in with (its username at that login); null for e-mail. */
  userName: string | null
  socialProvider: LoginProvider | null
  projectId: string
  deviceId: string | null
  /** The bound device's public key while it is active (verified, not revoked); null otherwise. */
  devicePublicKey: string | null
  createdAt: Date
  lastFactorAt: Date
  expiresAt: Date
}

export type SessionVariables = { session: SessionInfo }

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/

/**
 * `cookie` over HTTPS, `bearer` over plain http on a loopback host, else `insecure` (no session is issued).
 * Decided by `PUBLIC_URL` when set (a proxy may terminate TLS), else by the request URL.
 */
export function sessionTransport(requestUrl: string, publicUrl: string | undefined): SessionTransport {
  const url = new URL(publicUrl ?? requestUrl)
  if (url.protocol === 'https:') return 'cookie'
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return 'bearer'
  return 'insecure'
}

function tokenOf(c: Context, transport: SessionTransport): string | undefined {
  if (transport === 'cookie') return getCookie(c, SESSION_COOKIE, 'host')
  if (transport === 'bearer') {
    const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(c.req.header('authorization') ?? '')
    return match?.[1]
  }
  return undefined
}

/** Loads the session a request carries, or null (no token, unknown, revoked or expired). */
export async function readSession(c: Context, ctx: ServerContext): Promise<SessionInfo | null> {
  const token = tokenOf(c, sessionTransport(c.req.url, ctx.publicUrl))
  if (!token) return null
  const now = ctx.now()
  const [row] = await ctx.db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      email: users.email,
      userName: identities.username,
      socialProvider: identities.provider,
      projectId: sessions.projectId,
      deviceId: sessions.deviceId,
      devicePublicKey: devices.publicKey,
      deviceVerifiedAt: devices.verifiedAt,
      deviceRevokedAt: devices.revokedAt,
      createdAt: sessions.createdAt,
      lastFactorAt: sessions.lastFactorAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .leftJoin(identities, eq(identities.id, sessions.identityId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1)
  if (!row) return null
  const { deviceVerifiedAt, deviceRevokedAt, devicePublicKey, ...session } = row
  const active = devicePublicKey !== null && deviceVerifiedAt !== null && deviceRevokedAt === null
  return { ...session, devicePublicKey: active ? devicePublicKey : null }
}

/** Ends the request with 401 unless it carries a valid session; puts it in `c.var.session`. */
export function requireSession(ctx: ServerContext): MiddlewareHandler<{ Variables: SessionVariables }> {
  return async (c, next) => {
    const session = await readSession(c, ctx)
    if (!session) fail(401, 'unauthorized', 'Session expired')
    c.set('session', session)
    await next()
  }
}

/** Ends the request with 403 `fresh_factor_required` unless the session's last factor is at most `maxAgeMs` old. */
export function requireFreshFactor(session: SessionInfo, now: Date, maxAgeMs: number): void {
  if (now.getTime() - session.lastFactorAt.getTime() > maxAgeMs)
    fail(403, 'fresh_factor_required', 'Please confirm it is you with a new code')
}

/** Refuses to issue a session where it could not be kept safely (plain http on a non-loopback host). */
export function assertSessionTransport(c: Context, ctx: ServerContext): SessionTransport {
  const transport = sessionTransport(c.req.url, ctx.publicUrl)
  if (transport === 'insecure')
    fail(403, 'insecure_transport', 'Sessions need HTTPS (or http://localhost for development)')
  return transport
}

/** Inserts a session (inside the caller's transaction) and returns its token, which is never stored. */
export async function createSession(
  tx: Db,
  ctx: ServerContext,
  parameters: { userId: string; projectId: string; deviceId: string },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const now = ctx.now()
  const token = generateSessionToken()
  const id = randomUUID()
  const expiresAt = new Date(now.getTime() + ctx.limits.sessionTtlMs)
  await tx.insert(sessions).values({
    id,
    userId: parameters.userId,
    projectId: parameters.projectId,
    deviceId: parameters.deviceId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    lastFactorAt: now,
    expiresAt,
  })
  return { id, token, expiresAt }
}

/**
 * Hands a new session to the frame: sets the `__Host-` cookie over HTTPS, or returns the token to put in the
 * response body on plain-http localhost.
 */
export function deliverSession(
  c: Context,
  transport: SessionTransport,
  session: { token: string; expiresAt: Date },
  now: Date,
): { token?: string } {
  if (transport === 'bearer') return { token: session.token }
  setCookie(c, SESSION_COOKIE, session.token, {
    prefix: 'host',
    secure: true,
    httpOnly: true,
    sameSite: 'None',
    partitioned: true,
    path: '/',
    maxAge: Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
  })
  return {}
}

/** Clears the session cookie (sign-out). */
export function clearSession(c: Context, transport: SessionTransport): void {
  if (transport !== 'cookie') return
  deleteCookie(c, SESSION_COOKIE, {
    prefix: 'host',
    secure: true,
    httpOnly: true,
    sameSite: 'None',
    partitioned: true,
    path: '/',
  })
}
