/**
 * `GET /v1/identity/{address}`: the name and avatar of an address, kept 5 min (SPEC §9 identity cache).
 * @module
 */

import { getIdentity as endpoint, type Identity } from '@keyframe/protocol/chain-api/names'
import { IDENTITY_CACHE_MS } from '@keyframe/protocol/core'
import type { ChainApi } from './createChainApi.ts'

export type GetIdentityParameters = {
  /** The address to name (0x). */
  address: string
  /** The connected account asking (0x), if any. */
  sender?: string | undefined
  /** Skip the cache. */
  forceUpdate?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** The cache key of an address's identity (the answer does not depend on who asks). */
export function identityKey(address: string): string {
  return `identity:${address.toLowerCase()}`
}

/**
 * The address's name and avatar, each null when it has none.
 * @example
 * const { name, avatar } = await getIdentity(api, { address: '0x…' })
 */
export function getIdentity(api: ChainApi, parameters: GetIdentityParameters): Promise<Identity> {
  const { address, sender, forceUpdate, signal } = parameters
  return api.cache.get(
    identityKey(address),
    IDENTITY_CACHE_MS,
    (loadSignal) => api.request(endpoint, { params: { address }, query: { sender }, signal: loadSignal }),
    { force: forceUpdate, signal },
  )
}
