import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex } from '@noble/hashes/utils.js'

/** EIP-55 checksum of a 40-hex-digit address. */
export function checksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '')
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i] as string
    out += Number.parseInt(hash[i] as string, 16) >= 8 ? ch.toUpperCase() : ch
  }
  return out
}

/**
 * The EVM address of a secp256k1 public key (0x + 33-byte compressed or 65-byte uncompressed hex), checksummed.
 * @throws Error when the key is not a point on the curve.
 */
export function addressOfPublicKey(publicKey: string): string {
  const point = secp256k1.Point.fromHex(publicKey.replace(/^0x/, '').toLowerCase())
  const uncompressed = point.toBytes(false)
  return checksumAddress(`0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`)
}

/** The compressed form (0x + 33 bytes hex) of a public key, as stored. */
export function compressPublicKey(publicKey: string): string {
  return `0x${bytesToHex(secp256k1.Point.fromHex(publicKey.replace(/^0x/, '').toLowerCase()).toBytes(true))}`
}
