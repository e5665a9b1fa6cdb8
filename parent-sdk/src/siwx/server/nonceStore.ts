/**
 * Where the verifier keeps the nonces it issued until they are used once or expire. The memory store serves
 * one process; a backend with several instances passes a shared one (Redis, a database row per nonce).
 * @module
 */

/** Issued nonces: `consume` answers true once per nonce, only before its expiry. */
export type NonceStore = {
  /** Remembers `nonce` until `expiresAt` (ms since the epoch). */
  add(nonce: string, expiresAt: number): Promise<void>
  /** Forgets `nonce` and answers whether it was issued and not yet expired (true at most once). */
  consume(nonce: string): Promise<boolean>
}

export type MemoryNonceStoreOptions = {
  /** Most nonces held at once (default 100 000): past it the oldest go, so a flood of GETs cannot fill memory. */
  max?: number
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number
}

/**
 * A {@link NonceStore} in this process's memory: bounded (oldest dropped first), and every `add` sweeps the
 * expired nonces at the old end (issued with one TTL, they expire in issue order).
 * @example
 * const verifier = createSiwxVerifier({ getClient, origins, nonces: createMemoryNonceStore({ max: 10_000 }) })
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): NonceStore {
  const { max = 100_000, now = Date.now } = options
  // Insertion order is issue order, so the first entries are the oldest.
  const nonces = new Map<string, number>()
  const sweep = (time: number) => {
    for (const [nonce, expiresAt] of nonces) {
      if (expiresAt > time) return
      nonces.delete(nonce)
    }
  }
  return {
    async add(nonce, expiresAt) {
      sweep(now())
      while (nonces.size >= max) nonces.delete(nonces.keys().next().value as string)
      nonces.set(nonce, expiresAt)
    },
    async consume(nonce) {
      const expiresAt = nonces.get(nonce)
      nonces.delete(nonce)
      return expiresAt !== undefined && expiresAt > now()
    },
  }
}
