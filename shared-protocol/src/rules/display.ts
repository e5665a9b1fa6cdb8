/**
 * Display formatting of balances and transaction amounts (SPEC §9); addresses are `address.ts`'s.
 * Amounts are truncated, never rounded up, so the UI never shows more than there is. The digits are handled as
 * decimal text, so `0.29` stays `0.29` and not `0.28`.
 * @module
 */
import {
  BALANCE_DECIMALS,
  NEGATIVE_OPERATION_TYPES,
  POSITIVE_OPERATION_TYPES,
  TRANSACTION_AMOUNT_DECIMALS,
} from '../constants.ts'

const PLAIN_DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?$/
const EXPONENT = /^([-+]?)(\d)(?:\.(\d+))?e([-+]?\d+)$/i

/** Splits a decimal number into sign, integer digits and fraction digits; undefined if it is not one. */
function toDecimalParts(
  value: number | string,
): { negative: boolean; int: string; frac: string } | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  const exp = EXPONENT.exec(text)
  if (exp) {
    const [, sign = '', lead = '', rest = '', power = '0'] = exp
    const digits = lead + rest
    const point = 1 + Number(power)
    const int = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0')
    const frac = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point)
    return { negative: sign === '-', int, frac }
  }
  const plain = PLAIN_DECIMAL.exec(text)
  if (!plain) return undefined
  const [, sign = '', int = '', frac = ''] = plain
  if (int === '' && frac === '') return undefined
  return { negative: sign === '-', int, frac }
}

/** `value` truncated to `decimals` places as fixed-point text, with `magnitude` dropping any sign. */
function truncate(value: number | string, decimals: number, magnitude = false): string | undefined {
  const parts = toDecimalParts(value)
  if (!parts) return undefined
  const int = parts.int.replace(/^0+(?=\d)/, '') || '0'
  const frac = parts.frac.padEnd(decimals, '0').slice(0, decimals)
  const isZero = /^0*$/.test(int + frac)
  const sign = parts.negative && !isZero && !magnitude ? '-' : ''
  return decimals > 0 ? `${sign}${int}.${frac}` : `${sign}${int}`
}

/**
 * A balance with `decimals` places (default 2), truncated; zero when missing or not a number.
 * @example
 * import { formatBalance } from '@keyframe/protocol'
 * formatBalance('1.23789') // '1.23'
 */
export function formatBalance(
  value: number | string | undefined,
  decimals: number = BALANCE_DECIMALS,
): string {
  return (value === undefined ? undefined : truncate(value, decimals)) ?? truncate(0, decimals) ?? '0'
}

/**
 * A transaction amount with 3 places, truncated, with `+` for receive, deposit, borrow and claim and `-` for
 * withdraw, repay and burn (no sign otherwise); '' when missing or not a number.
 * @example
 * import { formatTransactionAmount } from '@keyframe/protocol'
 * formatTransactionAmount('0.5', 'receive') // '+0.500'
 */
export function formatTransactionAmount(value: number | string | undefined, operationType: string): string {
  if (value === undefined) return ''
  const prefix = (POSITIVE_OPERATION_TYPES as readonly string[]).includes(operationType)
    ? '+'
    : (NEGATIVE_OPERATION_TYPES as readonly string[]).includes(operationType)
      ? '-'
      : ''
  const amount = truncate(value, TRANSACTION_AMOUNT_DECIMALS, prefix !== '')
  return amount === undefined ? '' : `${prefix}${amount}`
}
