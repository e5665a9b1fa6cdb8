import { createHash, randomBytes } from 'node:crypto'

/** A new session token: 256 random bits, base64url (43 characters). */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps of a session token: SHA-256, hex. A dump alone cannot be replayed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
