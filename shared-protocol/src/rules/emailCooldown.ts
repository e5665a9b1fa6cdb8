/**
 * E-mail login cooldown (SPEC §5): a new e-mail login is refused while the last one is under 30 s old.
 * @module
 */
import { EMAIL_LOGIN_COOLDOWN_MS } from '../constants.ts'

/**
 * Seconds left before another e-mail login is allowed, rounded up; 0 when allowed.
 * No or unreadable last-login time allows the login; a time in the future (clock change) waits the full cooldown.
 * @example
 * import { emailCooldownRemaining } from '@keyframe/protocol'
 * emailCooldownRemaining(1_000, 11_500) // 20
 */
export function emailCooldownRemaining(lastLoginMs: number | undefined, nowMs: number): number {
  if (lastLoginMs === undefined || !Number.isFinite(lastLoginMs)) return 0
  const remainingMs = Math.min(lastLoginMs + EMAIL_LOGIN_COOLDOWN_MS - nowMs, EMAIL_LOGIN_COOLDOWN_MS)
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0
}

/**
 * The spec's refusal text for a login inside the cooldown.
 * @example
 * import { emailCooldownMessage } from '@keyframe/protocol'
 * emailCooldownMessage(20) // 'Please try again after 20 seconds'
 */
export function emailCooldownMessage(seconds: number): string {
  return `Please try again after ${seconds} seconds`
}
