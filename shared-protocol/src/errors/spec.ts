import { ProtocolError } from './base.ts'
import { ErrorCode } from './codes.ts'

/** An aborted request (spec §8): RPC aborts read 'Request was aborted', others 'Something went wrong'. */
export class RequestAbortedError extends ProtocolError {
  override name = 'RequestAbortedError'
  static readonly code = ErrorCode.aborted
  constructor(kind: 'rpc' | 'other' = 'rpc') {
    super(ErrorCode.aborted, kind === 'rpc' ? 'Request was aborted' : 'Something went wrong')
  }
}

/** A request that outlived its timeout from the message table. */
export class RequestTimeoutError extends ProtocolError {
  override name = 'RequestTimeoutError'
  static readonly code = ErrorCode.timeout
  constructor(type: string, timeoutMs: number) {
    super(ErrorCode.timeout, `${type} timed out after ${timeoutMs} ms`, { data: { type, timeoutMs } })
  }
}

/** The frame did not report READY in time, or failed to load (spec §8 wording). */
export class FrameLoadError extends ProtocolError {
  override name = 'FrameLoadError'
  static readonly code = ErrorCode.frameLoadFailed
  constructor(options?: { cause?: unknown; data?: unknown }) {
    super(ErrorCode.frameLoadFailed, 'Unable to load email login dependency', options)
  }
}

/** E-mail login triggered inside the 30 s cooldown (spec §5 wording, seconds rounded up). */
export class EmailCooldownError extends ProtocolError {
  override name = 'EmailCooldownError'
  static readonly code = ErrorCode.emailCooldown
  constructor(seconds: number) {
    super(ErrorCode.emailCooldown, `Please try again after ${seconds} seconds`, { data: { seconds } })
  }
}

/** The page's origin is not allowed for the project (spec §8: invalid app configuration). */
export class OriginNotAllowedError extends ProtocolError {
  override name = 'OriginNotAllowedError'
  static readonly code = ErrorCode.originNotAllowed
  constructor(origin: string) {
    super(ErrorCode.originNotAllowed, `Origin ${origin} is not allowed for this project`, {
      data: { origin },
    })
  }
}

/** The project id is unknown to this frame or differs from the one it was loaded for (spec §8: 'Invalid key'). */
export class InvalidKeyError extends ProtocolError {
  override name = 'InvalidKeyError'
  static readonly code = ErrorCode.invalidKey
  constructor(projectId?: string) {
    super(ErrorCode.invalidKey, 'Invalid key', projectId === undefined ? {} : { data: { projectId } })
  }
}

/**
 * The frame's server refused a login or account step; the message is its own, written for the person
 * ('Invalid code', 'Too many wrong codes. Please request a new one.'). `data.reason` is the server's code.
 */
export class RefusedError extends ProtocolError {
  override name = 'RefusedError'
  static readonly code = ErrorCode.refused
  readonly reason: string
  constructor(message: string, reason: string, options: { retryAfterSeconds?: number } = {}) {
    super(ErrorCode.refused, message, {
      data: options.retryAfterSeconds === undefined ? { reason } : { reason, ...options },
    })
    this.reason = reason
  }
}
