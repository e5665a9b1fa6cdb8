/**
 * The recovery share at rest. The operator picks one of two modes per project (SECURITY.md §1):
 *
 * - `passphrase` (this module): the frame encrypts the recovery share with AES-256-GCM under a key that
 *   scrypt derives from the user's passphrase and a random 16-byte salt, and hands the server only the
 *   resulting {@link RecoveryBlob} plus auth_r. The operator alone never reaches the 2-of-2 threshold:
 *   what it holds (auth_r, the blob, every auth_d) rebuilds nothing without the passphrase or a device
 *   share. Its strength is the passphrase's: a stolen database lets an attacker guess offline at the
 *   scrypt cost below, so passphrases shorter than {@link MIN_PASSPHRASE_LENGTH} are refused.
 * - `operator` (server side): the frame hands the raw recovery share to the server over TLS, in the
 *   authenticated registration request, as {@link RecoveryUpload} `{ mode: 'operator' }`. The server
 *   encrypts it under a second operator key kept apart from the auth-share KEK. Stated plainly: the
 *   custodians of both operator keys, with access to the user's mailbox (to pass e-mail verification),
 *   can rebuild the key. Nothing in this module runs in that mode.
 *
 * scrypt parameters: N = 2^17, r = 8, p = 1 (OWASP Password Storage Cheat Sheet's scrypt minimum), i.e.
 * 128 MiB of memory and about 1 s in a browser, run asynchronously so the UI keeps responding. They are
 * stored in the blob and bound into the AAD; decryption accepts only N in [2^14, 2^20], r in [1, 32],
 * p in [1, 16] and 128·N·r ≤ 1 GiB, so a tampered blob cannot make the frame hang or run out of memory.
 * @module
 */
import { scryptAsync } from '@noble/hashes/scrypt.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base64urlnopad } from '@scure/base'
import { RecoveryBlobError, WeakPassphraseError, WrongPassphraseError } from './errors.ts'

/** scrypt cost for new blobs (OWASP minimum for scrypt). */
export const RECOVERY_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }

/** Shortest passphrase accepted, in Unicode code points after NFKC normalization. */
export const MIN_PASSPHRASE_LENGTH = 12

/** The recovery modes an operator can choose per project. */
export type RecoveryMode = 'passphrase' | 'operator'

/** scrypt cost parameters (RFC 7914). */
export type ScryptParams = { N: number; r: number; p: number }

/** A passphrase-encrypted recovery share: JSON-safe, stored by the server as an opaque value. */
export type RecoveryBlob = {
  v: 1
  kdf: 'scrypt'
  N: number
  r: number
  p: number
  /** base64url (no padding) of the 16-byte salt. */
  salt: string
  /** base64url (no padding) of the 12-byte AES-GCM nonce. */
  iv: string
  /** base64url (no padding) of the AES-256-GCM ciphertext and its 16-byte tag. */
  ciphertext: string
}

/**
 * What the frame sends the server for the recovery set at registration (or when the recovery set is
 * rebuilt). In both modes auth_r goes to the server, which envelope-encrypts it under the KEK.
 * `passphrase`: only the blob; the raw recovery share never leaves the frame.
 * `operator`: the raw recovery share, over TLS only, for the server to encrypt under the operator key.
 */
export type RecoveryUpload =
  | { mode: 'passphrase'; authShare: Uint8Array; recoveryBlob: RecoveryBlob }
  | { mode: 'operator'; authShare: Uint8Array; recoveryShare: Uint8Array }

const LIMITS = { minLogN: 14, maxLogN: 20, maxR: 32, maxP: 16, maxMem: 2 ** 30 }

/**
 * Encrypts the recovery share of `walletId` under the user's passphrase (passphrase mode).
 * @param parameters.params scrypt cost; {@link RECOVERY_SCRYPT_PARAMS} by default. Lower it in tests only.
 * @param parameters.onProgress Called with 0…1 while scrypt runs (for a progress bar).
 * @throws WeakPassphraseError when the passphrase has fewer than {@link MIN_PASSPHRASE_LENGTH} characters.
 * @throws RangeError when `params` are outside the accepted bounds.
 * @throws TypeError when `walletId` is empty or `share` is not non-empty bytes.
 * @example
 * ```ts
 * import { encryptRecoveryShare } from './recovery.ts'
 * const recoveryBlob = await encryptRecoveryShare({ walletId, share: recoveryShare, passphrase })
 * ```
 */
export async function encryptRecoveryShare(parameters: {
  walletId: string
  share: Uint8Array
  passphrase: string
  params?: ScryptParams
  onProgress?: (progress: number) => void
}): Promise<RecoveryBlob> {
  const { walletId, share, passphrase, onProgress } = parameters
  const params = parameters.params ?? RECOVERY_SCRYPT_PARAMS
  if (typeof walletId !== 'string' || walletId === '') throw new TypeError('expected a non-empty walletId')
  if (!(share instanceof Uint8Array) || share.length === 0)
    throw new TypeError('expected the recovery share as non-empty bytes')
  if (typeof passphrase !== 'string' || [...passphrase.normalize('NFKC')].length < MIN_PASSPHRASE_LENGTH)
    throw new WeakPassphraseError(MIN_PASSPHRASE_LENGTH)
  const problem = checkParams(params)
  if (problem) throw new RangeError(`scrypt parameters out of bounds: ${problem}`)

  const salt = crypto.getRandomValues(new Uint8Array(16))
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const key = await deriveKey(passphrase, salt, params, 'encrypt', onProgress)
  const plaintext = new Uint8Array(share)
  try {
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: blobAad(walletId, params) },
      key,
      plaintext,
    )
    return {
      v: 1,
      kdf: 'scrypt',
      N: params.N,
      r: params.r,
      p: params.p,
      salt: base64urlnopad.encode(salt),
      iv: base64urlnopad.encode(iv),
      ciphertext: base64urlnopad.encode(new Uint8Array(ciphertext)),
    }
  } finally {
    plaintext.fill(0)
  }
}

