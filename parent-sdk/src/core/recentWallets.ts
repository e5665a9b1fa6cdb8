/**
 * Recent wallets (SPEC §3, §9): the last wallets connected, newest first, at most RECENT_WALLETS_MAX, kept
 * in the instance's storage under `@keyframe/recent_wallets`.
 * @module
 */
import { RECENT_WALLETS_MAX } from '@keyframe/protocol/core'
import type { Keyframe } from './createKeyframe.ts'
import type { LoginCacheStorage } from './loginCache.ts'

export const RECENT_WALLETS_KEY = '@keyframe/recent_wallets'

/** A wallet connected lately (SPEC §3: id and name). */
export type RecentWallet = { readonly id: string; readonly name: string }

function isRecentWallet(value: unknown): value is RecentWallet {
  const { id, name } = (value ?? {}) as { id?: unknown; name?: unknown }
  return typeof id === 'string' && id !== '' && typeof name === 'string'
}

function read(storage: LoginCacheStorage): RecentWallet[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENT_WALLETS_KEY) ?? '[]')
    return Array.isArray(value)
      ? value
          .filter(isRecentWallet)
          .map(({ id, name }) => ({ id, name }))
          .slice(0, RECENT_WALLETS_MAX)
      : []
  } catch {
    // Blocked storage or a value that is not ours: no recent wallets.
    return []
  }
}

/**
 * The wallets connected lately, newest first (at most 2).
 * @example
 * import { getRecentWallets } from '@keyframe/sdk'
 * getRecentWallets(kf) // [{ id: 'injected:io.metamask', name: 'MetaMask' }]
 */
export function getRecentWallets(kf: Keyframe): readonly RecentWallet[] {
  return read(kf._internal.storage)
}

/** Puts `wallet` first in the recent wallets (once), keeping at most 2. @internal */
export function addRecentWallet(kf: Keyframe, wallet: RecentWallet) {
  const next = [
    { id: wallet.id, name: wallet.name },
    ...read(kf._internal.storage).filter((w) => w.id !== wallet.id),
  ].slice(0, RECENT_WALLETS_MAX)
  try {
    kf._internal.storage.setItem(RECENT_WALLETS_KEY, JSON.stringify(next))
  } catch {
    // A full or blocked storage only loses the "Recent" label.
  }
}
