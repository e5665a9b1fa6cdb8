/**
 * The EIP-55 checksum: Send's receiver check, on its own so Send loads it with `import()`, and the address of a
 * sign-in message (`siwx/message.ts`), which shares this chunk. Written over noble's keccak rather than taken
 * from viem, whose import brings its whole core chunk into Send.
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
  return address === checksumAddress(address)
}

/** `address` (20-byte hex, any case) in its EIP-55 form: a letter is upper case when its hash nibble is ≥ 8. */
export function checksumAddress(address: string): `0x${string}` {
  const hex = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(hex))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf
    out += nibble >= 8 ? (hex[i] as string).toUpperCase() : hex[i]
  }
  return out as `0x${string}`
}
