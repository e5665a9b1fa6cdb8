/**
 * The receiver check of Send (issue 15): an address of the active network's namespace, checked as it is
 * typed. On eip155 it is `isAddress` with the EIP-55 checksum (a mixed-case address whose case does
 * not match its checksum is a typo, not an address; all lower case carries no checksum and is fine),
 * passed in once loaded (`sendChecksum.ts`); on solana a base58 public key of 32 bytes.
 * @module
 */
import type { isAddress as checksumIsAddress } from './sendChecksum.ts'

/** The EIP-55 check of `sendChecksum.ts`. */
export type IsAddress = typeof checksumIsAddress

/** What is wrong with a receiver address (the field's error), by what it looks like. */
export const RECEIVER_ERRORS = {
  missing: 'Please enter a receiver address',
  checksum: 'Invalid address checksum: a letter has the wrong case. Check the address or paste it again',
  eip155: 'Please enter a valid receiver address: 0x and 40 hexadecimal digits',
  solana: 'Please enter a valid receiver address: a Solana public key in base58',
  namespace: 'Unsupported chain',
  /** Only while the checksum code loads (a few milliseconds, once). */
  checking: 'Checking the address…',
} as const

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** The bytes of base58 `text`; undefined when a character is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  // Each leading '1' is a leading zero byte.
  const zeros = /^1*/.exec(text)?.[0].length ?? 0
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

/** Whether `text` is a Solana public key: base58 of exactly 32 bytes. */
export function isSolanaAddress(text: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text) && decodeBase58(text)?.length === 32
}

/**
 * The field error of receiver `address` on a network of `namespace`, or undefined when it is an address
 * there; `isAddress` is `sendChecksum.ts`'s, undefined while it loads.
 * @example
 * receiverAddressError('0x3c44CdDdB6a900fa2b585dd299e03d12FA4293BC', 'eip155', isAddress) // RECEIVER_ERRORS.checksum
 * receiverAddressError('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', 'eip155', isAddress) // undefined
 */
export function receiverAddressError(
  address: string,
  namespace: string,
  isAddress: IsAddress | undefined,
): string | undefined {
  if (address === '') return RECEIVER_ERRORS.missing
  if (namespace === 'solana') return isSolanaAddress(address) ? undefined : RECEIVER_ERRORS.solana
  if (namespace !== 'eip155') return RECEIVER_ERRORS.namespace
  if (!isAddress) return RECEIVER_ERRORS.checking
  if (isAddress(address, { strict: true })) return undefined
  return isAddress(address, { strict: false }) ? RECEIVER_ERRORS.checksum : RECEIVER_ERRORS.eip155
}
