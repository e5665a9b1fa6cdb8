/**
 * Where the frame keeps its session token on plain-http localhost, the one place the server hands one out
 * (over HTTPS the session is an HttpOnly `__Host-` cookie that script never sees, and this store stays
 * empty). The frame origin's localStorage: partitioned by top-level site like the device store, and never
 * readable by the dApp page.
 * @module
 */

/** The storage key, on the frame's origin. */
export const TOKEN_KEY = 'keyframe:session'

export type TokenStore = {
  get(): string | undefined
  set(token: string): void
  clear(): void
}

/** A token store over `storage` (the frame window's localStorage); storage failures read as no token. */
export function createTokenStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
): TokenStore {
  return {
    get() {
      try {
        return storage?.getItem(TOKEN_KEY) ?? undefined
      } catch {
        return undefined
      }
    },
    set(token) {
      try {
        storage?.setItem(TOKEN_KEY, token)
      } catch {}
    },
    clear() {
      try {
        storage?.removeItem(TOKEN_KEY)
      } catch {}
    },
  }
}
