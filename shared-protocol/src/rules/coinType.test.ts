import { describe, expect, test } from 'vitest'
import { evmChainIdToCoinType } from './coinType.ts'

describe('evmChainIdToCoinType', () => {
  test('default', () => {
    expect(evmChainIdToCoinType(1)).toBe(2147483649)
  })

  test('behavior: ENSIP-11 values', () => {
    expect(evmChainIdToCoinType(0)).toBe(0x80000000)
    expect(evmChainIdToCoinType(10)).toBe(2147483658)
    expect(evmChainIdToCoinType(137)).toBe(2147483785)
    expect(evmChainIdToCoinType(8453)).toBe(2147492101)
    expect(evmChainIdToCoinType(0x7fffffff)).toBe(0xffffffff)
  })

  test('error: chain id at or above 0x80000000', () => {
    expect(() => evmChainIdToCoinType(0x80000000)).toThrowErrorMatchingInlineSnapshot(
      `[Error: Invalid chainId]`,
    )
    expect(() => evmChainIdToCoinType(1313161554 * 2)).toThrow('Invalid chainId')
  })

  test('error: negative or fractional chain id', () => {
    expect(() => evmChainIdToCoinType(-1)).toThrow('Invalid chainId')
    expect(() => evmChainIdToCoinType(1.5)).toThrow('Invalid chainId')
    expect(() => evmChainIdToCoinType(Number.NaN)).toThrow('Invalid chainId')
  })
})
