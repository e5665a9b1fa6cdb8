/**
 * The WalletConnect relay's JSON-RPC as the Sign clients (`@walletconnect/core` 2.21) speak it over the
 * socket: the `irn_*` methods, the two with which sign-client pairs a session in one publish each
 * (`wc_proposeSession`, `wc_approveSession`), and the clients' answers to the relay's `irn_subscription`.
 * Every frame is checked here before the relay acts on it.
 * @module
 */
import * as z from 'zod/mini'

/** JSON-RPC 2.0 error codes the relay answers with. */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const

export type RpcId = string | number

const id = z.union([z.string().check(z.maxLength(100)), z.number()])

/** A topic is the hex SHA-256 of a key (pairing and session topics alike). */
const topic = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'expected a topic: 64 lowercase hex characters'))
/** An encrypted envelope, base64: the relay never reads it. */
const message = z.string().check(z.minLength(1), z.maxLength(1_000_000))
/** Seconds the relay keeps a message for subscribers yet to come (the clients send 30 s to 30 days). */
const ttl = z.int().check(z.positive(), z.maximum(30 * 24 * 3600))
const attestation = z.optional(z.string())

const publish = z.object({ topic, message, ttl, attestation })

/** Params of each method the relay serves (unknown members, e.g. `prompt`, `tag`, `correlationId`, are dropped). */
export const METHOD_PARAMS = {
  irn_publish: publish,
  irn_subscribe: z.object({ topic }),
  irn_batchSubscribe: z.object({ topics: z.array(topic).check(z.maxLength(1000)) }),
  irn_unsubscribe: z.object({ topic, id: z.string() }),
  irn_batchFetchMessages: z.object({ topics: z.array(topic).check(z.maxLength(1000)) }),
  /** The dApp's proposal, published on the pairing topic, which the dApp is subscribed to. */
  wc_proposeSession: z.object({ pairingTopic: topic, sessionProposal: message, ttl, attestation }),
  /**
   * The wallet's approval: the answer to the proposal on the pairing topic and the session's settle request
   * on the new session topic, which the wallet is subscribed to.
   */
  wc_approveSession: z.object({
    pairingTopic: topic,
    sessionTopic: topic,
    sessionProposalResponse: message,
    sessionSettlementRequest: message,
    ttl,
  }),
} as const

export type RelayMethod = keyof typeof METHOD_PARAMS
export type MethodParams<M extends RelayMethod> = z.infer<(typeof METHOD_PARAMS)[M]>

const request = z.object({
  jsonrpc: z.literal('2.0'),
  id,
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.unknown()),
})
/** A client's answer to one of the relay's requests (its acknowledgement of an `irn_subscription`). */
const response = z.object({
  jsonrpc: z.literal('2.0'),
  id,
  result: z.optional(z.unknown()),
  error: z.optional(z.object({ code: z.number(), message: z.string() })),
})

export type RpcErrorResponse = {
  jsonrpc: '2.0'
  id: RpcId | null
  error: { code: number; message: string; data?: unknown }
}

/** What one frame from a client is. */
export type Frame =
  | { kind: 'call'; id: RpcId; call: Call }
  | { kind: 'response'; id: RpcId }
  | { kind: 'refused'; response: RpcErrorResponse }

/** A request the relay serves, its params checked. */
export type Call = { [M in RelayMethod]: { method: M; params: MethodParams<M> } }[RelayMethod]

export function rpcError(id: RpcId | null, code: number, message: string, data?: unknown): RpcErrorResponse {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }
}

const isMethod = (method: string): method is RelayMethod => Object.hasOwn(METHOD_PARAMS, method)

/**
 * Reads one text frame.
 * @example
 * parseFrame('{"jsonrpc":"2.0","id":"1","method":"irn_subscribe","params":{"topic":"ab…"}}')
 * // { kind: 'call', id: '1', call: { method: 'irn_subscribe', params: { topic: 'ab…' } } }
 */
export function parseFrame(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'refused', response: rpcError(null, RPC_ERROR.parse, 'Parse error') }
  }
  if (typeof value === 'object' && value !== null && !('method' in value)) {
    const answer = response.safeParse(value)
    if (answer.success) return { kind: 'response', id: answer.data.id }
  }
  const parsed = request.safeParse(value)
  if (!parsed.success) {
    const knownId = id.safeParse((value as { id?: unknown } | null)?.id)
    return {
      kind: 'refused',
      response: rpcError(
        knownId.success ? knownId.data : null,
        RPC_ERROR.invalidRequest,
        'Invalid Request',
        parsed.error.issues,
      ),
    }
  }
  const { id: callId, method, params } = parsed.data
  if (!isMethod(method))
    return {
      kind: 'refused',
      response: rpcError(callId, RPC_ERROR.methodNotFound, `Method not found: ${method}`),
    }
  const checked = METHOD_PARAMS[method].safeParse(params)
  if (!checked.success)
    return {
      kind: 'refused',
      response: rpcError(
        callId,
        RPC_ERROR.invalidParams,
        `Invalid params for ${method}: ${z.prettifyError(checked.error)}`,
        checked.error.issues,
      ),
    }
  return { kind: 'call', id: callId, call: { method, params: checked.data } as Call }
}
