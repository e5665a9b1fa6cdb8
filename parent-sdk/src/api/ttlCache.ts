/**
 * The clients' cache (SPEC §9: portfolio 30 s, native balance 30 s, names 5 min, identity 5 min): values kept
 * for a time to live, and one load per key at a time, shared by everyone who asks meanwhile. Failures are not
 * kept. Each chain API instance owns one (no module state).
 * @module
 */

export type TtlCacheOptions = {
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number
  /** Entries kept at most; expired ones go first, then the oldest. Default 1000. */
  maxEntries?: number
}

export type CacheGetOptions = {
  /** Skip a fresh value and any load under way: load again, and keep the result (`forceUpdate`). */
  force?: boolean | undefined
  /**
   * Stops waiting: this call rejects with the signal's reason. The shared load is aborted only when every
   * caller waiting on it has aborted.
   */
  signal?: AbortSignal | undefined
}

export type TtlCache = {
  /**
   * The value of `key`: the cached one while younger than `ttlMs`, else the load under way, else a new
   * `load(signal)`, whose result is kept for `ttlMs`.
   */
  get<T>(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<T>,
    options?: CacheGetOptions,
  ): Promise<T>
  /** Forgets `key` (a later `get` loads again). */
  delete(key: string): void
  /** Forgets everything. */
  clear(): void
}

type Flight = { promise: Promise<unknown>; controller: AbortController; waiters: number }

/**
 * Creates an empty cache.
 * @example
 * const cache = createTtlCache()
 * const balance = await cache.get(`balance:${address}`, PORTFOLIO_CACHE_MS, (signal) => fetchBalance(signal))
 */
export function createTtlCache(options: TtlCacheOptions = {}): TtlCache {
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 1000
  const values = new Map<string, { value: unknown; expires: number }>()
  const flights = new Map<string, Flight>()

  function keep(key: string, value: unknown, ttlMs: number) {
    values.delete(key)
    values.set(key, { value, expires: now() + ttlMs })
    if (values.size <= maxEntries) return
    const t = now()
    for (const [k, entry] of values) if (entry.expires <= t) values.delete(k)
    // Map order is insertion order, and `keep` re-inserts: the first keys are the oldest.
    for (const k of values.keys()) {
      if (values.size <= maxEntries) break
      values.delete(k)
    }
  }

  function start<T>(key: string, ttlMs: number, load: (signal: AbortSignal) => Promise<T>): Flight {
    const controller = new AbortController()
    const flight: Flight = { promise: Promise.resolve(), controller, waiters: 0 }
    flight.promise = (async () => {
      try {
        const value = await load(controller.signal)
        // A forced load that started later owns the key: an older answer must not overwrite its value.
        if (flights.get(key) === flight) keep(key, value, ttlMs)
        return value
      } finally {
        if (flights.get(key) === flight) flights.delete(key)
      }
    })()
    flights.set(key, flight)
    return flight
  }

  function wait<T>(flight: Flight, signal: AbortSignal | undefined): Promise<T> {
    flight.waiters++
    const promise = flight.promise as Promise<T>
    if (!signal) return promise
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        flight.waiters--
        if (flight.waiters === 0) flight.controller.abort(signal.reason)
        reject(signal.reason)
      }
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort)
          resolve(value)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(error)
        },
      )
    })
  }

  return {
    get(key, ttlMs, load, { force, signal } = {}) {
      if (!force) {
        const entry = values.get(key)
        if (entry && entry.expires > now()) return Promise.resolve(entry.value as never)
        const flight = flights.get(key)
        if (flight && !flight.controller.signal.aborted) return wait(flight, signal)
      }
      return wait(start(key, ttlMs, load), signal)
    },
    delete(key) {
      values.delete(key)
      flights.delete(key)
    },
    clear() {
      values.clear()
      flights.clear()
    },
  }
}
