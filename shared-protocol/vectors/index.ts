/**
 * Conformance vectors: valid and invalid messages with the outcome the protocol requires. The frame's and
 * the parent's tests, and `npm run conformance` against any deployment, all run these same files.
 * @module
 */
import caip from './caip.json' with { type: 'json' }
import events from './events.json' with { type: 'json' }
import replies from './replies.json' with { type: 'json' }
import requests from './requests.json' with { type: 'json' }
import rpc from './rpc.json' with { type: 'json' }

/** The outcome a vector expects: accepted, or refused with this code (and, where given, this exact message). */
export type Expectation = { ok: true } | { ok: false; code: number; message?: string }

/** A request envelope posted to the frame as a wire request of `type`. */
export type RequestVector = { kind: 'request'; name: string; type: string; data: unknown; expect: Expectation }
/** A reply the frame sends for a request of `type`. */
export type ReplyVector = { kind: 'reply'; name: string; type: string; data: unknown; expect: Expectation }
/** An event the frame posts as a wire event of `type`. */
export type EventVector = { kind: 'event'; name: string; type: string; data: unknown; expect: Expectation }
/**
 * An RPC call inside RPC_REQUEST: its class when allowed, or the error when refused; `class: 'refused'` marks
 * a method refused on purpose with its own error (`rpc/refused.ts`), not spec §6's unknown-method flow.
 */
export type RpcVector = {
  kind: 'rpc'
  name: string
  method: string
  params?: unknown
  expect:
    | { ok: true; class: 'safe' | 'unsafe' }
    | { ok: false; code: number; message?: string; class?: 'refused' }
}
/** A CAIP-2 or CAIP-10 string: its parts when valid, or the exact error message. */
export type CaipVector = {
  kind: 'caip2' | 'caip10'
  name: string
  input: string
  expect: { ok: true; value: Record<string, string> } | { ok: false; message: string }
}

export type Vector = RequestVector | ReplyVector | EventVector | RpcVector | CaipVector

export const requestVectors = requests as RequestVector[]
export const replyVectors = replies as ReplyVector[]
export const eventVectors = events as EventVector[]
export const rpcVectors = rpc as RpcVector[]
export const caipVectors = caip as CaipVector[]

/** Every vector, in file order. */
export const vectors: Vector[] = [...requestVectors, ...replyVectors, ...eventVectors, ...rpcVectors, ...caipVectors]
