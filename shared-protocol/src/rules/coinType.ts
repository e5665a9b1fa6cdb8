/**
 * EVM coin type for name registration (SPEC §5, ENSIP-11).
 * @module
 */

const HIGH_BIT = 0x80000000

/**
 * The ENSIP-11 coin type of an EVM chain: the chain id ORed with 0x80000000, as an unsigned 32-bit number.
 * @throws {Error} 'Invalid chainId' when the chain id is at or above 0x80000000, negative or not an integer.
 * @example
 * import { evmChainIdToCoinType } from '@keyframe/protocol'
 * evmChainIdToCoinType(1) // 2147483649
 */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= HIGH_BIT) throw new Error('Invalid chainId')
  return (chainId | HIGH_BIT) >>> 0
}
