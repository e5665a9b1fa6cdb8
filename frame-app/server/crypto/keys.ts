/**
 * Server secrets from the environment: the KEK (auth shares, auth_r), the operator recovery key (operator-mode
 * recovery shares, kept apart from the KEK) and the OTP pepper.
 * @module
 */
import { createHmac, randomBytes } from 'node:crypto'

/** A 32-byte AES-256 key and the id stored beside everything it encrypts (for rotation). */
export type KeyRef = { id: string; key: Buffer }

export type ServerSecrets = {
  /** Key-encryption key for auth shares and auth_r (`KEK`, `KEK_ID`). Never stored in the database. */
  kek: KeyRef
  /** Operator recovery key (`OPERATOR_RECOVERY_KEY`, `OPERATOR_RECOVERY_KEY_ID`); needed for `operator` projects only. */
  operatorRecoveryKey?: KeyRef
  /** Secret mixed into every stored OTP hash and e-mail hash (`OTP_PEPPER`, ≥ 32 bytes). */
  pepper: Buffer
}

const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Reads a base64 (or base64url) key of exactly 32 bytes.
 * @throws Error naming the variable, never echoing its value.
 */
export function parseKey(name: string, value: string, options: { minBytes?: number; exact?: boolean } = {}) {
  const { minBytes = 32, exact = true } = options
  const trimmed = value.trim()
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new Error(`${name} must be base64`)
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (exact ? key.length !== minBytes : key.length < minBytes)
    throw new Error(
      `${name} must be ${exact ? 'exactly' : 'at least'} ${minBytes} bytes (base64), got ${key.length}`,
    )
  return key
}

/** Checks a key id (`KEK_ID`, `OPERATOR_RECOVERY_KEY_ID`). */
export function parseKeyId(name: string, value: string): string {
  if (!KEY_ID.test(value)) throw new Error(`${name} must be 1-64 letters, digits, "_" or "-"`)
  return value
}

/** Fresh random secrets (tests, throwaway dev databases). */
export function randomSecrets(): ServerSecrets {
  return {
    kek: { id: 'kek-test', key: randomBytes(32) },
    operatorRecoveryKey: { id: 'operator-test', key: randomBytes(32) },
    pepper: randomBytes(32),
  }
}

type PepperLabel = 'otp' | 'email' | 'token'
/** Derived sub-keys per pepper: every code check needs two, and they never change. */
const subKeys = new WeakMap<Buffer, Map<PepperLabel, Buffer>>()

/** A sub-key of the pepper for one use, so one HMAC never doubles as another. */
export function pepperFor(secrets: ServerSecrets, label: PepperLabel): Buffer {
  let keys = subKeys.get(secrets.pepper)
  if (!keys) {
    keys = new Map()
    subKeys.set(secrets.pepper, keys)
  }
  let key = keys.get(label)
  if (!key) {
    key = createHmac('sha256', secrets.pepper).update(`keyframe/pepper/${label}`).digest()
    keys.set(label, key)
  }
  return key
}
