/**
 * @keyframe/protocol — the contract between the Keyframe parent SDK and the frame, and the spec's rules.
 * @module
 */

export * from './core.ts'
export * from './envelope.ts'
export * from './rpc/methods.ts'
export { safeRpcParams, unsafeRpcParams } from './rpc/params.ts'
export { type CheckedRpcCall, checkRpcCall, type RpcCall } from './rpc/validate.ts'
export * from './rules/accountName.ts'
export * from './rules/assets.ts'
export * from './rules/coinType.ts'
export * from './rules/display.ts'
export * from './rules/emailCooldown.ts'
export * from './rules/gas.ts'
export * from './rules/history.ts'
export * from './rules/networks.ts'
export * from './rules/origins.ts'
export * from './rules/rpcResult.ts'
export * from './rules/send.ts'
export * from './rules/sendCalls.ts'
export * from './rules/spam.ts'
export type * from './rules/transaction.ts'
export type { User } from './schemas/common.ts'
export * as schemas from './schemas/common.ts'
export * from './table/events.ts'
export * from './table/requests.ts'
export * from './wire.ts'
