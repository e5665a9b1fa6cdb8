/**
 * `GET /v1/convert/build-approve`: an ERC20 approve letting the network's swap router spend the user's token,
 * ready to sign.
 * @module
 */
import { buildSwapApprove as endpoint, type SwapTransaction } from '@keyframe/protocol/chain-api/swaps'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'
import { unsupportedNetworkError } from './unsupportedNetwork.ts'

export type BuildApproveParameters = {
  /** The account: 0x address or CAIP-10. */
  userAddress: string
  /** CAIP-10 of the token to approve. */
  from: string
  /** CAIP-10 of the token the swap gives. */
  to: string
  /** Base units; default unlimited. */
  amount?: bigint | string | undefined
  signal?: AbortSignal | undefined
}

/**
 * The approve transaction `{ tx: { from, to, data, value, eip155: { gas, gasPrice } } }`.
 * @throws ChainApiError 400 'Network not supported for Swaps' (without a request when chain-api does not serve
 *   the network).
 * @example
 * const { tx } = await buildApprove(api, { userAddress, from: kusd, to: eth, amount: 10n ** 18n })
 */
export async function buildApprove(
  api: ChainApi,
  parameters: BuildApproveParameters,
): Promise<SwapTransaction> {
  const { userAddress, from, to, amount, signal } = parameters
  if (!(await isSupportedNetwork(api, from, signal))) throw unsupportedNetworkError('swaps')
  return api.request(endpoint, {
    query: { userAddress, from, to, ...(amount === undefined ? {} : { amount: String(amount) }) },
    signal,
  })
}
