/**
 * Envelope encryption (SECURITY.md §1): each record gets its own random 256-bit data key; the record is
 * AES-256-GCM encrypted under it, and the data key is AES-256-GCM wrapped under a key-encryption key that
 * lives outside the database. The context (e.g. `auth_share|<wallet>|<device>`) is authenticated on both layers,
 * so a ciphertext moved to another row does not open.
 *
 * Format: `v1.<keyId>.<wrap iv>.<wrapped key+tag>.<iv>.<ciphertext+tag>`, base64url parts.
 * @module
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { KeyRef } from './keys.ts'

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const fromB64u = (text: string) => Buffer.from(text, 'base64url')

function gcmSeal(key: Buffer, plaintext: Uint8Array, aad: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
  return { iv, body }
}

function gcmOpen(key: Buffer, iv: Buffer, body: Buffer, aad: string): Buffer {
  if (iv.length !== 12 || body.length < 16) throw new EnvelopeError('Malformed envelope')
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(body.subarray(body.length - 16))
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()])
  } catch (cause) {
    throw new EnvelopeError('Envelope authentication failed', { cause })
  }
}

/** An envelope that cannot be opened: wrong key, wrong context, tampered or malformed. Carries no secret. */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError'
}

/**
 * Encrypts `plaintext` under a fresh data key wrapped by `kek`.
 * @example
 * const sealed = sealEnvelope(secrets.kek, share, `auth_share|${walletId}|${deviceId}`)
 */
export function sealEnvelope(kek: KeyRef, plaintext: Uint8Array, context: string): string {
  const dataKey = randomBytes(32)
  try {
    const wrapped = gcmSeal(kek.key, dataKey, `keyframe/dek/v1|${kek.id}|${context}`)
    const data = gcmSeal(dataKey, plaintext, `keyframe/data/v1|${context}`)
    return ['v1', kek.id, b64u(wrapped.iv), b64u(wrapped.body), b64u(data.iv), b64u(data.body)].join('.')
  } finally {
    dataKey.fill(0)
  }
}

/** The key id an envelope was sealed under. */
export function envelopeKeyId(envelope: string): string {
  return envelope.split('.')[1] ?? ''
}

/**
 * Opens an envelope sealed by {@link sealEnvelope} with the same key and context.
 * @throws EnvelopeError when the key id differs, the context differs, or anything was altered.
 */
export function openEnvelope(kek: KeyRef, envelope: string, context: string): Buffer {
  const parts = envelope.split('.')
  if (parts.length !== 6 || parts[0] !== 'v1') throw new EnvelopeError('Malformed envelope')
  const [, keyId, wrapIv, wrapBody, iv, body] = parts as [string, string, string, string, string, string]
  if (keyId !== kek.id) throw new EnvelopeError(`Envelope sealed under key "${keyId}", not "${kek.id}"`)
  const dataKey = gcmOpen(
    kek.key,
    fromB64u(wrapIv),
    fromB64u(wrapBody),
    `keyframe/dek/v1|${kek.id}|${context}`,
  )
  try {
    if (dataKey.length !== 32) throw new EnvelopeError('Malformed envelope')
    return gcmOpen(dataKey, fromB64u(iv), fromB64u(body), `keyframe/data/v1|${context}`)
  } finally {
    dataKey.fill(0)
  }
}
