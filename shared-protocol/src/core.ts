/**
 * `@keyframe/protocol/core` — the zod-free part of the protocol: constants, CAIP-2/10 and the error
 * classes. Code that runs before a dApp opens the modal imports from here, so no schema code loads with it;
 * the root entry re-exports the same modules, so classes stay identical (`instanceof` works across both).
 * @module
 */
export * from './caip.ts'
export * from './constants.ts'
export { type ErrorShape, ProtocolError } from './errors/base.ts'
export { ChainNotAllowedError } from './errors/chainNotAllowed.ts'
export { ErrorCode, type ErrorCodeValue } from './errors/codes.ts'
export {
  ChainDisconnectedError,
  ChainNotSupportedError,
  DisconnectedError,
  MethodNotSupportedError,
  NotAvailableError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './errors/provider.ts'
export { InternalError, InvalidParamsError, InvalidRequestError, type Issue } from './errors/rpc.ts'
export { fromErrorShape, toErrorShape, toProtocolError } from './errors/serialize.ts'
export {
  EmailCooldownError,
  FrameLoadError,
  InvalidKeyError,
  OriginNotAllowedError,
  RefusedError,
  RequestAbortedError,
  RequestTimeoutError,
} from './errors/spec.ts'
// Zod-free: the SDK's provider answers these methods without loading the method table.
export { isRefusedRpcMethod, type RefusedRpcMethod, refusalOf, refusedRpcMethods } from './rpc/refused.ts'
export * from './rules/contrast.ts'
export * from './rules/emailCooldown.ts'
export * from './rules/themeTokens.ts'
