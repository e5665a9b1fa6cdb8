import { safeRpcParams, unsafeRpcParams } from './params.ts'

export type SafeRpcMethod = keyof typeof safeRpcParams
export type UnsafeRpcMethod = keyof typeof unsafeRpcParams
export type AllowedRpcMethod = SafeRpcMethod | UnsafeRpcMethod
export type RpcClass = 'safe' | 'unsafe' | 'unknown'

/** Read-only methods (spec §6), derived from the param table. */
export const SAFE_RPC_METHODS = Object.keys(safeRpcParams) as SafeRpcMethod[]
/** Methods gated by the frame's approval screen (spec §6), derived from the param table. */
export const UNSAFE_RPC_METHODS = Object.keys(unsafeRpcParams) as UnsafeRpcMethod[]

/** Classifies an RPC method: safe (proxied), unsafe (needs approval in the frame) or unknown (rejected). */
export function classifyRpc(method: string): RpcClass {
  if (Object.hasOwn(safeRpcParams, method)) return 'safe'
  if (Object.hasOwn(unsafeRpcParams, method)) return 'unsafe'
  return 'unknown'
}

export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return classifyRpc(method) === 'safe'
}

export function isUnsafeRpcMethod(method: string): method is UnsafeRpcMethod {
  return classifyRpc(method) === 'unsafe'
}
