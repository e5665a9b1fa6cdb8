/**
 * A quote as the Swap view shows it: what the amount buys (`/v1/convert/quotes`), whether the router must be
 * approved first (`/v1/convert/allowance`), and the gas of the transactions the swap will take (built by
 * `/v1/convert/build-approve` and `/v1/convert/build-transaction`, not sent) for the network fee.
 * @module
 */
import { buildApprove } from '../../../api/buildApprove.ts'
import { buildSwap } from '../../../api/buildSwap.ts'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getAllowance } from '../../../api/getAllowance.ts'
import { getSwapQuote } from '../../../api/getSwapQuote.ts'
import { isNativeAsset } from './swapAsset.ts'
import { gasOf } from './walletTransaction.ts'

export type SwapPair = {
  /** CAIP-10 of the token given and the token received. */
  readonly from: string
  readonly to: string
  /** Base units of `from`. */
  readonly amount: bigint
  /** The connected account. */
  readonly account: `0x${string}`
}

export type QuoteDetails = {
  /** What the swap gives, in base units of `to`, before slippage. */
  readonly toAmount: bigint
  /** The router may not spend `amount` of `from` yet. */
  readonly needsApprove: boolean
  /** Gas units of the approve (if needed) and the swap; undefined when the node cannot estimate them. */
  readonly gas: bigint | undefined
}

/**
 * The quote of `pair`, or undefined when no pool route connects the tokens.
 * @throws ChainApiError when chain-api fails or refuses (e.g. 'Network not supported for Swaps').
 */
export async function fetchQuote(
  api: ChainApi,
  { from, to, amount, account }: SwapPair,
  signal?: AbortSignal,
): Promise<QuoteDetails | undefined> {
  const base = { userAddress: account, from, to, signal }
  const { quotes } = await getSwapQuote(api, { ...base, amount })
  const best = quotes[0]
  if (!best) return undefined
  const needsApprove =
    !isNativeAsset(from) &&
    BigInt((await getAllowance(api, { tokenAddress: from, userAddress: account, signal })).allowance) < amount
  let gas: bigint | undefined
  try {
    // Before its approve a swap cannot be estimated: chain-api then gives its fixed limit.
    const [approve, swap] = await Promise.all([
      needsApprove ? buildApprove(api, { ...base, amount }) : undefined,
      buildSwap(api, { ...base, amount, disableEstimate: needsApprove }),
    ])
    gas = gasOf(swap.tx) + (approve ? gasOf(approve.tx) : 0n)
  } catch (error) {
    if (signal?.aborted) throw error
    // No fee to show (the node would refuse the swap as it stands); the quote stands.
  }
  return { toAmount: BigInt(best.toAmount), needsApprove, gas }
}
