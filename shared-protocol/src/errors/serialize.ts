import { type ErrorShape, ProtocolError } from './base.ts'
import { ErrorCode } from './codes.ts'
import { InternalError } from './rpc.ts'

/** Turns anything thrown into the wire shape. Unknown errors become -32603 without leaking internals. */
export function toErrorShape(error: unknown): ErrorShape {
  if (error instanceof ProtocolError) return error.toJSON()
  return new InternalError().toJSON()
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
