import { evmChainIdToCoinType } from '@keyframe/protocol'

/** ENSIP-11: EVM coin types have the high bit of 32 set. */
const EVM_BIT = 0x80000000

/**
 * The EVM chain id of an ENSIP-11 coin type (the inverse of `evmChainIdToCoinType`).
 * @throws {Error} 'Invalid coin type' below 0x80000000 (not an EVM chain), 'Invalid chainId' when the chain id would
 * be at or above 0x80000000 (spec §5).
 * @example
 * coinTypeToChainId(2147483649) // 1
 */
export function coinTypeToChainId(coinType: number): number {
  if (!Number.isSafeInteger(coinType) || coinType < EVM_BIT) throw new Error('Invalid coin type')
  const chainId = coinType - EVM_BIT
  // The shared rule refuses the same chain ids the spec does, and its result must give the coin type back.
  if (evmChainIdToCoinType(chainId) !== coinType) throw new Error('Invalid chainId')
  return chainId
}
