/**
 * What a send needs before it starts (SPEC §5, §8).
 * @module
 */

/** Shown when the amount or the receiver is missing (SPEC §5; spec wording for solana, reused for eip155). */
export const SEND_MISSING_FIELDS_MESSAGE = 'Please enter a valid amount and receiver address'
/** Shown when no token is selected. */
export const SEND_MISSING_TOKEN_MESSAGE = 'Please select a token to send'
/** Thrown for a send on a namespace other than eip155 or solana (SPEC §8). */
export const SEND_UNSUPPORTED_CHAIN_MESSAGE = 'Unsupported chain'

/** Inputs of {@link validateSend}. */
export type ValidateSendParameters = {
  /** Namespace of the active network; only eip155 and solana can send. */
  namespace: string | undefined
  /** The selected token, if any. */
  token: unknown
  /** Amount to send, in token units; must be a finite number above zero. */
  amount: number | string | undefined
  /** Receiver address or name; must not be blank. */
  receiverAddress: string | undefined
}

/** Result of {@link validateSend}. */
export type ValidateSendResult = { ok: true } | { ok: false; message: string }

function isPositiveAmount(amount: number | string | undefined): boolean {
  if (amount === undefined) return false
  if (typeof amount === 'string' && amount.trim() === '') return false
  const n = Number(amount)
  return Number.isFinite(n) && n > 0
}

/**
 * Checks that a send has a supported namespace, a token, an amount above zero and a receiver.
 * @example
 * import { validateSend } from '@keyframe/protocol'
 * validateSend({ namespace: 'solana', token, amount: 0, receiverAddress: '' })
 * // { ok: false, message: 'Please enter a valid amount and receiver address' }
 */
export function validateSend({
  namespace,
  token,
  amount,
  receiverAddress,
}: ValidateSendParameters): ValidateSendResult {
  if (namespace !== 'eip155' && namespace !== 'solana')
    return { ok: false, message: SEND_UNSUPPORTED_CHAIN_MESSAGE }
  if (token === undefined || token === null) return { ok: false, message: SEND_MISSING_TOKEN_MESSAGE }
  if (!isPositiveAmount(amount) || !receiverAddress?.trim())
    return { ok: false, message: SEND_MISSING_FIELDS_MESSAGE }
  return { ok: true }
}
