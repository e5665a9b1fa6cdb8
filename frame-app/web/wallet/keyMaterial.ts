/**
 * In-memory cache of auth shares released by the server, so a burst of signing requests needs one
 * release, not one each (SECURITY.md §1: memory only, never storage, at most 15 idle minutes). An entry
 * expires `idleMs` after it was last stored or read: a timer zeroes and drops it, and every read checks
 * the clock too, so a timer delayed by a sleeping tab cannot stretch its life.
 * @module
 */

/** The longest idle time SECURITY.md allows an auth share to stay in memory. */
export const MAX_AUTH_SHARE_IDLE_MS = 15 * 60 * 1000

/** A per-frame cache of auth shares, keyed by wallet id. */
export type KeyMaterialCache = {
  /**
   * Stores a copy of `share` for `walletId` (the caller may zero its own), restarting its idle time.
   * @throws TypeError when `share` is not non-empty bytes.
   */
  set(walletId: string, share: Uint8Array): void
  /**
   * A copy of the cached share of `walletId`, restarting its idle time; undefined when absent or idle
   * for `idleMs` or longer. The caller zeroes the copy after use.
   */
  get(walletId: string): Uint8Array | undefined
  /** Zeroes and drops the share of `walletId` (device revoked, signing failed its check). Never throws. */
  delete(walletId: string): void
  /** Zeroes and drops every share (logout, teardown). */
  clear(): void
  /** How many shares are cached (expired ones included until their timer or a read drops them). */
  readonly size: number
}

type Entry = { share: Uint8Array; lastUsed: number; timer: ReturnType<typeof setTimeout> }

/**
 * Creates an empty cache. The frame holds one per page; nothing is shared between instances.
 * @param options.idleMs Idle lifetime, {@link MAX_AUTH_SHARE_IDLE_MS} (15 min) by default.
 * @param options.now Clock in ms, `Date.now` by default (injectable for tests).
 * @throws RangeError when `idleMs` is not a positive number of at most 15 minutes.
 * @example
 * ```ts
 * import { createKeyMaterialCache } from './keyMaterial.ts'
 * const cache = createKeyMaterialCache()
 * cache.set(walletId, authShare)
 * const share = cache.get(walletId) ?? (await releaseAuthShare())
 * ```
 */
export function createKeyMaterialCache(
  options: { idleMs?: number; now?: () => number } = {},
): KeyMaterialCache {
  const idleMs = options.idleMs ?? MAX_AUTH_SHARE_IDLE_MS
  // Looked up on each call, so that a clock installed later (a test's fake timers) is the one read.
  const now = options.now ?? (() => Date.now())
  if (!(idleMs > 0 && idleMs <= MAX_AUTH_SHARE_IDLE_MS))
    throw new RangeError(`expected idleMs in (0, ${MAX_AUTH_SHARE_IDLE_MS}], got ${idleMs}`)

  const entries = new Map<string, Entry>()

  const drop = (walletId: string) => {
    const entry = entries.get(walletId)
    if (!entry) return
    clearTimeout(entry.timer)
    entry.share.fill(0)
    entries.delete(walletId)
  }

  const touch = (walletId: string, entry: Entry) => {
    clearTimeout(entry.timer)
    entry.lastUsed = now()
    entry.timer = setTimeout(() => drop(walletId), idleMs)
  }

  return {
    set(walletId, share) {
      if (!(share instanceof Uint8Array) || share.length === 0)
        throw new TypeError('expected the auth share as non-empty bytes')
      drop(walletId)
      const entry: Entry = { share: new Uint8Array(share), lastUsed: 0, timer: 0 as never }
      entries.set(walletId, entry)
      touch(walletId, entry)
    },
    get(walletId) {
      const entry = entries.get(walletId)
      if (!entry) return undefined
      if (now() - entry.lastUsed >= idleMs) {
        drop(walletId)
        return undefined
      }
      touch(walletId, entry)
      return new Uint8Array(entry.share)
    },
    delete: drop,
    clear() {
      for (const walletId of [...entries.keys()]) drop(walletId)
    },
    get size() {
      return entries.size
    },
  }
}
