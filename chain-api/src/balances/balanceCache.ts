/**
 * The balances endpoint's short memory (spec §9: portfolio 30 s): one answer per account and chain, kept for
 * {@link BALANCE_CACHE_MS}, bounded in size so that scanning many addresses cannot grow it without end.
 * Per process: several chain-api processes each keep their own, which only means a few more chain reads.
 * @module
 */
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'

export const BALANCE_CACHE_MS = 30_000
/** Entries kept at most; the oldest go first. */
export const BALANCE_CACHE_ENTRIES = 10_000

export type BalanceCache = {
  /** The answer stored for `key` less than {@link BALANCE_CACHE_MS} before `now`, if any. */
  get(key: string, now: Date): TokenBalance[] | undefined
  set(key: string, balances: TokenBalance[], now: Date): void
}

/** An empty cache (one per app). */
export function createBalanceCache(
  ttlMs = BALANCE_CACHE_MS,
  maxEntries = BALANCE_CACHE_ENTRIES,
): BalanceCache {
  // A Map iterates in insertion order; set() re-inserts, so the first key is always the oldest.
  const entries = new Map<string, { at: number; balances: TokenBalance[] }>()
  return {
    get(key, now) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (now.getTime() - entry.at >= ttlMs || now.getTime() < entry.at) {
        entries.delete(key)
        return undefined
      }
      return entry.balances
    },
    set(key, balances, now) {
      entries.delete(key)
      entries.set(key, { at: now.getTime(), balances })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        entries.delete(oldest.value)
      }
    },
  }
}
