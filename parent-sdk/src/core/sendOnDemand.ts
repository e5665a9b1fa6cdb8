/**
 * The Send actions of the `@keyframe/sdk` entry: each `import()`s `sendActions.ts` when first called, so
 * reading the chain and sending stay out of the pre-open code (the budget in `budget.test.ts`). Same names,
 * same signatures as there.
 * @module
 */
import type { Keyframe } from './createKeyframe.ts'

/**
 * Reads the active network's tokens and the account's balance of each (`eth_getBalance`, ERC20 `balanceOf`
 * through `eth_call`), keeping the selected token when the network still has it (else the native one).
 * A balance that cannot be read stays undefined and the toast says 'Token Balance Unavailable' (SPEC §8).
 * @example
 * import { fetchSendBalances, getSendState } from '@keyframe/sdk'
 * await fetchSendBalances(kf)
 * getSendState(kf).tokenBalances // [{ symbol: 'ETH', balance: 100000000000000000000n, … }, …]
 */
export async function fetchSendBalances(kf: Keyframe): Promise<void> {
  return (await import('./sendActions.ts')).fetchSendBalances(kf)
}

/**
 * Estimates the fee of the send as typed: `eth_estimateGas` × `eth_gasPrice`, in wei (`gasCost`). Leaves
 * no estimate while the form is incomplete, or when the node cannot estimate it (e.g. more than the balance).
 * @example
 * import { estimateSendGas, getSendState } from '@keyframe/sdk'
 * await estimateSendGas(kf)
 * getSendState(kf).gasCost // 21000000000000n
 */
export async function estimateSendGas(kf: Keyframe): Promise<void> {
  return (await import('./sendActions.ts')).estimateSendGas(kf)
}

/**
 * Sends the form (SPEC §4) through the active connector's provider (`eth_sendTransaction`: a native send
 * carries the value and empty data, a token send the ERC20 `transfer(to, amount)` call), from where the
 * person is: the embedded wallet's approval shows over the Send view, and the outcome is the form's
 * `result`. On success the toast says 'Transaction started', the result holds the hash and the explorer
 * link, and the amount and receiver are emptied; on failure the form keeps its values, the result and the
 * toast say 'Signature declined' (the person refused) or 'Something went wrong' (SPEC §8), and the error is
 * thrown.
 * @returns The transaction hash.
 * @throws {TypeError} the form is not valid (see `getSendErrors`) or a send is under way.
 * @example
 * import { sendTokens, setSendAmount, setSendReceiver } from '@keyframe/sdk'
 * setSendAmount(kf, '0.1')
 * setSendReceiver(kf, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 * const hash = await sendTokens(kf)
 */
export async function sendTokens(kf: Keyframe): Promise<`0x${string}`> {
  return (await import('./sendActions.ts')).sendTokens(kf)
}
