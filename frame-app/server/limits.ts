/**
 * Time and count limits of login, sessions and custody (SECURITY.md §1–§2). One table, so tests and docs
 * read the same numbers.
 * @module
 */

export const LIMITS = {
  /** An OTP or approval link is valid this long. */
  codeTtlMs: 10 * 60_000,
  /** Wrong tries after which a challenge is dead. */
  maxTries: 5,
  /** Consecutive wrong codes (all challenges of one address) after which the address locks… */
  lockAfterFailures: 100,
  /** …for this long. */
  lockMs: 24 * 60 * 60_000,
  /** Minimum time between two mails to one address (spec §9: 30 s). */
  resendCooldownMs: 30_000,
  /** Mails to one address per rolling hour. */
  sendsPerHour: 5,
  /** A session's absolute lifetime. */
  sessionTtlMs: 7 * 24 * 60 * 60_000,
  /** Fresh factor for releasing or storing a device's auth share (signing unlock). */
  unlockFreshnessMs: 15 * 60_000,
  /** Fresh factor for releasing or replacing the recovery set (recovery, export). */
  recoveryFreshnessMs: 5 * 60_000,
  /** New devices verified per account per rolling 24 h. */
  deviceVerificationsPerDay: 5,
  /** Auth-share releases per account per hour. */
  shareReleasesPerHour: 60,
  /** Recovery-set releases per account per hour. */
  recoveryReleasesPerHour: 10,
} as const

export type Limits = { [K in keyof typeof LIMITS]: number }
