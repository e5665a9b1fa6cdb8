/**
 * `GET /v1/convert/gas-price`: a network's gas prices in wei.
 * @module
 */
import { getSwapGasPrice as endpoint, type SwapGasPrice } from '@keyframe/protocol/chain-api/swaps'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'
import { unsupportedNetworkError } from './unsupportedNetwork.ts'

export type GetGasPriceParameters = {
  /** CAIP-2 network. */
  chainId: string
  signal?: AbortSignal | undefined
}

/**
 * `{ standard, fast, instant }` in wei (decimal strings).
 * @throws ChainApiError 400 'Network not supported for Gas Price', without a request when chain-api does not
 *   serve the network.
 * @example
 * const { standard } = await getGasPrice(api, { chainId: 'eip155:31337' })
 */
export async function getGasPrice(
  api: ChainApi,
  { chainId, signal }: GetGasPriceParameters,
): Promise<SwapGasPrice> {
  if (!(await isSupportedNetwork(api, chainId, signal))) throw unsupportedNetworkError('gas price')
  return api.request(endpoint, { query: { chainId }, signal })
}
