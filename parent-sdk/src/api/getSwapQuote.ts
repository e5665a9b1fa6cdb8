/**
 * `GET /v1/convert/quotes`: what swapping an amount of one token into another gives at current prices.
 * @module
 */
import { getSwapQuote as endpoint, type SwapQuote } from '@keyframe/protocol/chain-api/swaps'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetSwapQuoteParameters = {
  /** Amount of `from` in base units. */
  amount: bigint | string
  /** The swapping account: 0x address or CAIP-10. */
  userAddress: string
  /** CAIP-10 of the token given (`eip155:1:0xeeee…eeee` for the native currency). */
  from: string
  /** CAIP-10 of the token received. */
  to: string
  /** Wei; accepted for compatibility. */
  gasPrice?: bigint | string | undefined
  signal?: AbortSignal | undefined
}

/**
 * The quotes (none when there is no route); `{ quotes: [] }` without a request for a network chain-api does not
 * serve.
 * @example
 * const { quotes } = await getSwapQuote(api, { amount: 10n ** 18n, userAddress, from: eth, to: kusd })
 */
export async function getSwapQuote(
  api: ChainApi,
  parameters: GetSwapQuoteParameters,
): Promise<{ quotes: SwapQuote[] }> {
  const { amount, userAddress, from, to, gasPrice, signal } = parameters
  if (!(await isSupportedNetwork(api, from, signal))) return { quotes: [] }
  return api.request(endpoint, {
    query: {
      amount: String(amount),
      userAddress,
      from,
      to,
      ...(gasPrice === undefined ? {} : { gasPrice: String(gasPrice) }),
    },
    signal,
  })
}
