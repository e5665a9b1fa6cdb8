/**
 * `GET /v1/supported-chains`: the networks this chain-api serves. Fetched once per instance and kept (the
 * list changes only with chain-api's configuration); the other calls use it to skip unsupported networks.
 * @module
 */
import { getSupportedChains as endpoint, type SupportedChains } from '@keyframe/protocol/chain-api/supported'
import type { ChainApi } from './createChainApi.ts'

export type GetSupportedChainsParameters = {
  /** Ask chain-api again instead of using the list already fetched. */
  forceUpdate?: boolean
  signal?: AbortSignal
}

/** The cache key of the list; it never expires. */
export const SUPPORTED_CHAINS_KEY = 'supported-chains'

/**
 * The CAIP-2 ids chain-api serves (`http`; `ws` is empty), fetched once.
 * @example
 * const { http } = await getSupportedChains(api) // ['eip155:31337', 'eip155:31338']
 */
export function getSupportedChains(
  api: ChainApi,
  { forceUpdate, signal }: GetSupportedChainsParameters = {},
): Promise<SupportedChains> {
  return api.cache.get(
    SUPPORTED_CHAINS_KEY,
    Number.POSITIVE_INFINITY,
    (loadSignal) => api.request(endpoint, { signal: loadSignal }),
    { force: forceUpdate, signal },
  )
}
