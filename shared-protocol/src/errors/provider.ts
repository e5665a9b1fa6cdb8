import { ProtocolError } from './base.ts'
import { ErrorCode } from './codes.ts'

/** 4001 — the user rejected the request (in the frame's approval screen, or it timed out undecided). */
export class UserRejectedRequestError extends ProtocolError {
  override name = 'UserRejectedRequestError'
  static readonly code = ErrorCode.userRejected
  constructor(message = 'User rejected the request.', options?: { data?: unknown; cause?: unknown }) {
    super(ErrorCode.userRejected, message, options)
  }
}

/** 4100 — the request needs a session and there is none. */
export class UnauthorizedError extends ProtocolError {
  override name = 'UnauthorizedError'
  static readonly code = ErrorCode.unauthorized
  constructor(message = 'The requested method and/or account has not been authorized by the user.') {
    super(ErrorCode.unauthorized, message)
  }
}

/**
 * 4200 — an RPC method that is neither safe nor gated (spec §6: 'Requested RPC call is not allowed'). The
 * message names the method too, so a dApp's log says which call was refused without reading `data`.
 */
export class UnsupportedMethodError extends ProtocolError {
  override name = 'UnsupportedMethodError'
  static readonly code = ErrorCode.unsupportedMethod
  constructor(method: string) {
    const message = 'Requested RPC call is not allowed'
    super(ErrorCode.unsupportedMethod, method ? `${message}: ${method}` : message, { data: { method } })
  }
}

/**
 * A method wallets know that Keyframe refuses on purpose (eth_sign, eth_subscribe…): its own code and a
 * message saying why, without spec §6's unknown-method flow. The reasons are in `rpc/refused.ts`.
 */
export class MethodNotSupportedError extends ProtocolError {
  override name = 'MethodNotSupportedError'
  constructor(method: string, code: number, message: string) {
    super(code, message, { data: { method } })
  }
}

/** 4200 — a request type the frame knows but whose feature has not landed in this deployment. */
export class NotAvailableError extends ProtocolError {
  override name = 'NotAvailableError'
  static readonly code = ErrorCode.unsupportedMethod
  constructor(type: string) {
    super(ErrorCode.unsupportedMethod, `${type} is not available in this frame yet`, { data: { type } })
  }
}

/** 4900 — no chain connection at all. */
export class DisconnectedError extends ProtocolError {
  override name = 'DisconnectedError'
  static readonly code = ErrorCode.disconnected
  constructor(message = 'The provider is disconnected from all chains.') {
    super(ErrorCode.disconnected, message)
  }
}

/** 4901 — not connected to the requested chain. */
export class ChainDisconnectedError extends ProtocolError {
  override name = 'ChainDisconnectedError'
  static readonly code = ErrorCode.chainDisconnected
  constructor(message = 'The provider is not connected to the requested chain.') {
    super(ErrorCode.chainDisconnected, message)
  }
}

/** 4902 — the wallet does not know the chain and could not add it (spec §4: 'Chain is not supported'). */
export class ChainNotSupportedError extends ProtocolError {
  override name = 'ChainNotSupportedError'
  static readonly code = ErrorCode.unrecognizedChain
  constructor(options?: { cause?: unknown }) {
    super(ErrorCode.unrecognizedChain, 'Chain is not supported', options)
  }
}
