/**
 * `/getWallets` over the catalogue: filters, then one page. Filters combine (all must hold); `count` is the
 * number of matches before paging.
 * @module
 */
import type { CatalogueWallet } from '@keyframe/protocol/chain-api/catalogue'
import { WALLETS_DEFAULT_ENTRIES } from '@keyframe/protocol/chain-api/catalogue'

export type FindWalletsParameters = {
  /** From 1 (default 1). */
  page?: number
  /** Per page (default 40; the endpoint caps it at 100). */
  entries?: number
  /** Part of the name: trimmed, case-insensitive; empty matches all. */
  search?: string
  /** Only these ids. */
  include?: readonly string[]
  /** Not these ids. */
  exclude?: readonly string[]
  /** Wallets supporting any of these CAIP-2 networks. */
  chains?: readonly string[]
  badgeType?: 'none' | 'certified'
}

/** `a, b,,c` → `['a', 'b', 'c']`; undefined for an absent or empty list (no filter). */
export function commaList(text: string | undefined): string[] | undefined {
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  return items.length > 0 ? items : undefined
}

/** One page of the wallets matching every filter, in catalogue order, each id once. */
export function findWallets(
  wallets: readonly CatalogueWallet[],
  parameters: FindWalletsParameters,
): { data: CatalogueWallet[]; count: number } {
  const search = parameters.search?.trim().toLowerCase() ?? ''
  const include = parameters.include ? new Set(parameters.include) : undefined
  const exclude = new Set(parameters.exclude ?? [])
  const chains = parameters.chains ? new Set(parameters.chains) : undefined
  const seen = new Set<string>()
  const matches = wallets.filter((wallet) => {
    if (seen.has(wallet.id)) return false
    seen.add(wallet.id)
    if (include && !include.has(wallet.id)) return false
    if (exclude.has(wallet.id)) return false
    if (search && !wallet.name.toLowerCase().includes(search)) return false
    if (chains && !wallet.chains.some((chain) => chains.has(chain))) return false
    if (parameters.badgeType && wallet.badge_type !== parameters.badgeType) return false
    return true
  })
  const entries = parameters.entries ?? WALLETS_DEFAULT_ENTRIES
  const start = ((parameters.page ?? 1) - 1) * entries
  return { data: matches.slice(start, start + entries), count: matches.length }
}
