/**
 * The swap itself, each transaction through the connected wallet's own approval (the embedded wallet's
 * in-frame screen, an injected wallet's prompt): the allowance, an approve of exactly the amount when the
 * router may not spend it yet (waited for until mined), then the swap built at the prices of that moment.
 * @module
 */
import { buildApprove } from '../../../api/buildApprove.ts'
import { buildSwap } from '../../../api/buildSwap.ts'
import type { ChainApi } from '../../../api/createChainApi.ts'
import { getAllowance } from '../../../api/getAllowance.ts'
import type { Eip1193Provider } from '../../../connectors/types.ts'
import type { SwapPair } from './fetchQuote.ts'
import { isNativeAsset } from './swapAsset.ts'
import { waitForReceipt } from './waitForReceipt.ts'
import { type WalletTransaction, walletTransaction } from './walletTransaction.ts'

export type SwapStep = 'approving' | 'swapping'

/** SPEC §5: a transaction hash is 0x and 64 hex digits. */
async function send(provider: Eip1193Provider, tx: WalletTransaction): Promise<`0x${string}`> {
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [tx] })
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new TypeError('Keyframe: the wallet answered eth_sendTransaction without a transaction hash.')
  return hash as `0x${string}`
}

/**
 * Swaps `pair.amount` of `pair.from` into `pair.to`; `onStep` says which approval the wallet is asking for.
 * `signal` (the view going away: the person left) stops it before the next transaction is asked for.
 * @returns The swap's transaction hash (sent, not yet mined).
 * @throws The wallet's error (4001 when the person refuses), a ChainApiError, an Error when the approve
 *   was mined but reverted, or the signal's reason.
 */
export async function runSwap(
  api: ChainApi,
  provider: Eip1193Provider,
  pair: SwapPair,
  onStep: (step: SwapStep) => void,
  signal?: AbortSignal,
): Promise<`0x${string}`> {
  const { from, to, amount, account } = pair
  if (!isNativeAsset(from)) {
    const { allowance } = await getAllowance(api, { tokenAddress: from, userAddress: account, signal })
    if (BigInt(allowance) < amount) {
      onStep('approving')
      const { tx } = await buildApprove(api, { userAddress: account, from, to, amount, signal })
      signal?.throwIfAborted()
      const hash = await send(provider, walletTransaction(tx, account))
      if ((await waitForReceipt(provider, hash, signal ? { signal } : {})) === 'reverted')
        throw new Error('Keyframe: the approve transaction reverted.')
    }
  }
  onStep('swapping')
  const { tx } = await buildSwap(api, { amount, userAddress: account, from, to, signal })
  signal?.throwIfAborted()
  return send(provider, walletTransaction(tx, account))
}
