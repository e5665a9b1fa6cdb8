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
  /** Fresh factor for storing a device's auth share (registration, a new device); its release needs none. */
  unlockFreshnessMs: 15 * 60_000,
  /** Fresh factor for releasing or replacing the recovery set, removing a device, changing the e-mail. */
  recoveryFreshnessMs: 5 * 60_000,
  /** New devices verified per account per rolling 24 h. */
  deviceVerificationsPerDay: 5,
  /** Auth-share releases per account per hour. */
  shareReleasesPerHour: 60,
  /** Recovery-set releases per account per hour. */
  recoveryReleasesPerHour: 10,
  /** Login code requests (`/start`) per client (IP, IPv6 /64) per hour, whatever the addresses. */
  startsPerClientPerHour: 30,
  /** Code checks (`/verify`) per client per hour. */
  verifiesPerClientPerHour: 60,
  /** Login code requests per project per hour (bounds the mail a project's login can be made to send). */
  startsPerProjectPerHour: 5_000,
  /** Code checks per project per hour. */
  verifiesPerProjectPerHour: 10_000,
  /** Device removals per account per day. */
  deviceRemovalsPerDay: 5,
  /** Recovery-set replacements per account per day. */
  recoveryChangesPerDay: 3,
  /** E-mail changes started per account per day. */
  emailChangesPerDay: 3,
} as const

export type Limits = { [K in keyof typeof LIMITS]: number }
