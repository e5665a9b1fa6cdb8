/**
 * Gas sufficiency for sends (SPEC §5).
 * @module
 */

/** Inputs of {@link hasSufficientGas}; USD amounts as numbers or decimal strings. */
export type HasSufficientGasParameters = {
  /** A smart account always counts as sufficient (SPEC §5). */
  isSmartAccount: boolean
  /** Native balance of the network, in USD. Missing or unreadable counts as zero. */
  networkBalanceInUsd: number | string | undefined
  /** Estimated gas cost, in USD. Missing or unreadable counts as zero. */
  gasCostInUsd: number | string | undefined
}

function toUsd(value: number | string | undefined): number {
  const n = typeof value === 'string' ? Number(value.trim() || Number.NaN) : (value ?? Number.NaN)
  return Number.isFinite(n) ? n : 0
}

/**
 * Whether the account can pay for gas: always for a smart account; otherwise not when the network balance in USD
 * is zero or below the gas cost in USD.
 * @example
 * import { hasSufficientGas } from '@keyframe/protocol'
 * hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: 5, gasCostInUsd: 0.4 }) // true
 */
export function hasSufficientGas({
  isSmartAccount,
  networkBalanceInUsd,
  gasCostInUsd,
}: HasSufficientGasParameters): boolean {
  if (isSmartAccount) return true
  const balance = toUsd(networkBalanceInUsd)
  if (balance <= 0) return false
  return balance >= toUsd(gasCostInUsd)
}
