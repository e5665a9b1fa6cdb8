/**
 * The frame server's logger (`createLogger` of `@keyframe/server-kit`) with what it must never write: no OTP,
 * share, key or session token reaches a log line (SECURITY.md §1 "Never log").
 * @module
 */
import {
  type CreateLoggerOptions,
  createLogger as createKitLogger,
  type Logger,
  type Redaction,
  redactWith,
  scrubWith,
} from '@keyframe/server-kit'

export type { LogFields, Logger, LogLevel } from '@keyframe/server-kit'
export { silentLogger } from '@keyframe/server-kit'

const REDACTION: Redaction = {
  secretNames:
    /otp|code|token|secret|share|key|password|passphrase|pepper|kek|authorization|cookie|ciphertext|blob|mnemonic|seed|signature/i,
  // URL credentials, bearer values, long base64/hex runs, and 6-digit numbers (codes) in free text.
  scrubbers: [
    [/\/\/[^/\s@]+@/g, '//***@'],
    [/(bearer\s+)[^\s,;]+/gi, '$1***'],
    [/[A-Za-z0-9+/_-]{32,}={0,2}/g, '***'],
    [/(?<![\d.])\d{6}(?![\d.])/g, '******'],
  ],
}

/** Scrubs free text (error messages) of anything that looks like a secret. */
export const scrub = (text: string): string => scrubWith(REDACTION, text)
/** A copy of `value` safe to log: secret-named fields redacted, strings scrubbed, depth and size bounded. */
export const redact = (value: unknown): unknown => redactWith(REDACTION, value)

/**
 * Creates the logger (JSON lines: `{ level, message, at, ...fields }`).
 * @example
 * const logger = createLogger()
 * logger.error('frame-server: unhandled error', { path: '/api/session', error })
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  return createKitLogger(REDACTION, options)
}
