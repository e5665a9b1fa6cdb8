/**
 * The provider's lazy half: which class an RPC method is in (SPEC §6). The method table holds the
 * protocol's schemas (zod), so it loads on the first request that needs it, never before `open()`.
 * @module
 */
import { classifyRpc, type RpcClass } from '@keyframe/protocol'

/** 'safe' (proxied to the chain), 'unsafe' (approved in the frame) or 'unknown' (refused). */
export function classOf(method: string): RpcClass {
  return classifyRpc(method)
}
