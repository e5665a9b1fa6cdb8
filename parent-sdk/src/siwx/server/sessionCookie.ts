/**
 * The signed-in session a dApp backend keeps in a cookie after a verified sign-in: `{ address, chainId,
 * expiresAt }` (JSON, hex) with an HMAC-SHA256 (Web Crypto) over it, so the browser holds the session but cannot change
 * it. HttpOnly and SameSite=Lax: the page's scripts never read it and other sites' requests do not carry it.
 * @module
 */
import { bytesToHex, hexToBytes, isHex, stringToHex } from 'viem'
import * as z from 'zod/mini'

/** Who is signed in, on which chain, until when (ms since the epoch). */
export type SiwxCookieSession = { address: `0x${string}`; chainId: number; expiresAt: number }

export type SessionCookieOptions = {
  /** The HMAC key: at least 32 characters, kept on the server only. */
  secret: string
  /** Default `keyframe_siwx`. */
  name?: string
  /** The cookie's Max-Age (default 1 day); never past the session's own `expiresAt`. */
  maxAgeSeconds?: number
  /** Adds `Secure` (default true: set false for plain-http development only). */
  secure?: boolean
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number
}

export type SessionCookie = {
  /** A `Set-Cookie` value holding `session`, signed. */
  serialize(session: SiwxCookieSession): Promise<string>
  /** The session in a `Cookie` header, or null when absent, altered, badly signed or expired. */
  read(cookieHeader: string | null | undefined): Promise<SiwxCookieSession | null>
  /** A `Set-Cookie` value that removes the cookie (sign-out). */
  clear(): string
}

const sessionSchema = z.object({
  address: z.templateLiteral(['0x', z.string()]),
  chainId: z.number(),
  expiresAt: z.number(),
})

/**
 * Creates the cookie helper of a dApp backend's sign-in session.
 * @example
 * const cookie = sessionCookie({ secret: process.env.COOKIE_SECRET! })
 * const { address, chainId, data } = await verifier.verify(body, { origin })
 * const expiresAt = Date.parse(data.expirationTime ?? '') || Date.now() + 86_400_000
 * response.headers.append('Set-Cookie', await cookie.serialize({ address, chainId, expiresAt }))
 * // later: const session = await cookie.read(request.headers.get('cookie'))
 */
export function sessionCookie(options: SessionCookieOptions): SessionCookie {
  const { secret, name = 'keyframe_siwx', maxAgeSeconds = 86_400, secure = true, now = Date.now } = options
  if (secret.length < 32) throw new TypeError('sessionCookie: `secret` must be at least 32 characters')
  if (!/^[\w-]+$/.test(name)) throw new TypeError(`sessionCookie: \`name\` "${name}" is not a cookie name`)
  const attributes = `; HttpOnly; SameSite=Lax; Path=/${secure ? '; Secure' : ''}`
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  return {
    async serialize(session) {
      const payload = stringToHex(JSON.stringify(sessionSchema.parse(session))).slice(2)
      const mac = new Uint8Array(
        await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(payload)),
      )
      const maxAge = Math.min(maxAgeSeconds, Math.floor((session.expiresAt - now()) / 1000))
      return `${name}=${payload}.${bytesToHex(mac).slice(2)}; Max-Age=${Math.max(0, maxAge)}${attributes}`
    },
    async read(cookieHeader) {
      const value = cookieValue(cookieHeader ?? '', name)
      const [payload, mac, ...rest] = value?.split('.') ?? []
      if (!payload || !mac || rest.length > 0) return null
      if (!isHex(`0x${payload}`) || !isHex(`0x${mac}`)) return null
      // crypto.subtle.verify compares in constant time.
      const signature = new Uint8Array(hexToBytes(`0x${mac}`))
      if (!(await crypto.subtle.verify('HMAC', await key, signature, new TextEncoder().encode(payload))))
        return null
      const session = sessionSchema.safeParse(parseJson(hexToBytes(`0x${payload}`)))
      return session.success && session.data.expiresAt > now() ? session.data : null
    },
    clear: () => `${name}=; Max-Age=0${attributes}`,
  }
}

function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=')
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim()
  }
  return undefined
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return null
  }
}
