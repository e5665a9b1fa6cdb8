/**
 * Device proof of possession (SECURITY.md §0 "knowing a code is not owning a device"; the format is the
 * protocol's, `@keyframe/protocol/frame-api/deviceProof`). A request to a `device` route carries a single-use
 * server nonce and an ECDSA P-256 signature, by the device's non-extractable key, over its method, path, body
 * hash and that nonce. `requireDeviceProof` checks it against the session's bound device key, or (login) the
 * key the body names; a session token, a code or a replayed request alone is refused.
 * @module
 */
import {
  createHash,
  createHmac,
  createPublicKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
  verify,
} from 'node:crypto'
import {
  DEVICE_NONCE_HEADER,
  DEVICE_NONCE_TTL_MS,
  DEVICE_SIGNATURE_HEADER,
  deviceNonce,
  deviceProofMessage,
} from '@keyframe/protocol/frame-api/deviceProof'
import { devicePublicKey } from '@keyframe/protocol/frame-api/fields'
import { fail } from '@keyframe/server-kit'
import type { Context, MiddlewareHandler } from 'hono'
import type { ServerContext } from '../context.ts'
import { deviceNonces } from '../db/schema/deviceNonces.ts'
import { readSession, type SessionInfo } from './session.ts'

export type DeviceProofVariables = { session: SessionInfo; deviceProven: true }

/**
 * A nonce's MAC: HMAC-SHA-256 under a key derived from the pepper, truncated to 16 bytes. Issuing a nonce
 * writes nothing (an anonymous caller cannot fill the database); only its use is recorded.
 */
function nonceMac(ctx: ServerContext, body: Buffer): Buffer {
  const key = createHmac('sha256', ctx.secrets.pepper).update('keyframe device nonce v1').digest()
  return createHmac('sha256', key).update(body).digest().subarray(0, 16)
}

/** Issues a nonce for one device-signed request: 16 random bytes ‖ its expiry (ms, 8 bytes) ‖ its MAC. */
export function issueNonce(ctx: ServerContext): { nonce: string; expiresAt: string } {
  const expiresAt = new Date(ctx.now().getTime() + DEVICE_NONCE_TTL_MS)
  const body = Buffer.alloc(24)
  randomBytes(16).copy(body)
  body.writeBigUInt64BE(BigInt(expiresAt.getTime()), 16)
  const nonce = Buffer.concat([body, nonceMac(ctx, body)]).toString('base64url')
  return { nonce, expiresAt: expiresAt.toISOString() }
}

/** The expiry of a nonce this server issued, or null (not one of ours, or tampered). */
function nonceExpiry(ctx: ServerContext, nonce: string): Date | null {
  const bytes = Buffer.from(nonce, 'base64url')
  if (bytes.length !== 40) return null
  const body = bytes.subarray(0, 24)
  if (!timingSafeEqual(bytes.subarray(24), nonceMac(ctx, body))) return null
  return new Date(Number(body.readBigUInt64BE(16)))
}

/** A raw uncompressed P-256 public key (base64url of `0x04 || x || y`) as a key object; null if it is not one. */
export function deviceKeyObject(raw: string): KeyObject | null {
  const bytes = Buffer.from(raw, 'base64url')
  if (bytes.length !== 65 || bytes[0] !== 0x04) return null
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
  } catch {
    return null
  }
}

function refuse(): never {
  fail(403, 'device_proof_invalid', 'This request must be signed by this device')
}

/**
 * Checks the request's device proof against `publicKey` and uses up its nonce: one of ours, unexpired, and
 * never used before on any instance (its use is a row of `device_nonces`, kept until it expires). The
 * signature is checked first, so a forged request records nothing.
 */
async function checkDeviceProof(c: Context, ctx: ServerContext, publicKey: string | null): Promise<void> {
  const nonce = c.req.header(DEVICE_NONCE_HEADER)
  const signature = c.req.header(DEVICE_SIGNATURE_HEADER)
  if (!publicKey || !nonce || !signature || !deviceNonce.safeParse(nonce).success) refuse()
  if (!/^[A-Za-z0-9_-]{86}$/.test(signature)) refuse()
  const now = ctx.now()
  const expiresAt = nonceExpiry(ctx, nonce)
  if (!expiresAt || expiresAt.getTime() <= now.getTime()) refuse()
  const key = deviceKeyObject(publicKey)
  if (!key) refuse()
  // The raw bytes: hono keeps them for the body validator that runs after this.
  const body = new Uint8Array(await c.req.arrayBuffer())
  const message = deviceProofMessage({
    method: c.req.method,
    path: c.req.path,
    bodySha256: createHash('sha256').update(body).digest(),
    nonce,
  })
  const valid = verify(
    'sha256',
    message,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) refuse()
  const used = await ctx.db
    .insert(deviceNonces)
    .values({ nonce, createdAt: now, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: deviceNonces.nonce })
  if (used.length === 0) refuse()
}

/** The `devicePublicKey` of a JSON body, or null. */
async function keyInBody(c: Context): Promise<string | null> {
  try {
    const parsed = devicePublicKey.safeParse(
      (JSON.parse(await c.req.text()) as { devicePublicKey?: unknown })?.devicePublicKey,
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * Ends the request with 403 `device_proof_invalid` unless it is signed by the device: the session's bound
 * device (`key: 'session'`, default; 401 without a session) or the key its JSON body names (`'body'`, login).
 * Runs before the body validator. Applying it twice to one request checks it once.
 * @example
 * .get('/shares/device/:deviceId', requireSession(ctx), requireDeviceProof(ctx), handler)
 */
export function requireDeviceProof(
  ctx: ServerContext,
  key: 'session' | 'body' = 'session',
): MiddlewareHandler<{ Variables: DeviceProofVariables }> {
  return async (c, next) => {
    if (c.get('deviceProven')) return next()
    if (ctx.deviceProof === 'off') return next()
    let publicKey: string | null
    if (key === 'body') publicKey = await keyInBody(c)
    else {
      const session = c.get('session') ?? (await readSession(c, ctx))
      if (!session) fail(401, 'unauthorized', 'Session expired')
      c.set('session', session)
      publicKey = session.devicePublicKey
    }
    await checkDeviceProof(c, ctx, publicKey)
    c.set('deviceProven', true)
    await next()
  }
}
