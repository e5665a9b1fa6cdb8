/**
 * `GET /getWallets`: a page of the wallet catalogue (SPEC §7 catalogue host).
 * @module
 */
import { type CatalogueWallet, getWallets as endpoint } from '@keyframe/protocol/chain-api/catalogue'
import type { ChainApi } from './createChainApi.ts'

export type GetWalletsParameters = {
  /** From 1. Default 1. */
  page?: number | undefined
  /** Entries per page, at most 100. Default 40. */
  entries?: number | undefined
  /** Part of a wallet's name (trimmed, any case). */
  search?: string | undefined
  /** Only these wallet ids. */
  include?: readonly string[] | undefined
  /** Not these wallet ids. */
  exclude?: readonly string[] | undefined
  /** Only wallets supporting one of these CAIP-2 networks. */
  chains?: readonly string[] | undefined
  badgeType?: 'none' | 'certified' | undefined
  signal?: AbortSignal | undefined
}

/** An empty list is left out: chain-api would read `include=` as "no filter" anyway. */
function list(values: readonly string[] | undefined): string | undefined {
  return values && values.length > 0 ? values.join(',') : undefined
}

/**
 * The page's wallets and `count`, the number of all matches.
 * @example
 * const { data, count } = await getWallets(api, { page: 1, entries: 40, chains: ['eip155:1'] })
 */
export function getWallets(
  api: ChainApi,
  parameters: GetWalletsParameters = {},
): Promise<{ data: CatalogueWallet[]; count: number }> {
  const { page, entries, search, include, exclude, chains, badgeType, signal } = parameters
  return api.request(endpoint, {
    query: {
      page: page === undefined ? undefined : String(page),
      entries: entries === undefined ? undefined : String(entries),
      search,
      include: list(include),
      exclude: list(exclude),
      chains: list(chains),
      badge_type: badgeType,
    },
    signal,
  })
}
