/**
 * What the parent sends to the frame and what it accepts back, checked by the shared protocol. The frame
 * client and the conformance vectors run these same functions.
 * @module
 */
import {
  checkParams,
  createRequest,
  type EventType,
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
  if (tooLarge(envelope)) {
    throw new InvalidRequestError(`Message exceeds ${MAX_MESSAGE_BYTES} bytes`)
  }
  if (!isRequestType(type))
    throw new InvalidRequestError(`Unknown request type: ${String(type).slice(0, 64)}`)
  const parsed = checkParams(type, params)
  return { envelope, timeoutMs: timeoutFor(type, parsed) }
}

const encoder = new TextEncoder()

/** Whether `data` as UTF-8 JSON exceeds MAX_MESSAGE_BYTES (or cannot be serialized at all). */
function tooLarge(data: unknown): boolean {
  try {
    const json = JSON.stringify(data) ?? ''
    // A UTF-16 code unit is at most 3 UTF-8 bytes: a short message is known small without encoding it.
    return json.length * 3 > MAX_MESSAGE_BYTES && encoder.encode(json).length > MAX_MESSAGE_BYTES
  } catch {
    return true
  }
}

/**
 * Reads the reply to a request of `type`: one that breaks the envelope or the table's result schema is refused
 * (-32603). Where it came from is the wire's business: the endpoint hears only the iframe's window at the
 * frame's exact origin, so nothing else reaches this function.
 */
export function readReply<T extends RequestType>(type: T, data: unknown): ParseResult<RequestResult<T>> {
  if (!isRequestType(type))
    return { ok: false, error: new InvalidRequestError(`Unknown request type: ${type}`) }
  return parseReply(type, data)
}

/** Reads an event the frame posted (already known to come from the frame). Anything off-table or malformed is refused. */
export function readEvent(type: unknown, data: unknown): ParseResult<{ type: EventType; params: unknown }> {
  return parseEvent(type, data)
}
