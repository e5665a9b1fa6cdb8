/**
 * Solana account of a BIP-39 seed: SLIP-10 ed25519 along `m/44'/501'/a'/0'` (Phantom's and Solflare's
 * default path), address = base58 of the 32-byte ed25519 public key.
 * SLIP-10 for ed25519 defines hardened derivation only: `I = HMAC-SHA512(key, data)`, with
 * key `"ed25519 seed"` and data the seed at the master, and at each child key = parent chain code,
 * data = `0x00 || parent key || ser32(index | 2^31)`; the child key is `I[0..32]`, its chain code `I[32..64]`.
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import { base58 } from '@scure/base'

const HARDENED = 0x80000000
const MASTER_KEY = /*@__PURE__*/ utf8ToBytes('ed25519 seed')

/** The path Keyframe uses for the Solana account. */
export const SOLANA_DERIVATION_PATH = "m/44'/501'/0'/0'"

/** A SLIP-10 ed25519 node. Both fields are secret: zero them after use. */
export type Slip10Node = {
  /** 32-byte ed25519 private key (the RFC 8032 seed). */
  privateKey: Uint8Array
  chainCode: Uint8Array
}

/** A Solana account derived from the wallet seed. `privateKey` is secret: zero it after use. */
export type SolanaAccount = {
  /** 32-byte ed25519 private key (RFC 8032 seed; Solana's 64-byte "secret key" is it plus `publicKey`). */
  privateKey: Uint8Array
  /** 32-byte ed25519 public key. */
  publicKey: Uint8Array
  /** base58 of `publicKey`. */
  address: string
}

/**
 * SLIP-10 ed25519 derivation. Intermediate keys and chain codes are zeroed as the walk goes.
 * @param seed 16–64 bytes (a BIP-39 seed is 64).
 * @param path `m` followed by hardened levels (`m/44'/501'/0'/0'`), or the level numbers without the
 *   hardened bit (`[44, 501, 0, 0]`); every level is hardened, as SLIP-10 ed25519 requires.
 * @throws RangeError when the seed length is out of range, or the path is malformed, has a
 *   non-hardened level, or a level outside [0, 2^31).
 * @example
 * ```ts
 * import { deriveSlip10Ed25519 } from './solana.ts'
 * const { privateKey, chainCode } = deriveSlip10Ed25519(seed, "m/0'/1'")
 * ```
 */
export function deriveSlip10Ed25519(seed: Uint8Array, path: string | readonly number[]): Slip10Node {
  if (!(seed instanceof Uint8Array) || seed.length < 16 || seed.length > 64)
    throw new RangeError(
      `expected a 16 to 64-byte seed, got ${seed instanceof Uint8Array ? `${seed.length} bytes` : typeof seed}`,
    )
  const levels = typeof path === 'string' ? parsePath(path) : checkLevels(path)

  let node = splitNode(hmac(sha512, MASTER_KEY, seed))
  for (const level of levels) {
    const data = new Uint8Array(37)
    data.set(node.privateKey, 1)
    new DataView(data.buffer).setUint32(33, (level | HARDENED) >>> 0, false)
    const next = splitNode(hmac(sha512, node.chainCode, data))
    data.fill(0)
    node.privateKey.fill(0)
    node.chainCode.fill(0)
    node = next
  }
  return node
}

/**
 * Derives the Solana account at `m/44'/501'/accountIndex'/0'` from a BIP-39 seed.
 * @param seed The 64-byte BIP-39 seed (`entropyToSeed`).
 * @param options.accountIndex Third path level, 0 by default (the only one Keyframe uses).
 * @throws RangeError when the seed length or `accountIndex` is out of range.
 * @example
 * ```ts
 * import { entropyToSeed } from './entropy.ts'
 * import { deriveSolanaAccount } from './solana.ts'
 * const { address } = deriveSolanaAccount(await entropyToSeed(entropy))
 * ```
 */
export function deriveSolanaAccount(
  seed: Uint8Array,
  options: { accountIndex?: number } = {},
): SolanaAccount {
  const { privateKey, chainCode } = deriveSlip10Ed25519(seed, [44, 501, options.accountIndex ?? 0, 0])
  chainCode.fill(0)
  const publicKey = ed25519.getPublicKey(privateKey)
  return { privateKey, publicKey, address: base58.encode(publicKey) }
}

/**
 * The base58 address of a 32-byte ed25519 public key.
 * @throws RangeError when `publicKey` is not 32 bytes.
 */
export function publicKeyToSolanaAddress(publicKey: Uint8Array): string {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32)
    throw new RangeError('expected a 32-byte ed25519 public key')
  return base58.encode(publicKey)
}

function splitNode(bytes: Uint8Array): Slip10Node {
  const node = { privateKey: bytes.slice(0, 32), chainCode: bytes.slice(32, 64) }
  bytes.fill(0)
  return node
}

function parsePath(path: string): number[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new RangeError(`Path "${path}" is invalid: it must start with "m".`)
  return checkLevels(
    parts.slice(1).map((part) => {
      const match = /^(0|[1-9]\d{0,9})'$/.exec(part)
      if (!match)
        throw new RangeError(`Path "${path}" is invalid: every level must be hardened, like "0'" (ed25519).`)
      return Number(match[1])
    }),
  )
}

function checkLevels(levels: readonly number[]): number[] {
  for (const level of levels) {
    if (!Number.isInteger(level) || level < 0 || level >= HARDENED)
      throw new RangeError(`expected path levels in [0, 2^31), got ${level}`)
  }
  return [...levels]
}
