/**
 * The page's sign-in sessions, one per chain and address: in `localStorage` (key `@keyframe/siwx`) so a reload
 * keeps them, or in memory. What is read back is checked: bad JSON, a malformed entry or an expired session is
 * dropped, never thrown, so a stale or tampered entry costs a new sign-in and nothing else. The check is written
 * by hand rather than with zod, whose core would be most of what a sign-in loads. Storage is looked up on first
 * use, not at import (SSR-safe).
 * @module
 */
import type { SiwxMessageData, SiwxSession } from './types.ts'

export const SESSIONS_KEY = '@keyframe/siwx'

/** Where sessions are kept: `localStorage` by default, any same-shaped storage, or `null` for memory only. */
export type SiwxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type SessionStore = {
  /** Keeps `session`, replacing the one of its chain and address. */
  add(session: SiwxSession): void
  /** The live session of `address` on `chainId`, if any. */
  get(chainId: string, address: string): SiwxSession | undefined
  /** Forgets the session of `address` on `chainId`. */
  remove(chainId: string, address: string): void
  /** Replaces every session. */
  set(sessions: readonly SiwxSession[]): void
}

/**
 * A session store over `storage` (`undefined`: the page's `localStorage`, or memory where there is none or it
 * throws, as in a sandboxed frame or Safari's private mode of old; `null`: memory).
 */
export function createSessionStore(storage?: SiwxStorage | null): SessionStore {
  let memory: SiwxSession[] = []
  // Set once the storage refuses a write (full, or blocked): from then on this page keeps sessions in memory.
  let refused = false
  const backing = (): SiwxStorage | null => (refused ? null : storage === undefined ? pageStorage() : storage)

  const read = (): SiwxSession[] => {
    const kept = backing()
    if (!kept) return memory.filter(isLive)
    let json: unknown
    try {
      json = JSON.parse(kept.getItem(SESSIONS_KEY) ?? '[]')
    } catch {
      return []
    }
    if (!Array.isArray(json)) return []
    return json.flatMap((entry) => {
      const session = readSession(entry)
      return session && isLive(session) ? [session] : []
    })
  }
  const write = (sessions: readonly SiwxSession[]) => {
    const kept = backing()
    if (!kept) {
      memory = [...sessions]
      return
    }
    try {
      if (sessions.length === 0) kept.removeItem(SESSIONS_KEY)
      else kept.setItem(SESSIONS_KEY, JSON.stringify(sessions))
    } catch {
      refused = true
      memory = [...sessions]
    }
  }

  return {
    add: (session) =>
      write([
        ...read().filter((kept) => !isSessionOf(kept, session.data.chainId, session.data.accountAddress)),
        session,
      ]),
    get: (chainId, address) => read().find((kept) => isSessionOf(kept, chainId, address)),
    remove: (chainId, address) => write(read().filter((kept) => !isSessionOf(kept, chainId, address))),
    set: (sessions) => write(sessions.filter(isLive)),
  }
}

const REQUIRED = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'issuedAt'] as const
const OPTIONAL = ['expirationTime', 'notBefore', 'requestId', 'statement'] as const

/**
 * The session `value` (read back from storage) holds, with every field's type checked and only the known
 * fields kept; `undefined` when any is missing or of the wrong type.
 */
export function readSession(value: unknown): SiwxSession | undefined {
  if (!isRecord(value) || typeof value.message !== 'string' || !isRecord(value.data)) return undefined
  const { data, message, signature } = value
  if (typeof signature !== 'string' || !signature.startsWith('0x')) return undefined
  const { chainId, version, resources } = data
  if (typeof chainId !== 'string' || !chainId.includes(':') || version !== '1') return undefined
  if (resources !== undefined && !(Array.isArray(resources) && resources.every((r) => typeof r === 'string')))
    return undefined
  const fields: Record<string, unknown> = resources === undefined ? {} : { resources: [...resources] }
  for (const key of [...REQUIRED, ...OPTIONAL]) {
    const field = data[key]
    if (typeof field === 'string') fields[key] = field
    else if (field !== undefined || (REQUIRED as readonly string[]).includes(key)) return undefined
  }
  return { data: fields as SiwxMessageData, message, signature: signature as `0x${string}` }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether `session` has not expired at `now` (a session without expirationTime lives until revoked). */
export function isLive(session: SiwxSession, now = Date.now()): boolean {
  const { expirationTime } = session.data
  if (expirationTime === undefined) return true
  const expires = Date.parse(expirationTime)
  return !Number.isNaN(expires) && expires > now
}

/** Whether `session` is of `address` on `chainId` (eip155 addresses compare without their checksum case). */
export function isSessionOf(session: SiwxSession, chainId: string, address: string): boolean {
  return (
    session.data.chainId === chainId && session.data.accountAddress.toLowerCase() === address.toLowerCase()
  )
}

// A server runtime may have a `localStorage` global that is no working Storage (Node's web storage without a file).
function pageStorage(): SiwxStorage | null {
  try {
    const storage = globalThis.localStorage
    return typeof storage?.getItem === 'function' ? storage : null
  } catch {
    return null
  }
}
