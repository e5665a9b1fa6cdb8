/**
 * Display of an address (SPEC §9). A module of its own: views that show only an address (the sign-in view)
 * load it without the amount formatting of `display.ts`.
 * @module
 */
import { ADDRESS_LEADING_CHARS, ADDRESS_TRAILING_CHARS } from '../constants.ts'

/**
 * `address` as its first 4 characters, `...` and its last 6; unchanged when that would not be shorter.
 * The `0x` prefix counts among the first 4.
 * @example
 * import { shortenAddress } from '@keyframe/protocol'
 * shortenAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb') // '0xab...5Bfcdb'
 */
export function shortenAddress(address: string): string {
  if (address.length <= ADDRESS_LEADING_CHARS + ADDRESS_TRAILING_CHARS + 3) return address
  return `${address.slice(0, ADDRESS_LEADING_CHARS)}...${address.slice(-ADDRESS_TRAILING_CHARS)}`
}
