import { type ErrorShape, ProtocolError } from './base.ts'
import { ErrorCode } from './codes.ts'
import { InternalError } from './rpc.ts'

/**
 * Turns anything thrown into the wire shape. Unknown errors become -32603 'An error occurred' without their
 * message: a login step's cause may concern a code or a key. RPC answers pass through `toProtocolError`.
 */
export function toErrorShape(error: unknown): ErrorShape {
  if (error instanceof ProtocolError) return error.toJSON()
  return new InternalError().toJSON()
}

/** Longest cause message carried; longer ones are cut (a node's or library's message, never a payload). */
const MAX_CAUSE_MESSAGE = 200

/**
 * The error a dApp gets for anything thrown while answering its RPC call: a ProtocolError as it is, anything
 * else -32603 with the cause's message (viem's `shortMessage` where there is one, which leaves out the
 * request's details and the node's URL; else the first line of `message`), at most 200 characters, never
 * its stack. No usable message gives the spec's 'An error occurred'.
 */
export function toProtocolError(error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error
  return new InternalError(causeMessage(error) ?? 'An error occurred', { cause: error })
}

function causeMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
  const text = typeof shortMessage === 'string' && shortMessage ? shortMessage : message
  if (typeof text !== 'string') return undefined
  const line = text.split('\n', 1)[0]!.trim()
  if (!line) return undefined
  return line.length > MAX_CAUSE_MESSAGE ? `${line.slice(0, MAX_CAUSE_MESSAGE - 1)}…` : line
}

/**
 * Rebuilds a ProtocolError from a wire shape. A shape with no usable message gets the spec's
 * 'An error occurred'; a non-integer code becomes -32603.
 */
export function fromErrorShape(shape: { code?: unknown; message?: unknown; data?: unknown }): ProtocolError {
  const code =
    typeof shape.code === 'number' && Number.isInteger(shape.code) ? shape.code : ErrorCode.internal
  const message =
    typeof shape.message === 'string' && shape.message !== '' ? shape.message : 'An error occurred'
  return new ProtocolError(code, message, shape.data === undefined ? {} : { data: shape.data })
}
