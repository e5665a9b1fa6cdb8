import { safeRpcParams, unsafeRpcParams } from './params.ts'
import { isRefusedRpcMethod } from './refused.ts'

export type SafeRpcMethod = keyof typeof safeRpcParams
export type UnsafeRpcMethod = keyof typeof unsafeRpcParams
export type AllowedRpcMethod = SafeRpcMethod | UnsafeRpcMethod
/**
 * safe (read-only: answered by the frame or proxied to the node), unsafe (approved in the frame), refused
 * (known, declined with its own error: `refused.ts`) or unknown (spec §6's flow).
 */
export type RpcClass = 'safe' | 'unsafe' | 'refused' | 'unknown'

/** Read-only methods (spec §6), derived from the param table. */
export const SAFE_RPC_METHODS = Object.keys(safeRpcParams) as SafeRpcMethod[]
/** Methods gated by the frame's approval screen (spec §6), derived from the param table. */
export const UNSAFE_RPC_METHODS = Object.keys(unsafeRpcParams) as UnsafeRpcMethod[]

/** Classifies an RPC method (spec §6), see {@link RpcClass}. */
export function classifyRpc(method: string): RpcClass {
  if (Object.hasOwn(safeRpcParams, method)) return 'safe'
  if (Object.hasOwn(unsafeRpcParams, method)) return 'unsafe'
  if (isRefusedRpcMethod(method)) return 'refused'
  return 'unknown'
}

export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return classifyRpc(method) === 'safe'
}

export function isUnsafeRpcMethod(method: string): method is UnsafeRpcMethod {
  return classifyRpc(method) === 'unsafe'
}
