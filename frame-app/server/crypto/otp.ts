/**
 * One-time codes (SECURITY.md §2): 6 digits from a CSPRNG, stored only as HMAC(pepper, challenge id ‖ code),
 * compared in constant time.
 * @module
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { pepperFor, type ServerSecrets } from './keys.ts'

/** A uniformly random 6-digit code, zero-padded (`crypto.randomInt` draws without modulo bias). */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** A 256-bit approval token for links (VERIFY_DEVICE), base64url. */
export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url')
}

/** HMAC-SHA-256 of the code bound to its challenge, hex. */
export function hashCode(secrets: ServerSecrets, challengeId: string, code: string): string {
  return createHmac('sha256', pepperFor(secrets, 'otp')).update(`${challengeId}\n${code}`).digest('hex')
}

/** Whether `code` is the one hashed into `storedHash` for this challenge; constant time in the code. */
export function codeMatches(secrets: ServerSecrets, challengeId: string, code: string, storedHash: string) {
  const actual = Buffer.from(hashCode(secrets, challengeId, code), 'hex')
  const expected = Buffer.from(storedHash, 'hex')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** HMAC of a normalized e-mail address: the key of per-address state that must not hold the address. */
export function hashEmail(secrets: ServerSecrets, email: string): string {
  return createHmac('sha256', pepperFor(secrets, 'email')).update(email).digest('hex')
}
