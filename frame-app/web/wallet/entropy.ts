/**
 * Wallet entropy and its BIP-39 forms. One entropy value serves every chain: EVM and Solana keys are both
 * derived from its BIP-39 seed (no BIP-39 passphrase). Only the entropy is ever split into shares.
 * @module
 */
import {
  entropyToMnemonic as bip39EntropyToMnemonic,
  mnemonicToEntropy as bip39MnemonicToEntropy,
} from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { InvalidMnemonicError } from './errors.ts'

/** Entropy sizes Keyframe generates: 16 bytes (12 words) or 32 bytes (24 words). */
export type EntropySize = 16 | 32

/** Byte lengths BIP-39 defines (12, 15, 18, 21 or 24 words); accepted when importing. */
const BIP39_LENGTHS = [16, 20, 24, 28, 32]

/** Keyframe uses no BIP-39 passphrase ("25th word"): every wallet's seed is that of its mnemonic alone. */
const BIP39_PASSPHRASE = ''

/** PBKDF2 rounds of the BIP-39 seed. */
const BIP39_ROUNDS = 2048

/**
 * Fresh wallet entropy from `crypto.getRandomValues`.
 * @param options.bytes 16 (default, 12 words) or 32 (24 words).
 * @returns A new `Uint8Array`; the caller zeroes it (`fill(0)`) once it is split.
 * @throws RangeError when `bytes` is neither 16 nor 32.
 * @example
 * ```ts
 * import { generateEntropy } from './entropy.ts'
 * const entropy = generateEntropy() // 16 bytes
 * ```
 */
export function generateEntropy(options: { bytes?: EntropySize } = {}): Uint8Array<ArrayBuffer> {
  const bytes = options.bytes ?? 16
  if (bytes !== 16 && bytes !== 32) throw new RangeError(`expected 16 or 32 entropy bytes, got ${bytes}`)
  return crypto.getRandomValues(new Uint8Array(bytes))
}

/**
 * The BIP-39 English mnemonic of `entropy`. JS strings cannot be zeroed: show it only for export.
 * @throws RangeError when `entropy` is not 16, 20, 24, 28 or 32 bytes.
 */
export function entropyToMnemonic(entropy: Uint8Array): string {
  assertEntropy(entropy)
  return bip39EntropyToMnemonic(entropy, wordlist)
}

/**
 * The entropy of a BIP-39 English mnemonic. Case and surrounding or repeated whitespace are ignored.
 * @throws InvalidMnemonicError when a word is unknown or the word count or checksum is wrong.
 */
export function mnemonicToEntropy(mnemonic: string): Uint8Array<ArrayBuffer> {
  const normalized = normalizeMnemonic(mnemonic)
  try {
    return new Uint8Array(bip39MnemonicToEntropy(normalized, wordlist))
  } catch {
    // No `cause`: scure's message quotes the unknown word, and a misspelt word gives the real one away.
    throw new InvalidMnemonicError()
  }
}

/** Whether `mnemonic` is a valid BIP-39 English mnemonic (normalized as {@link mnemonicToEntropy}). Never throws. */
export function isValidMnemonic(mnemonic: string): boolean {
  try {
    mnemonicToEntropy(mnemonic).fill(0)
    return true
  } catch {
    return false
  }
}

/**
 * The 64-byte BIP-39 seed of `entropy`: PBKDF2-HMAC-SHA512, 2048 rounds, password = the NFKD mnemonic,
 * salt = `"mnemonic"` + the BIP-39 passphrase (empty here), NFKD. It is the root of every chain's
 * derivation. Computed by WebCrypto: native, a few ms where PBKDF2 in JS takes tens (over 100 ms in a
 * cold page), with the same output (the tests check it against BIP-39 vectors and `@scure/bip39`).
 * The UTF-8 copy of the mnemonic handed to WebCrypto is zeroed once imported, but the mnemonic string
 * itself and the non-extractable `CryptoKey` made of it cannot be.
 * @returns A new `Uint8Array` (over its own `ArrayBuffer`); the caller zeroes it after deriving keys.
 * @throws RangeError (as a rejection) when `entropy` is not 16, 20, 24, 28 or 32 bytes.
 * @example
 * ```ts
 * import { entropyToSeed } from './entropy.ts'
 * const seed = await entropyToSeed(entropy)
 * try { deriveKeys(seed) } finally { seed.fill(0) }
 * ```
 */
export async function entropyToSeed(entropy: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder()
  const password = encoder.encode(entropyToMnemonic(entropy).normalize('NFKD'))
  const salt = encoder.encode(`mnemonic${BIP39_PASSPHRASE}`.normalize('NFKD'))
  let key: CryptoKey
  try {
    key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits'])
  } finally {
    password.fill(0)
  }
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations: BIP39_ROUNDS },
    key,
    512,
  )
  return new Uint8Array(bits)
}

/** @throws RangeError when `entropy` is not a Uint8Array of a BIP-39 length. */
export function assertEntropy(entropy: Uint8Array): void {
  if (!(entropy instanceof Uint8Array) || !BIP39_LENGTHS.includes(entropy.length)) {
    const got = entropy instanceof Uint8Array ? `${entropy.length} bytes` : typeof entropy
    throw new RangeError(`expected entropy of 16, 20, 24, 28 or 32 bytes, got ${got}`)
  }
}

function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/).join(' ')
}
