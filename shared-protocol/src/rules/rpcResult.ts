/**
 * Classifying wallet RPC results (SPEC §5).
 * @module
 */

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/**
 * Whether an RPC result is a transaction hash: `0x` and exactly 64 hex digits.
 * @example
 * import { isTransactionHashResult } from '@keyframe/protocol'
 * isTransactionHashResult(`0x${'ab'.repeat(32)}`) // true
 */
export function isTransactionHashResult(x: unknown): x is `0x${string}` {
  return typeof x === 'string' && TRANSACTION_HASH.test(x)
}

/**
 * Whether an RPC result is a signed message: `0x` and 62 or more hex digits.
 * A transaction hash also passes, so check {@link isTransactionHashResult} first where the two differ.
 * @example
 * import { isSignedMessageResult } from '@keyframe/protocol'
 * isSignedMessageResult(`0x${'ab'.repeat(65)}`) // true
 */
export function isSignedMessageResult(x: unknown): x is `0x${string}` {
  return typeof x === 'string' && SIGNED_MESSAGE.test(x)
}
