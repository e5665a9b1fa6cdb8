/**
 * What stops a swap as typed: an amount that is not a positive number with at most the token's places, more
 * than the wallet holds, or too little of the native currency left for the network fee (SPEC §5's gas rule,
 * in the native currency as Send does).
 * @module
 */
import { parseAmount } from '../../../core/send.ts'

export type SwapForm = {
  /** The amount as typed, in units of the token given. */
  readonly amount: string
  /** The token given: its symbol, places, whether it is the native currency, and the wallet's balance. */
  readonly from: {
    readonly symbol: string
    readonly decimals: number
    readonly isNative: boolean
    readonly balance: bigint | undefined
  }
  /** The wallet's native balance and symbol; balance undefined when unknown. */
  readonly native: { readonly symbol: string; readonly balance: bigint | undefined }
  /** The network fee of the swap (and its approve) in wei, once known. */
  readonly fee: bigint | undefined
}

export type SwapErrors = { readonly amount?: string; readonly gas?: string }

/**
 * The form's problems, empty when it can be swapped. An empty amount is a problem but says nothing yet (the
 * person has not typed). An unknown balance is not checked: the chain refuses what it cannot do.
 * @example
 * getSwapErrors({ amount: '2', from: { symbol: 'ETH', decimals: 18, isNative: true, balance: 10n ** 18n }, … })
 * // { amount: 'Insufficient ETH balance' }
 */
export function getSwapErrors({ amount, from, native, fee }: SwapForm): SwapErrors & { empty?: true } {
  if (amount.trim() === '') return { empty: true }
  const value = parseAmount(amount, from.decimals)
  if (value === undefined || value <= 0n) return { amount: 'Please enter a valid amount' }
  if (from.balance !== undefined && value > from.balance)
    return { amount: `Insufficient ${from.symbol} balance` }
  if (fee !== undefined && native.balance !== undefined) {
    const left = native.balance - (from.isNative ? value : 0n)
    if (left <= 0n || left < fee) return { gas: `Not enough ${native.symbol} to pay for gas` }
  }
  return {}
}
