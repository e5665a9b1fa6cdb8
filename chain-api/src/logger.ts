/**
 * chain-api's logger (`createLogger` of `@keyframe/server-kit`) with what it must never write: RPC URLs may
 * carry provider keys and request bodies signatures (SECURITY.md "Never log").
 * @module
 */
import {
  type CreateLoggerOptions,
  createLogger as createKitLogger,
  type Logger,
  type Redaction,
} from '@keyframe/server-kit'

export type { LogFields, Logger, LogLevel } from '@keyframe/server-kit'
export { silentLogger } from '@keyframe/server-kit'

const REDACTION: Redaction = {
  secretNames: /key|secret|token|password|signature|authorization|cookie|mnemonic|seed|private/i,
  scrubbers: [
    [/\/\/[^/\s@]+@/g, '//***@'],
    [/(bearer\s+)[^\s,;]+/gi, '$1***'],
    // 64 hex digits = a private key; long base64/hex runs are tokens. Addresses (40 hex) stay readable, tx
    // hashes (64) are scrubbed too: a price for never leaking a key.
    [/(0x)?[A-Za-z0-9+/_-]{60,}={0,2}/g, '***'],
  ],
}

/**
 * Creates the logger (lines `{ level, message, at, ...base, ...fields }`).
 * @example
 * const log = createLogger({ base: { source: 'chain-api' } })
 * log.warn('indexer: block fetch failed', { chain: 'eip155:31337', error })
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  return createKitLogger(REDACTION, options)
}
