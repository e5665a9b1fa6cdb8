/**
 * `wallet_sendCalls` item rule (SPEC §5).
 * @module
 */

/** A `wallet_sendCalls` item as far as the rule reads it. */
export type SendCall = { to: `0x${string}`; data?: `0x${string}` }

/**
 * Whether a `wallet_sendCalls` item is valid: `to` starts with `0x`, and `data`, if present, starts with `0x`.
 * @example
 * import { isValidCall } from '@keyframe/protocol'
 * isValidCall({ to: '0x00000000000000000000000000000000000000aa', data: '0x' }) // true
 */
export function isValidCall(call: unknown): call is SendCall {
  if (typeof call !== 'object' || call === null) return false
  const { to, data } = call as { to?: unknown; data?: unknown }
  return (
    typeof to === 'string' &&
    to.startsWith('0x') &&
    (data === undefined || (typeof data === 'string' && data.startsWith('0x')))
  )
}
