import * as z from 'zod/mini'

const claims = z.object({ iss: z.string().check(z.minLength(1), z.maxLength(200)) })

/**
 * Who is connecting: the `iss` of the `?auth=` JWT a WalletConnect client signs with its persistent key
 * (`did:key:…`), so a client that reconnects is the same client (its own messages are not sent back to it,
 * nor again what it acknowledged). The signature is not checked: this relay is for development and tests.
 * Without a readable JWT, each connection is its own client (`fallback`).
 */
export function clientOf(requestUrl: string | undefined, fallback: string): string {
  const auth = new URL(requestUrl ?? '/', 'ws://relay').searchParams.get('auth')
  const payload = auth?.split('.')[1]
  if (!payload) return fallback
  try {
    const parsed = claims.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data.iss : fallback
  } catch {
    return fallback
  }
}
