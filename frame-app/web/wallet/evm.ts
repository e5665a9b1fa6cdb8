/**
 * EVM account of a BIP-39 seed: BIP-32 secp256k1 along `m/44'/60'/0'/0/i` (BIP-44, coin type 60),
 * address = last 20 bytes of keccak-256 of the uncompressed public key, EIP-55 checksummed.
 *
 * The BIP-32 private derivation (CKDpriv) is written out here, step for step as `@scure/bip32` does it
 * (its `HDKey` is the oracle of the tests, on random seeds), because `HDKey` computes every node's public
 * key and its hash160 fingerprint, which a path of private keys does not need: each signature re-derives
 * the key, and of the path's six nodes only the parents of the two non-hardened steps need their public key.
 * That is two base-point multiplications instead of six, plus the account's own public key; none for the
 * parents when the caller passes their public keys from an earlier derivation (they are public: no chain
 * code goes with them).
 * @module
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hmac } from '@noble/hashes/hmac.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

const HARDENED = 0x80000000
const MAX_INDEX = 0xffffffff
/** BIP-32's HMAC key for the master node. */
const MASTER_SECRET = /*@__PURE__*/ utf8ToBytes('Bitcoin seed')

/** A BIP-32 private node. Both parts are secret (together they are an xprv): zero them after use. */
type PrivateNode = { key: Uint8Array; chainCode: Uint8Array }

function wipe(node: PrivateNode): void {
  node.key.fill(0)
  node.chainCode.fill(0)
}

/** BIP-32 master node: HMAC-SHA512("Bitcoin seed", seed). */
function masterNode(seed: Uint8Array): PrivateNode {
  const I = hmac(sha512, MASTER_SECRET, seed)
  const node = { key: I.slice(0, 32), chainCode: I.slice(32) }
  I.fill(0)
  if (!secp256k1.utils.isValidSecretKey(node.key)) {
    wipe(node)
    throw new Error('Invalid private key')
  }
  return node
}

/**
 * CKDpriv(parent, index). As BIP-32 (and `@scure/bip32`) say, an invalid child (I_L ≥ n or a zero key,
 * probability ~2^-127) is skipped for the next index.
 */
function childNode(parent: PrivateNode, index: number, parentPublicKey?: Uint8Array): PrivateNode {
  // Hardened: 0x00 ‖ ser256(k_par) ‖ ser32(i); normal: serP(point(k_par)) ‖ ser32(i).
  const data = new Uint8Array(37)
  if (index >= HARDENED) data.set(parent.key, 1)
  else data.set(parentPublicKey ?? secp256k1.getPublicKey(parent.key, true))
  new DataView(data.buffer).setUint32(33, index)
  const I = hmac(sha512, parent.chainCode, data)
  data.fill(0)
  const { Fn } = secp256k1.Point
  const tweak = Fn.fromBytes(I.subarray(0, 32), true)
  const key = Fn.isValid(tweak) ? Fn.create(Fn.fromBytes(parent.key) + tweak) : 0n
  if (!Fn.isValidNot0(key)) {
    I.fill(0)
    if (index >= MAX_INDEX) throw new Error(`BIP-32: cannot retry child derivation at index ${index}`)
    return childNode(parent, index + 1, parentPublicKey)
  }
  const child = { key: Fn.toBytes(key), chainCode: I.slice(32) }
  I.fill(0)
  return child
}

/** The path Keyframe uses for the EVM account (MetaMask, anvil and hardhat use the same). */
export const EVM_DERIVATION_PATH = "m/44'/60'/0'/0/0"

/** An EVM account derived from the wallet seed. `privateKey` is secret: zero it after use. */
export type EvmAccount = {
  /** 32-byte secp256k1 private key. */
  privateKey: Uint8Array
  /** 65-byte uncompressed public key (`0x04 || x || y`). */
  publicKey: Uint8Array
  /** EIP-55 checksummed address. */
  address: `0x${string}`
  /**
   * The compressed public keys of the parents of the path's non-hardened steps (`m/44'/60'/0'` and
   * `m/44'/60'/0'/0`): public, to pass to the next derivation of the same wallet.
   */
  parentPublicKeys: readonly Uint8Array[]
}

