/**
 * `GET /v1/profile/account/{name}`: a registered name and its addresses, kept 5 min (SPEC §9 ENS cache).
 * @module
 */

import { lookupName as endpoint, type NameAccount } from '@keyframe/protocol/chain-api/names'
import { ENS_CACHE_MS } from '@keyframe/protocol/core'
import { ChainApiError } from './chainApiError.ts'
import type { ChainApi } from './createChainApi.ts'

export type LookupNameParameters = {
  /** A full name (`alice.keyframe.id`) or a label of the server's suffix (`alice`). */
  name: string
  /** Skip the cache. */
  forceUpdate?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** The cache key of a name lookup. */
export function nameKey(name: string): string {
  return `name:${name.toLowerCase()}`
}

/**
 * The name's account, or null when the name is not registered (chain-api's 404).
 * @example
 * const account = await lookupName(api, { name: 'alice.keyframe.id' })
 * const address = account?.addresses[String(0x80000000 | 1)]?.address
 */
export function lookupName(api: ChainApi, parameters: LookupNameParameters): Promise<NameAccount | null> {
  const { name, forceUpdate, signal } = parameters
  return api.cache.get(
    nameKey(name),
    ENS_CACHE_MS,
    async (loadSignal) => {
      try {
        return await api.request(endpoint, {
          params: { name },
          query: { apiVersion: '2' },
          signal: loadSignal,
        })
      } catch (error) {
        if (error instanceof ChainApiError && error.status === 404) return null
        throw error
      }
    },
    { force: forceUpdate, signal },
  )
}
