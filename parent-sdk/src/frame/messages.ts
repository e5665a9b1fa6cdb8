/**
 * What the parent sends to the frame and what it accepts back, checked by the shared protocol. The frame
 * client and the conformance vectors run these same functions.
 * @module
 */
import {
  checkParams,
  createRequest,
  type EventType,
  InternalError,
  InvalidRequestError,
  isRequestType,
  MAX_MESSAGE_BYTES,
  type ParseResult,
  parseEvent,
  parseReply,
  type RequestEnvelope,
  type RequestParams,
  type RequestResult,
  type RequestType,
  timeoutFor,
} from '@keyframe/protocol'

/** A message post-robot handed us, with where it came from. */
export type Incoming = { source: unknown; origin: string; data: unknown }
/** Where a message must come from: the iframe's window and the frame's origin. */
export type Expected = { window: unknown; origin: string }

/**
 * Builds the envelope of an outgoing request and checks it the way the frame will: at most 128 KB, a known
 * type, params that pass the table's schema (and, for RPC_REQUEST, the allowed list).
 * @throws {InvalidParamsError} the params break the schema (-32602); nothing is posted.
 * @throws {InvalidRequestError} the type is unknown or the message is too large (-32600).
 * @throws {UnsupportedMethodError} an RPC_REQUEST for a method that is not allowed (4200).
 */
export function prepareRequest<T extends RequestType>(
  type: T,
  params: RequestParams<T>,
): { envelope: RequestEnvelope<T>; timeoutMs: number } {
  // Same order as the frame's parseRequest (size, type, params), so both sides give the same answer.
  const envelope = createRequest(type, params)
  if (byteLength(envelope) > MAX_MESSAGE_BYTES) {
    throw new InvalidRequestError(`Message exceeds ${MAX_MESSAGE_BYTES} bytes`)
  }
  if (!isRequestType(type))
    throw new InvalidRequestError(`Unknown request type: ${String(type).slice(0, 64)}`)
  const parsed = checkParams(type, params)
  return { envelope, timeoutMs: timeoutFor(type, parsed) }
}

function byteLength(data: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(data) ?? '').length
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

function fromFrame(message: Incoming, expected: Expected): boolean {
  return message.source === expected.window && message.origin === expected.origin
}

/**
 * Reads the reply to a request of `type`. A reply from any window but the iframe's, or any origin but the
 * frame's, is refused; so is one that breaks the envelope or the table's result schema (-32603).
 */
export function readReply<T extends RequestType>(
  type: T,
  message: Incoming,
  expected: Expected,
): ParseResult<RequestResult<T>> {
  if (!fromFrame(message, expected)) {
    return {
      ok: false,
      error: new InternalError('An error occurred', {
        cause: new Error(`Reply to ${type} came from an unexpected window or origin (${message.origin})`),
      }),
    }
  }
  if (!isRequestType(type))
    return { ok: false, error: new InvalidRequestError(`Unknown request type: ${type}`) }
  return parseReply(type, message.data)
}

/** Reads an event the frame posted. Anything off-table, malformed, or not from the frame is refused. */
export function readEvent(
  type: EventType,
  message: Incoming,
  expected: Expected,
): ParseResult<{ type: EventType; params: unknown }> {
  if (!fromFrame(message, expected)) {
    return {
      ok: false,
      error: new InvalidRequestError(`Event ${type} came from an unexpected window or origin`),
    }
  }
  return parseEvent(type, message.data)
}
