/**
 * `POST /v1/convert/build-transaction`: a swap through the network's router, ready to sign, giving at least
 * the quote less the slippage tolerance (default 1 %, SPEC §9).
 * @module
 */

import { buildSwapTransaction as endpoint, type SwapTransaction } from '@keyframe/protocol/chain-api/swaps'
import { SWAP_SLIPPAGE } from '@keyframe/protocol/core'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'
import { unsupportedNetworkError } from './unsupportedNetwork.ts'

export type BuildSwapParameters = {
  /** Amount of `from` in base units. */
  amount: bigint | string
  /** The account: 0x address or CAIP-10. */
  userAddress: string
  /** CAIP-10 of the token given (`eip155:1:0xeeee…eeee` for the native currency). */
  from: string
  /** CAIP-10 of the token received. */
  to: string
  /** Slippage tolerance in percent, 0 to 50. Default 1. */
  slippage?: number | undefined
  /** Skip the gas estimate, for a swap that still waits for its approve (gas is then a fixed 300000). */
  disableEstimate?: boolean | undefined
  signal?: AbortSignal | undefined
}

/**
 * The swap transaction `{ tx: { from, to, data, value, eip155: { gas, gasPrice } } }`.
 * @throws ChainApiError 400 'Network not supported for Swaps' (without a request when chain-api does not serve
 *   the network), 400 swap_failed when the swap would fail.
 * @example
 * const { tx } = await buildSwap(api, { amount: 10n ** 17n, userAddress, from: eth, to: kusd })
 * await walletClient.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) })
 */
export async function buildSwap(api: ChainApi, parameters: BuildSwapParameters): Promise<SwapTransaction> {
  const { amount, userAddress, from, to, slippage, disableEstimate, signal } = parameters
  if (!(await isSupportedNetwork(api, from, signal))) throw unsupportedNetworkError('swaps')
  return api.request(endpoint, {
    body: {
      amount: String(amount),
      eip155: { slippage: slippage ?? SWAP_SLIPPAGE },
      projectId: api.projectId,
      from,
      to,
      userAddress,
      ...(disableEstimate === undefined ? {} : { disableEstimate }),
    },
    signal,
  })
}
