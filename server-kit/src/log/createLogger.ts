/**
 * The servers' logger: JSON lines `{ level, message, at, ...base, ...fields }` on stderr. What counts as a
 * secret differs per server (the frame server has codes and shares, chain-api has RPC URLs with provider keys),
 * so each server passes its {@link Redaction}: fields whose name matches are replaced by `[redacted]`, free
 * text goes through the scrubbers (SECURITY.md "Never log").
 * @module
 */

export type LogLevel = 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>
export type Logger = {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

/** What a server never logs: field names, and patterns of free text with their replacement. */
export type Redaction = { secretNames: RegExp; scrubbers: readonly (readonly [RegExp, string])[] }

export type CreateLoggerOptions = {
  /** Receives each line (JSON). Default: stderr. */
  write?: (line: string) => void
  /** Lowest level written (default `info`). */
  level?: LogLevel
  /** Added to every line, e.g. `{ source: 'chain-api' }`. */
  base?: LogFields
}

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 }

/** Free text (error messages) without anything that looks like a secret. */
export function scrubWith(redaction: Redaction, text: string): string {
  return redaction.scrubbers.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text)
}

/** A copy of `value` safe to log: secret-named fields redacted, strings scrubbed, depth and size bounded. */
export function redactWith(redaction: Redaction, value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return scrubWith(redaction, value.length > 2000 ? `${value.slice(0, 2000)}…` : value)
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return value
  if (depth > 4) return '[…]'
  if (value instanceof Error) return { name: value.name, message: scrubWith(redaction, value.message) }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactWith(redaction, item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    out[key] = redaction.secretNames.test(key) ? '[redacted]' : redactWith(redaction, item, depth + 1)
  return out
}

/**
 * Creates a logger that redacts by `redaction`.
 * @example
 * const log = createLogger(REDACTION, { base: { source: 'chain-api' } })
 * log.warn('indexer: block fetch failed', { chain: 'eip155:31337', error })
 */
export function createLogger(redaction: Redaction, options: CreateLoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`))
  const min = RANK[options.level ?? 'info']
  const base = options.base ?? {}
  const at =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (RANK[level] < min) return
      const safe = redactWith(redaction, fields) as LogFields
      write(
        JSON.stringify({
          level,
          message: scrubWith(redaction, message),
          at: new Date().toISOString(),
          ...base,
          ...safe,
        }),
      )
    }
  return { info: at('info'), warn: at('warn'), error: at('error') }
}

/** A logger that writes nothing (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
