import { ProtocolError } from './base.ts'
import { ErrorCode } from './codes.ts'

/** One schema issue, as carried in the `data` of an InvalidParamsError. */
export type Issue = { path: (string | number)[]; message: string }

/**
 * -32602 — params failed the shared schema. `data.issues` lists each problem with its path. The message
 * tells the first one: `detail` when the caller words it (an RPC method's params, `rpc/paramsProblem.ts`),
 * else its path and message.
 */
export class InvalidParamsError extends ProtocolError {
  override name = 'InvalidParamsError'
  static readonly code = ErrorCode.invalidParams
  readonly issues: Issue[]
  constructor(subject: string, issues: Issue[], detail?: string) {
    const first = issues[0]
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
    super(
      ErrorCode.invalidParams,
      `Invalid params for ${subject}: ${detail ?? `${where}${first?.message ?? 'Invalid input'}`}`,
      { data: { issues } },
    )
    this.issues = issues
  }
}

/** -32600 — the message is not a request of the table (unknown type, bad envelope, too large). */
export class InvalidRequestError extends ProtocolError {
  override name = 'InvalidRequestError'
  static readonly code = ErrorCode.invalidRequest
  constructor(message: string, options?: { data?: unknown }) {
    super(ErrorCode.invalidRequest, message, options)
  }
}

/**
 * -32603 — anything unexpected. The message is the spec's fallback, or the cause's own message where it is
 * fit for a dApp (`toProtocolError`); stacks and other internals stay out of it.
 */
export class InternalError extends ProtocolError {
  override name = 'InternalError'
  static readonly code = ErrorCode.internal
  constructor(message = 'An error occurred', options?: { cause?: unknown }) {
    super(ErrorCode.internal, message, options)
  }
}
