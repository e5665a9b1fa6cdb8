/**
 * JSON-RPC 2.0 payloads as the gateway receives them: one request or a batch, each item checked on its own
 * so that one bad item in a batch is answered with its error while the others go on. What is checked is what
 * goes on: an item with a member the schema does not know or a member named twice (which `JSON.parse` would
 * quietly resolve one way and a node perhaps the other) is refused.
 * @module
 */
import { type JsonRpcRequest, jsonRpcRequest, MAX_RPC_BATCH } from '@keyframe/protocol/chain-api/gateway'
import { duplicateMembers } from './duplicateMembers.ts'

export type { JsonRpcRequest } from '@keyframe/protocol/chain-api/gateway'
export type JsonRpcId = string | number | null

export type JsonRpcErrorResponse = {
  jsonrpc: '2.0'
  id: JsonRpcId
  error: { code: number; message: string; data?: unknown }
}

/** JSON-RPC 2.0 error codes the gateway answers itself. */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  internal: -32603,
} as const

/** Largest batch the gateway takes; a larger one is refused as a whole (-32600). */
export const MAX_BATCH = MAX_RPC_BATCH

/**
 * An item that can be sent on, or the error that answers it (`null`: a refused notification, which JSON-RPC
 * answers with nothing).
 */
export type JsonRpcItem =
  | { ok: true; request: JsonRpcRequest }
  | { ok: false; response: JsonRpcErrorResponse | null }

/**
 * A parsed payload: one request, a batch, or an answer for the payload as a whole (not JSON, empty batch,
 * batch too large), which reaches no node and so is answered before the rate limit. `count` is how many
 * calls it is for the rate limit (each batch item counts).
 */
export type JsonRpcPayload =
  | { kind: 'single'; item: JsonRpcItem; count: 1 }
  | { kind: 'batch'; items: JsonRpcItem[]; count: number }
  | { kind: 'refused'; response: JsonRpcErrorResponse }

export function rpcError(id: JsonRpcId, code: number, message: string): JsonRpcErrorResponse {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

/** The id to answer an invalid item with: its own when it has a usable one, else null (JSON-RPC 2.0 §5). */
function idOf(value: unknown): JsonRpcId {
  if (typeof value !== 'object' || value === null || !('id' in value)) return null
  const { id } = value
  return (typeof id === 'string' && id.length <= 256) || typeof id === 'number' ? id : null
}

/** `duplicate`: a member the item names twice (its text holds it twice; `value` has one of them). */
function parseItem(value: unknown, duplicate: string | undefined): JsonRpcItem {
  const refuse = (detail?: string): JsonRpcItem => ({
    ok: false,
    response: rpcError(
      idOf(value),
      RPC_ERROR.invalidRequest,
      detail ? `Invalid Request: ${detail}` : 'Invalid Request',
    ),
  })
  if (duplicate !== undefined) return refuse(`duplicate member ${JSON.stringify(duplicate)}`)
  const parsed = jsonRpcRequest.safeParse(value)
  if (parsed.success) return { ok: true, request: parsed.data }
  const unknown = parsed.error.issues.find((issue) => issue.code === 'unrecognized_keys')
  return refuse(unknown && `unknown member ${JSON.stringify(unknown.keys[0])}`)
}

/**
 * Parses the text of a JSON-RPC POST body.
 * @example
 * parseJsonRpc('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}') // { kind: 'single', … }
 */
export function parseJsonRpc(text: string, maxBatch = MAX_BATCH): JsonRpcPayload {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'refused', response: rpcError(null, RPC_ERROR.parse, 'Parse error') }
  }
  if (Array.isArray(value) && value.length === 0)
    return {
      kind: 'refused',
      response: rpcError(null, RPC_ERROR.invalidRequest, 'Invalid Request: empty batch'),
    }
  if (Array.isArray(value) && value.length > maxBatch)
    return {
      kind: 'refused',
      response: rpcError(
        null,
        RPC_ERROR.invalidRequest,
        `Invalid Request: a batch holds at most ${maxBatch} requests, got ${value.length}`,
      ),
    }
  const duplicates = duplicateMembers(text)
  if (!Array.isArray(value)) return { kind: 'single', item: parseItem(value, duplicates.get(0)), count: 1 }
  const items = value.map((item: unknown, index) => parseItem(item, duplicates.get(index)))
  return { kind: 'batch', items, count: value.length }
}

/**
 * Refuses items whose method is not in `allowed` with -32601 'Method not allowed: <name>' (a refused
 * notification gets no answer).
 */
export function applyAllowlist(item: JsonRpcItem, allowed: ReadonlySet<string>): JsonRpcItem {
  if (!item.ok || allowed.has(item.request.method)) return item
  const { id, method } = item.request
  if (id === undefined) return { ok: false, response: null }
  return { ok: false, response: rpcError(id, RPC_ERROR.methodNotFound, `Method not allowed: ${method}`) }
}
