import {
  InvalidParamsError,
  ProtocolError,
  RequestAbortedError,
  RequestTimeoutError,
} from '@keyframe/protocol/core'
import { DisconnectError } from '../core/errors.ts'

/**
 * What a view tells the person about a failed action, in the spec's words: a schema's own message
 * ('Invalid email'), the frame's message (a wrong code), the cooldown's 'Please try again after {n} seconds',
 * and 'Something went wrong' for an aborted or timed-out request (SPEC §8: the 30 s connect timeouts abort).
 */
export function errorText(error: unknown): string {
  if (error instanceof InvalidParamsError) return error.issues[0]?.message ?? error.message
  if (error instanceof RequestTimeoutError || error instanceof RequestAbortedError)
    return 'Something went wrong'
  if (error instanceof ProtocolError) return error.message
  if (error instanceof DisconnectError) return error.message
  return 'Something went wrong'
}
