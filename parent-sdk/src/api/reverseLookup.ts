/**
 * `GET /v1/profile/reverse/{address}`: the names holding an address, kept 5 min (SPEC §9 ENS cache).
 * @module
 */

import { reverseLookup as endpoint, type NameAccount } from '@keyframe/protocol/chain-api/names'
import { ENS_CACHE_MS } from '@keyframe/protocol/core'
import type { ChainApi } from './createChainApi.ts'

export type ReverseLookupParameters = {
  /** The address (0x). */
  address: string
  /** The connected account asking (0x), if any. */
  sender?: string | undefined
  /** Skip the cache. */
  forceUpdate?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** The cache key of a reverse lookup. */
export function reverseKey(address: string): string {
  return `reverse:${address.toLowerCase()}`
}

/**
 * The names of the address, most recently updated first; `[]` when none.
 * @example
 * const [primary] = await reverseLookup(api, { address: '0x…' })
 */
export function reverseLookup(api: ChainApi, parameters: ReverseLookupParameters): Promise<NameAccount[]> {
  const { address, sender, forceUpdate, signal } = parameters
  return api.cache.get(
    reverseKey(address),
    ENS_CACHE_MS,
    (loadSignal) =>
      api.request(endpoint, { params: { address }, query: { sender, apiVersion: '2' }, signal: loadSignal }),
    { force: forceUpdate, signal },
  )
}
