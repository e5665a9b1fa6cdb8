/**
 * Sends a parsed JSON-RPC payload on to a chain's node (or bundler) and builds the HTTP answer: the
 * upstream's own answer, byte for byte, when every item could go; the upstream's answers merged with the
 * gateway's own errors, in request order, when some items were refused. What goes upstream is always the
 * checked requests written anew, never the bytes the dApp sent: a member the checks did not see (a second
 * `"method"`, a `"Method"`) cannot reach the node.
 * @module
 */
import {
  applyAllowlist,
  type JsonRpcErrorResponse,
  type JsonRpcId,
  type JsonRpcItem,
  type JsonRpcPayload,
  type JsonRpcRequest,
  RPC_ERROR,
  rpcError,
} from './jsonRpc.ts'
import { type Upstream, UpstreamError } from './upstream.ts'

/** The HTTP answer: status and JSON text (`null`: nothing to answer, only notifications → 204). */
export type RelayAnswer = { status: number; body: string | null }

const NO_ANSWER: RelayAnswer = { status: 204, body: null }

/** Why the upstream gave no usable answer: its non-2xx HTTP status, or null when it was not reached. */
export type UpstreamFailure = { status: number | null; message: string }

type Sent = { ok: true; text: string } | ({ ok: false } & UpstreamFailure)

async function send(upstream: Upstream, url: string, text: string): Promise<Sent> {
  try {
    const answer = await upstream.post(url, text)
    if (answer.status >= 200 && answer.status < 300) return { ok: true, text: answer.body }
    return { ok: false, status: answer.status, message: `Upstream answered HTTP ${answer.status}` }
  } catch (error) {
    if (error instanceof UpstreamError) return { ok: false, status: null, message: error.message }
    throw error
  }
}

const json = (value: unknown): string => JSON.stringify(value)

/**
 * The answer for items that failed upstream: each forwarded one gets -32603 with `message`, in a 200 like
 * every other JSON-RPC answer of the gateway (viem then reports an InternalRpcError, and its fallback
 * transport moves on to the next node). Notifications get nothing, failed or not.
 */
function upstreamFailure(items: readonly JsonRpcItem[], message: string, batch: boolean): RelayAnswer {
  const answers = items.flatMap((item): JsonRpcErrorResponse[] => {
    if (!item.ok) return item.response ? [item.response] : []
    const { id } = item.request
    return id === undefined ? [] : [rpcError(id, RPC_ERROR.internal, message)]
  })
  if (answers.length === 0) return NO_ANSWER
  return { status: 200, body: json(batch ? answers : answers[0]) }
}

/** Whether any of `requests` has an id (JSON-RPC answers only those; notifications get nothing). */
const wantsAnswer = (requests: readonly JsonRpcRequest[]) => requests.some((r) => r.id !== undefined)

/** Reads an upstream batch answer into a map from the ids the gateway gave (item indexes) to answers. */
function answersByIndex(text: string): Map<number, Record<string, unknown>> | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!Array.isArray(value)) return undefined
  const byIndex = new Map<number, Record<string, unknown>>()
  for (const answer of value)
    if (typeof answer === 'object' && answer !== null && typeof answer.id === 'number')
      byIndex.set(answer.id, answer as Record<string, unknown>)
  return byIndex
}

export type RelayOptions = {
  /** Methods sent on; the others are answered with -32601. */
  allowed: ReadonlySet<string>
  /**
   * Called when the upstream is unreachable or answers non-2xx, before the default answer (-32603
   * for each forwarded item) is built; it may throw an HTTP error instead (the bundler passthrough does).
   */
  onFailure?: (failure: UpstreamFailure) => void
}

/**
 * Relays `payload` to `url`, refusing methods not in `options.allowed`.
 * @example
 * const answer = await relayJsonRpc(upstream, chain.rpcUrl, parseJsonRpc(text), { allowed: GATEWAY_METHODS })
 */
export async function relayJsonRpc(
  upstream: Upstream,
  url: string,
  payload: JsonRpcPayload,
  options: RelayOptions,
): Promise<RelayAnswer> {
  const { allowed } = options
  const failed = (items: readonly JsonRpcItem[], failure: UpstreamFailure, batch: boolean) => {
    options.onFailure?.(failure)
    return upstreamFailure(items, failure.message, batch)
  }
  if (payload.kind === 'refused') return { status: 200, body: json(payload.response) }

  if (payload.kind === 'single') {
    const item = applyAllowlist(payload.item, allowed)
    if (!item.ok) return item.response ? { status: 200, body: json(item.response) } : NO_ANSWER
    const sent = await send(upstream, url, json(item.request))
    if (!sent.ok) return failed([item], sent, false)
    return wantsAnswer([item.request]) ? { status: 200, body: sent.text } : NO_ANSWER
  }

  const items = payload.items.map((item) => applyAllowlist(item, allowed))
  // Every item may go: the checked batch is sent with the dApp's ids and the node's answer returned as it is.
  const requests = items.flatMap((item) => (item.ok ? [item.request] : []))
  if (requests.length === items.length) {
    const sent = await send(upstream, url, json(requests))
    if (!sent.ok) return failed(items, sent, true)
    return wantsAnswer(requests) ? { status: 200, body: sent.text } : NO_ANSWER
  }

  // Some items are answered here. The others go as a smaller batch, each under its index as id (the
  // dApp's ids may repeat or be null), and get their own ids back in the answer.
  const forwarded: JsonRpcRequest[] = []
  items.forEach((item, index) => {
    if (item.ok) forwarded.push(item.request.id === undefined ? item.request : { ...item.request, id: index })
  })
  let byIndex = new Map<number, Record<string, unknown>>()
  if (forwarded.length > 0) {
    const sent = await send(upstream, url, json(forwarded))
    if (!sent.ok) return failed(items, sent, true)
    // Only notifications went: the node rightly answers nothing (anvil: 204), and nothing is read.
    if (wantsAnswer(forwarded)) {
      const read = answersByIndex(sent.text)
      if (!read) return failed(items, { status: null, message: 'Upstream answer is not a batch' }, true)
      byIndex = read
    }
  }
  const answers: unknown[] = []
  items.forEach((item, index) => {
    if (!item.ok) {
      if (item.response) answers.push(item.response)
      return
    }
    const id: JsonRpcId | undefined = item.request.id
    if (id === undefined) return
    const answer = byIndex.get(index)
    answers.push(answer ? { ...answer, id } : rpcError(id, RPC_ERROR.internal, 'Upstream gave no answer'))
  })
  return answers.length > 0 ? { status: 200, body: json(answers) } : NO_ANSWER
}
