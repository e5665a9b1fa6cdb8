/**
 * `GET /v1/convert/allowance`: how much of a token the network's swap router may spend for the user.
 * @module
 */
import { getSwapAllowance as endpoint } from '@keyframe/protocol/chain-api/swaps'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'
import { unsupportedNetworkError } from './unsupportedNetwork.ts'

export type GetAllowanceParameters = {
  /** CAIP-10 of the token. */
  tokenAddress: string
  /** The account: 0x address or CAIP-10. */
  userAddress: string
  signal?: AbortSignal | undefined
}

/**
 * The allowance in base units (the native currency needs none: the maximum).
 * @throws ChainApiError 400 'Network not supported for Swaps', without a request when chain-api does not serve
 *   the network.
 * @example
 * const { allowance } = await getAllowance(api, { tokenAddress: kusd, userAddress })
 * const needsApprove = BigInt(allowance) < amount
 */
export async function getAllowance(
  api: ChainApi,
  { tokenAddress, userAddress, signal }: GetAllowanceParameters,
): Promise<{ allowance: string }> {
  if (!(await isSupportedNetwork(api, tokenAddress, signal))) throw unsupportedNetworkError('swaps')
  return api.request(endpoint, { query: { tokenAddress, userAddress }, signal })
}
