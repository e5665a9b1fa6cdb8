/**
 * `GET /v1/convert/tokens`: the tokens that can be swapped on a network.
 * @module
 */
import { getSwapTokens as endpoint, type SwapToken } from '@keyframe/protocol/chain-api/swaps'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetSwapTokensParameters = {
  /** CAIP-2 network. */
  chainId: string
  signal?: AbortSignal | undefined
}

/**
 * The native currency and the tokens with a pool; `{ tokens: [] }` without a request for a network chain-api
 * does not serve.
 * @example
 * const { tokens } = await getSwapTokens(api, { chainId: 'eip155:31337' })
 */
export async function getSwapTokens(
  api: ChainApi,
  { chainId, signal }: GetSwapTokensParameters,
): Promise<{ tokens: SwapToken[] }> {
  if (!(await isSupportedNetwork(api, chainId, signal))) return { tokens: [] }
  return api.request(endpoint, { query: { chainId }, signal })
}
