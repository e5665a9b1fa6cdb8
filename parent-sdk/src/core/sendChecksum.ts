/**
 * The receiver check of the EIP-55 checksum, on its own so Send loads it with `import()`. Written over
 * noble's keccak rather than taken from viem, whose import brings its whole core chunk into Send.
 * @module
 */
import { keccak_256 } from '@noble/hashes/sha3.js'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Whether `address` is a 20-byte hex address; with `strict` (the default, as viem's `isAddress`), a
 * mixed- or upper-case one must also carry the right EIP-55 checksum (all lowercase carries none).
 */
export function isAddress(address: string, options: { strict?: boolean } = {}): boolean {
  if (!HEX_ADDRESS.test(address)) return false
  const hex = address.slice(2)
  if (options.strict === false || hex === hex.toLowerCase()) return true
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()))
  for (let i = 0; i < 40; i++) {
    // EIP-55: a letter is upper case exactly when the matching nibble of the hash is 8 or more.
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf
    const char = hex[i] as string
    if (char !== (nibble >= 8 ? char.toUpperCase() : char.toLowerCase())) return false
  }
  return true
}
