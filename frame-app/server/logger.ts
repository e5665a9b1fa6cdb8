/**
 * The server's one logger. Fields whose name suggests a secret are replaced by `[redacted]`, and free text is
 * scrubbed of what looks like a code, token, key or URL credential, so no OTP, share, key or session token
 * reaches a log line (SECURITY.md §1 "Never log").
 * @module
 */

export type LogLevel = 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>
export type Logger = {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export type CreateLoggerOptions = {
  /** Receives each line (JSON). Default: stderr. */
  write?: (line: string) => void
  /** Lowest level written (default `info`). */
  level?: LogLevel
}

const LEVELS: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 }
/** Field names never logged as they are. */
const SECRET_NAME =
  /otp|code|token|secret|share|key|password|passphrase|pepper|kek|authorization|cookie|ciphertext|blob|mnemonic|seed|signature/i
/** URL credentials, bearer values, long base64/hex runs, and 6-digit numbers (codes) in free text. */
const SCRUB: [RegExp, string][] = [
  [/\/\/[^/\s@]+@/g, '//***@'],
  [/(bearer\s+)[^\s,;]+/gi, '$1***'],
  [/[A-Za-z0-9+/_-]{32,}={0,2}/g, '***'],
  [/(?<![\d.])\d{6}(?![\d.])/g, '******'],
]

/** Scrubs free text (error messages) of anything that looks like a secret. */
export function scrub(text: string): string {
  return SCRUB.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text)
}

/** A copy of `value` safe to log: secret-named fields redacted, strings scrubbed, depth and size bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value.length > 2000 ? `${value.slice(0, 2000)}…` : value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 4) return '[…]'
  if (value instanceof Error) return { name: value.name, message: scrub(value.message) }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_NAME.test(key) ? '[redacted]' : redact(item, depth + 1)
  }
  return out
}

/**
 * Creates the logger (JSON lines: `{ level, message, at, ...fields }`).
 * @example
 * const logger = createLogger()
 * logger.error('frame-server: unhandled error', { path: '/api/session', error })
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`))
  const min = LEVELS[options.level ?? 'info']
  const log =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (LEVELS[level] < min) return
      const safe = redact(fields) as LogFields
      write(JSON.stringify({ level, message: scrub(message), at: new Date().toISOString(), ...safe }))
    }
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
