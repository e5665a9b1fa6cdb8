/**
 * Why the verifier refused a signed sign-in: one reason code a backend maps to its answer, and the words the
 * person (or the dApp's log) reads.
 * @module
 */

/** What failed, in the order the verifier checks. */
export type SiwxVerifyReason =
  | 'origin'
  | 'malformed'
  | 'domain'
  | 'uri'
  | 'chain'
  | 'expired'
  | 'not_yet_valid'
  | 'signature'
  | 'nonce'

/** A signed sign-in message the verifier refused. `reason` says which check failed. */
export class SiwxVerifyError extends Error {
  override name = 'SiwxVerifyError'
  readonly reason: SiwxVerifyReason
  constructor(reason: SiwxVerifyReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.reason = reason
  }
}
