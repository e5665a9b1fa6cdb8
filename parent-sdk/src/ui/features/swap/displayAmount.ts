import { formatBalance } from '@keyframe/protocol'
import { formatAmount } from '../../../core/send.ts'

/**
 * A base-unit amount for the Swap view: at most 6 places, truncated, trailing zeros dropped.
 * @example
 * displayAmount(2_988_020_943n, 6) // '2988.020943'
 * displayAmount(1_500_000_000_000_000_000n, 18) // '1.5'
 */
export function displayAmount(value: bigint, decimals: number): string {
  const text = formatBalance(formatAmount(value, decimals), Math.min(decimals, 6))
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/**
 * A USD value with 2 places (SPEC §9), '< $0.01' below a cent.
 * @example
 * displayUsd(0.6312) // '$0.63'
 */
export function displayUsd(value: number): string {
  return value > 0 && value < 0.01 ? '< $0.01' : `$${formatBalance(value)}`
}