/**
 * Derives the EVM account at `m/44'/60'/0'/0/addressIndex` from a BIP-39 seed. Every intermediate BIP-32
 * node's private key is zeroed as soon as its child exists.
 * @param seed The 64-byte BIP-39 seed (`entropyToSeed`).
 * @param options.addressIndex Last path level, 0 by default (the only one Keyframe uses).
 * @param options.parentPublicKeys The `parentPublicKeys` of an earlier derivation of the same seed: two
 *   base-point multiplications fewer. Wrong ones give another key (and address), never an error: check it.
 * @throws RangeError when the seed is not 16–64 bytes or `addressIndex` is not an integer in [0, 2^31).
 * @throws Error in the ~2^-127 case of an invalid master key.
 * @example
 * ```ts
 * import { entropyToSeed } from './entropy.ts'
 * import { deriveEvmAccount } from './evm.ts'
 * const seed = await entropyToSeed(entropy)
 * const { address, privateKey } = deriveEvmAccount(seed)
 * seed.fill(0)
 * ```
 */
export function deriveEvmAccount(
  seed: Uint8Array,
  options: { addressIndex?: number; parentPublicKeys?: readonly Uint8Array[] } = {},
): EvmAccount {
  const addressIndex = options.addressIndex ?? 0
  if (!Number.isInteger(addressIndex) || addressIndex < 0 || addressIndex >= HARDENED)
    throw new RangeError(`expected an address index in [0, 2^31), got ${addressIndex}`)
  if (!(seed instanceof Uint8Array) || seed.length < 16 || seed.length > 64)
    throw new RangeError(`expected a 16 to 64-byte seed, got ${describeBytes(seed)}`)

  const path = [44 + HARDENED, 60 + HARDENED, HARDENED, 0, addressIndex]
  const parentPublicKeys: Uint8Array[] = []
  let node = masterNode(seed)
  for (const index of path) {
    let child: PrivateNode
    try {
      let parentPublicKey: Uint8Array | undefined
      if (index < HARDENED) {
        parentPublicKey =
          options.parentPublicKeys?.[parentPublicKeys.length] ?? secp256k1.getPublicKey(node.key, true)
        parentPublicKeys.push(parentPublicKey)
      }
      child = childNode(node, index, parentPublicKey)
    } finally {
      wipe(node)
    }
    node = child
  }
  node.chainCode.fill(0)
  const privateKey = node.key
  const publicKey = secp256k1.getPublicKey(privateKey, false)
  return { privateKey, publicKey, address: publicKeyToEvmAddress(publicKey), parentPublicKeys }
}

/**
 * The EIP-55 address of a secp256k1 public key.
 * @param publicKey 33-byte compressed or 65-byte uncompressed.
 * @throws Error from `@noble/curves` when `publicKey` is not a valid secp256k1 point.
 */
export function publicKeyToEvmAddress(publicKey: Uint8Array): `0x${string}` {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  return toChecksumAddress(`0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`)
}

/**
 * EIP-55 checksummed form of a 20-byte hex address (any case in, mixed case out). It does not check an
 * input's own checksum: compare with {@link isEvmAddressEqual} or against its checksummed form for that.
 * @throws TypeError when `address` is not `0x` followed by 40 hex digits.
 */
export function toChecksumAddress(address: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`Address "${address}" is invalid.`)
  const lower = address.slice(2).toLowerCase()
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const char = lower[i]!
    out += Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char
  }
  return out as `0x${string}`
}

/** Whether two hex addresses are the same account (case-insensitive); false for anything malformed. Never throws. */
export function isEvmAddressEqual(a: string, b: string): boolean {
  const valid = /^0x[0-9a-fA-F]{40}$/
  return valid.test(a) && valid.test(b) && a.toLowerCase() === b.toLowerCase()
}

function describeBytes(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : typeof value
}
