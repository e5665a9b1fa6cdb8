import { fail, failRetryAfter } from '@keyframe/server-kit'
import type { Refusal } from './challenges.ts'

/** Answers a refused send or check. The wording names what to do next; none of it depends on whether an account exists. */
export function failRefusal(refusal: Refusal): never {
  switch (refusal.reason) {
    case 'locked':
      return failRetryAfter(
        'locked',
        refusal.retryAfterMs,
        'Too many wrong codes for this address. Please try again later.',
      )
    case 'cooldown':
      return failRetryAfter('cooldown', refusal.retryAfterMs)
    case 'hourly':
      return failRetryAfter('rate_limited', refusal.retryAfterMs)
    case 'no_challenge':
      return fail(400, 'no_code', 'No code was requested. Please request a new one.')
    case 'used':
      return fail(400, 'code_used', 'This code was already used. Please request a new one.')
    case 'expired':
      return fail(400, 'code_expired', 'This code has expired. Please request a new one.')
    case 'dead':
      return fail(429, 'too_many_tries', 'Too many wrong codes. Please request a new one.')
    case 'wrong':
      return fail(400, 'invalid_code', 'Invalid code')
  }
}
