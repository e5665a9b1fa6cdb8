/**
 * The provider's lazy half: which class an RPC method is in (SPEC §6). The method table holds the
 * protocol's schemas (zod), so it loads on the first request that needs it, never before `open()`.
 * @module
 */
import { classifyRpc, type RpcClass } from '@keyframe/protocol'
import { isRefusedRpcMethod, refusalOf } from '@keyframe/protocol/core'

/**
 * 'safe' (answered by the frame or proxied to the chain), 'unsafe' (approved in the frame), 'refused' (a
 * method wallets know, declined with its own error) or 'unknown' (spec §6's flow).
 */
export function classOf(method: string): RpcClass {
  return classifyRpc(method)
}

/** The error a 'refused' method gets: its own code and reason, the method named (`rpc/refused.ts`). */
export function refusal(method: string): Error {
  if (!isRefusedRpcMethod(method)) throw new TypeError(`${method} is not a refused method`)
  return refusalOf(method)
}