/**
 * Decrypts a passphrase-mode recovery blob of `walletId`. The caller zeroes the returned share after use.
 * @param parameters.onProgress Called with 0…1 while scrypt runs (for a progress bar).
 * @throws WrongPassphraseError ('Wrong passphrase: the recovery share could not be decrypted') when the
 *   passphrase is wrong, or the blob belongs to another wallet or was altered (GCM cannot tell these apart).
 * @throws RecoveryBlobError when the blob is malformed, of an unknown version or kdf, or its scrypt
 *   parameters are out of bounds.
 * @example
 * ```ts
 * import { decryptRecoveryShare } from './recovery.ts'
 * const recoveryShare = await decryptRecoveryShare({ walletId, blob, passphrase })
 * ```
 */
export async function decryptRecoveryShare(parameters: {
  walletId: string
  blob: RecoveryBlob
  passphrase: string
  onProgress?: (progress: number) => void
}): Promise<Uint8Array<ArrayBuffer>> {
  const { walletId, blob, passphrase, onProgress } = parameters
  const { params, salt, iv, ciphertext } = parseBlob(blob)
  if (typeof passphrase !== 'string') throw new WrongPassphraseError()
  const key = await deriveKey(passphrase, salt, params, 'decrypt', onProgress)
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: blobAad(walletId, params) },
      key,
      ciphertext,
    )
    return new Uint8Array(plaintext)
  } catch (cause) {
    throw new WrongPassphraseError({ cause })
  }
}

/** scrypt → a non-extractable AES-256-GCM key; the raw key bytes are zeroed once imported. */
async function deriveKey(
  passphrase: string,
  salt: Uint8Array,
  params: ScryptParams,
  usage: 'encrypt' | 'decrypt',
  onProgress: ((progress: number) => void) | undefined,
): Promise<CryptoKey> {
  // NFKC so the same passphrase typed on another keyboard or OS gives the same bytes.
  const password = utf8ToBytes(passphrase.normalize('NFKC'))
  let raw: Uint8Array | undefined
  try {
    raw = await scryptAsync(password, salt, {
      ...params,
      dkLen: 32,
      maxmem: LIMITS.maxMem + 2 ** 20,
      ...(onProgress ? { onProgress } : {}),
    })
    return await crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'AES-GCM' }, false, [usage])
  } finally {
    password.fill(0)
    raw?.fill(0)
  }
}

/** Unambiguous AAD: what the blob belongs to and how its key was derived. */
function blobAad(walletId: string, params: ScryptParams): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    JSON.stringify(['keyframe/recovery-share', 1, walletId, 'scrypt', params.N, params.r, params.p]),
  )
}

function checkParams({ N, r, p }: ScryptParams): string | undefined {
  const logN = Math.log2(N)
  if (!Number.isInteger(logN) || logN < LIMITS.minLogN || logN > LIMITS.maxLogN)
    return `N must be a power of two in [2^${LIMITS.minLogN}, 2^${LIMITS.maxLogN}], got ${N}`
  if (!Number.isInteger(r) || r < 1 || r > LIMITS.maxR) return `r must be in [1, ${LIMITS.maxR}], got ${r}`
  if (!Number.isInteger(p) || p < 1 || p > LIMITS.maxP) return `p must be in [1, ${LIMITS.maxP}], got ${p}`
  if (128 * N * r > LIMITS.maxMem) return `128·N·r must be at most 1 GiB, got ${128 * N * r} bytes`
  return undefined
}

function parseBlob(blob: RecoveryBlob): {
  params: ScryptParams
  salt: Uint8Array<ArrayBuffer>
  iv: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
} {
  if (typeof blob !== 'object' || blob === null) throw new RecoveryBlobError('Recovery blob is not an object')
  if (blob.v !== 1) throw new RecoveryBlobError(`Recovery blob version ${String(blob.v)} is not supported`)
  if (blob.kdf !== 'scrypt')
    throw new RecoveryBlobError(`Recovery blob kdf "${String(blob.kdf)}" is not supported`)
  const params = { N: blob.N, r: blob.r, p: blob.p }
  const problem = checkParams(params)
  if (problem) throw new RecoveryBlobError(`Recovery blob scrypt parameters out of bounds: ${problem}`)
  const salt = decodeField(blob.salt, 'salt')
  const iv = decodeField(blob.iv, 'iv')
  const ciphertext = decodeField(blob.ciphertext, 'ciphertext')
  if (salt.length < 16) throw new RecoveryBlobError('Recovery blob salt is shorter than 16 bytes')
  if (iv.length !== 12) throw new RecoveryBlobError('Recovery blob iv is not 12 bytes')
  if (ciphertext.length <= 16) throw new RecoveryBlobError('Recovery blob ciphertext is too short')
  return { params, salt, iv, ciphertext }
}

function decodeField(value: unknown, field: string): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string') throw new RecoveryBlobError(`Recovery blob ${field} is not a string`)
  try {
    return new Uint8Array(base64urlnopad.decode(value))
  } catch (cause) {
    throw new RecoveryBlobError(`Recovery blob ${field} is not base64url`, { cause })
  }
}
