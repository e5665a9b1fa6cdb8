/**
 * The RPC gateway (spec §7 "RPC"): JSON-RPC 2.0 to a configured chain's node, one call or a batch, and the
 * bundler passthrough to the chain's ERC-4337 bundler. The answers are JSON-RPC, errors included (a refused
 * method is -32601 in the answer, not an HTTP error); only the project, chain and rate-limit checks answer
 * with HTTP errors `{ code, message }`.
 * @module
 */
import * as z from 'zod/mini'
import { endpoint, networkId } from './endpoint.ts'

/** Largest batch the gateway takes (more: one -32600 error for the whole batch). */
export const MAX_RPC_BATCH = 100

const jsonRpcId = z.union([z.string().check(z.maxLength(256)), z.number(), z.null()])

/**
 * One JSON-RPC 2.0 request (without `id`: a notification, answered with nothing). No other members: the
 * gateway forwards exactly what it checked, so a member it does not know (`"Method"`) is refused.
 */
export const jsonRpcRequest = z.strictObject({
  jsonrpc: z.literal('2.0'),
  id: z.optional(jsonRpcId),
  method: z.string().check(z.minLength(1), z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
})
export type JsonRpcRequest = z.infer<typeof jsonRpcRequest>

/**
 * One JSON-RPC 2.0 answer: `result`, or `error` (-32700 parse, -32600 invalid request, -32601 method not
 * allowed, -32603 node unreachable or failing, or the node's own).
 */
export const jsonRpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: jsonRpcId,
  result: z.optional(z.unknown()),
  error: z.optional(z.object({ code: z.int(), message: z.string(), data: z.optional(z.unknown()) })),
})
export type JsonRpcResponse = z.infer<typeof jsonRpcResponse>

const rpcBody = z.union([jsonRpcRequest, z.array(jsonRpcRequest)])
const rpcAnswer = z.union([jsonRpcResponse, z.array(jsonRpcResponse)])

export const rpcQuery = z.object({ chainId: networkId })

export const postRpc = endpoint({
  method: 'post',
  path: '/v1/',
  summary:
    'JSON-RPC 2.0 to the chain `chainId` (one call or a batch of at most 100; each item counts against the ' +
    "project's rate limit). Read methods and eth_sendRawTransaction are forwarded; other methods are " +
    "answered with -32601 'Method not allowed: <name>'. The request is forwarded as checked and re-written, " +
    'never as sent: an item with an unknown member or a member named twice is -32600. A batch of only ' +
    'notifications gets no answer (204). An unconfigured chain is 400 unsupported_chain; ' +
    'when the node cannot be reached or fails, each forwarded call is answered with -32603.',
  auth: 'gateway',
  query: rpcQuery,
  body: rpcBody,
  response: rpcAnswer,
  noContent: 'Only notifications (requests without `id`): JSON-RPC 2.0 answers them with nothing.',
})

export const bundlerQuery = z.object({
  chainId: networkId,
  /** The bundler's name in the SDK's URL (e.g. `pimlico`); chain-api has one bundler per chain and ignores it. */
  bundler: z.optional(z.string().check(z.maxLength(64))),
})

export const postBundler = endpoint({
  method: 'post',
  path: '/v1/bundler',
  summary:
    "JSON-RPC 2.0 to the ERC-4337 bundler of chain `chainId` (eth_getUserOperationReceipt, eth_sendUserOperation, eth_estimateUserOperationGas, eth_getUserOperationByHash, eth_supportedEntryPoints, eth_chainId). No bundler configured: 400 'No bundler for chainId: …'; a non-2xx bundler answer: 502 bundler_error 'Failed to fetch user operation receipt - {status}'.",
  auth: 'gateway',
  query: bundlerQuery,
  body: rpcBody,
  response: rpcAnswer,
  noContent: 'Only notifications (requests without `id`): JSON-RPC 2.0 answers them with nothing.',
  errors: [502],
})
