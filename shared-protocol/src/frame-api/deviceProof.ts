/**
 * Device proof of possession (SECURITY.md §0: knowing a code is not owning a device). A request to a route
 * whose `auth` is `device` carries a fresh ECDSA P-256 (SHA-256) signature, by the frame's non-extractable
 * device key, over its method, path, the SHA-256 of its body and a single-use server nonce that expires in
 * a minute: a session token, a code or a replayed request alone opens nothing.
 * @module
 */
import * as z from 'zod/mini'
import { frameRoute } from './route.ts'

/** The header holding the nonce the signature covers. */
export const DEVICE_NONCE_HEADER = 'keyframe-device-nonce'
/** The header holding the signature: 64 bytes `r || s`, base64url without padding. */
export const DEVICE_SIGNATURE_HEADER = 'keyframe-device-signature'
/** How long a nonce can be used, once. */
export const DEVICE_NONCE_TTL_MS = 60_000

/** A nonce as the server issues it: 40 bytes (opaque to the frame), base64url without padding. */
export const deviceNonce = z.string().check(z.regex(/^[A-Za-z0-9_-]{54}$/, 'Invalid nonce'))

/** A single-use nonce for the next device-signed request. */
export const issueDeviceNonce = frameRoute({
  method: 'POST',
  path: '/api/auth/nonce',
  auth: 'public',
  response: z.object({ nonce: deviceNonce, expiresAt: z.iso.datetime() }),
})

/** What a device signs, as UTF-8: one line each for a version tag, method, path, body SHA-256 (hex) and nonce. */
export function deviceProofMessage(parts: {
  method: string
  path: string
  bodySha256: Uint8Array
  nonce: string
}): Uint8Array<ArrayBuffer> {
  const hash = Array.from(parts.bodySha256, (byte) => byte.toString(16).padStart(2, '0')).join('')
  const text = ['keyframe-device-proof/1', parts.method.toUpperCase(), parts.path, hash, parts.nonce].join(
    '\n',
  )
  return new TextEncoder().encode(text)
}

/**
 * The proof headers of one request to a `device` route, as every client of the frame API signs it: the
 * SHA-256 of the exact body string sent (empty without one), {@link deviceProofMessage} over it, and `sign`'s
 * signature with the device key (WebCrypto ECDSA P-256 / SHA-256: raw `r || s`).
 * @example
 * const headers = await deviceProofHeaders({ method, path, body, nonce }, (m) => store.signWithDevice(m))
 */
export async function deviceProofHeaders(
  request: { method: string; path: string; body: string | undefined; nonce: string },
  sign: (message: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>,
): Promise<Record<string, string>> {
  const { method, path, nonce } = request
  const bodySha256 = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(request.body ?? '')),
  )
  const signature = await sign(deviceProofMessage({ method, path, bodySha256, nonce }))
  return { [DEVICE_NONCE_HEADER]: nonce, [DEVICE_SIGNATURE_HEADER]: base64url(signature) }
}

/** Base64url without padding (the signature header). */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
