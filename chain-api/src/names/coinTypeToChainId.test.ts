import { evmChainIdToCoinType } from '@keyframe/protocol'
import { describe, expect, test } from 'vitest'
import { coinTypeToChainId } from './coinTypeToChainId.ts'

describe('coinTypeToChainId', () => {
  test('default', () => {
    expect(coinTypeToChainId(2147483649)).toBe(1)
  })

  test('behavior: inverse of the shared rule', () => {
    for (const id of [0, 1, 10, 8453, 31337, 0x7fffffff])
      expect(coinTypeToChainId(evmChainIdToCoinType(id))).toBe(id)
  })

  test("error: a chain id at or above 0x80000000 is 'Invalid chainId'", () => {
    expect(() => coinTypeToChainId(0x80000000 + 0x80000000)).toThrowErrorMatchingInlineSnapshot(
      `[Error: Invalid chainId]`,
    )
    expect(() => coinTypeToChainId(2 ** 40)).toThrow('Invalid chainId')
  })

  test('error: coin types of other networks (SLIP-44 60, 501) are not EVM chain ids', () => {
    expect(() => coinTypeToChainId(60)).toThrowErrorMatchingInlineSnapshot(`[Error: Invalid coin type]`)
    expect(() => coinTypeToChainId(501)).toThrow('Invalid coin type')
    expect(() => coinTypeToChainId(-1)).toThrow('Invalid coin type')
  })
})
