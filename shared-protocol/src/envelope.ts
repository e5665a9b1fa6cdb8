import * as z from 'zod/mini'
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from './constants.ts'
import type { ErrorShape } from './errors/base.ts'
import { ProtocolError } from './errors/base.ts'
import { InternalError, InvalidParamsError, InvalidRequestError } from './errors/rpc.ts'
import { fromErrorShape, toErrorShape } from './errors/serialize.ts'
import { checkRpcCall } from './rpc/validate.ts'
import { requestId } from './schemas/common.ts'
import { toIssues } from './schemas/issues.ts'
import { type EventPayload, type EventType, events, isEventType } from './table/events.ts'
import {
  isRequestType,
  type ParsedParams,
  type RequestParams,
  type RequestResult,
  type RequestType,
  requests,
} from './table/requests.ts'

/** What the parent posts as the `data` of a wire request (see wire.ts). */
export type RequestEnvelope<T extends RequestType = RequestType> = {
  v: 1
  id: string
  params: RequestParams<T>
}
/** What the frame answers. */
export type Reply<R = unknown> = { ok: true; result: R } | { ok: false; error: ErrorShape }
/** What the frame posts for an event. */
export type EventEnvelope<T extends EventType = EventType> = { v: 1; params: EventPayload<T> }

const envelope = z.object({ v: z.literal(PROTOCOL_VERSION), id: requestId, params: z.unknown() })
const eventEnvelope = z.object({ v: z.literal(PROTOCOL_VERSION), params: z.unknown() })
const replyEnvelope = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    // Spec §8: a reply with no message still reads back, as 'An error occurred' (fromErrorShape).
    error: z.object({ code: z.int(), message: z.optional(z.string()), data: z.optional(z.unknown()) }),
  }),
])

export type ParsedRequest<T extends RequestType = RequestType> = {
  type: T
  id: string
  params: ParsedParams<T>
}
export type ParseResult<T> = { ok: true; value: T } | { ok: false; id?: string; error: ProtocolError }

function byteLength(data: unknown): number {
  try {
    return new TextEncoder().encode(JSON.stringify(data) ?? '').length
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/** Builds a request envelope with a fresh crypto-random id. */
export function createRequest<T extends RequestType>(_type: T, params: RequestParams<T>): RequestEnvelope<T> {
  return { v: PROTOCOL_VERSION, id: crypto.randomUUID(), params }
}

/**
 * Validates an incoming request the way the frame must before any handler runs: size (≤128 KB),
 * known type, envelope, params schema, and for RPC_REQUEST the allowed list and the method's params.
 */
export function parseRequest(type: unknown, data: unknown): ParseResult<ParsedRequest> {
  if (byteLength(data) > MAX_MESSAGE_BYTES) {
    return { ok: false, error: new InvalidRequestError(`Message exceeds ${MAX_MESSAGE_BYTES} bytes`) }
  }
  if (!isRequestType(type)) {
    return { ok: false, error: new InvalidRequestError(`Unknown request type: ${String(type).slice(0, 64)}`) }
  }
  const env = envelope.safeParse(data, { reportInput: true })
  if (!env.success) {
    const id = typeof (data as { id?: unknown })?.id === 'string' ? (data as { id: string }).id : undefined
    const issues = toIssues(env.error.issues)
    const error = new InvalidRequestError(
      `Invalid envelope for ${type}: ${issues[0]?.path.join('.') ?? ''}`,
      {
        data: { issues },
      },
    )
    return id && requestId.safeParse(id).success ? { ok: false, id, error } : { ok: false, error }
  }
  const { id } = env.data
  const params = requests[type].params.safeParse(env.data.params, { reportInput: true })
  if (!params.success)
    return { ok: false, id, error: new InvalidParamsError(type, toIssues(params.error.issues)) }
  if (type === 'RPC_REQUEST') {
    try {
      checkRpcCall(params.data as ParsedParams<'RPC_REQUEST'>)
    } catch (error) {
      return { ok: false, id, error: error as ProtocolError }
    }
  }
  return { ok: true, value: { type, id, params: params.data as ParsedParams<RequestType> } }
}

/** Validates outgoing params on the parent before posting, so bad input fails fast with the same error. */
export function checkParams<T extends RequestType>(type: T, params: unknown): ParsedParams<T> {
  const parsed = requests[type].params.safeParse(params, { reportInput: true })
  if (!parsed.success) throw new InvalidParamsError(type, toIssues(parsed.error.issues))
  if (type === 'RPC_REQUEST') checkRpcCall(parsed.data as ParsedParams<'RPC_REQUEST'>)
  return parsed.data as ParsedParams<T>
}

export function okReply<R>(result: R): Reply<R> {
  return { ok: true, result }
}

export function errorReply(error: unknown): Reply<never> {
  return { ok: false, error: toErrorShape(error) }
}

/**
 * Reads a reply on the parent. A well-formed error becomes a ProtocolError with the frame's code and
 * wording; a malformed reply or a result that breaks the table's schema becomes -32603.
 */
export function parseReply<T extends RequestType>(type: T, data: unknown): ParseResult<RequestResult<T>> {
  const env = replyEnvelope.safeParse(data)
  if (!env.success) return { ok: false, error: new InternalError('An error occurred') }
  if (!env.data.ok) return { ok: false, error: fromErrorShape(env.data.error) }
  const result = requests[type].result.safeParse(env.data.result)
  if (!result.success) {
    return { ok: false, error: new InternalError(`Invalid result for ${type}`) }
  }
  return { ok: true, value: result.data as RequestResult<T> }
}

export function createEvent<T extends EventType>(_type: T, params: EventPayload<T>): EventEnvelope<T> {
  return { v: PROTOCOL_VERSION, params }
}

/** Reads an event the frame posted; anything off-table or malformed is refused. */
export function parseEvent(type: unknown, data: unknown): ParseResult<{ type: EventType; params: unknown }> {
  if (!isEventType(type))
    return { ok: false, error: new InvalidRequestError(`Unknown event type: ${String(type)}`) }
  const env = eventEnvelope.safeParse(data)
  if (!env.success) return { ok: false, error: new InvalidRequestError(`Invalid envelope for ${type}`) }
  const params = events[type].safeParse(env.data.params, { reportInput: true })
  if (!params.success)
    return { ok: false, error: new InvalidParamsError(type, toIssues(params.error.issues)) }
  return { ok: true, value: { type, params: params.data } }
}

export { ProtocolError }
