import { expect, test } from 'vitest'
import { minimumOut } from './swaps.ts'

test('default: 1 % slippage keeps 99 % of the quote, rounded down', () => {
  expect(minimumOut(1_000_000n, 1)).toBe(990_000n)
  expect(minimumOut(2_988_020_943n, 1)).toBe(2_958_140_733n)
})

test('parameters: slippage 0, 0.5, 0.0001 and 50 percent', () => {
  expect(minimumOut(1_000_000n, 0)).toBe(1_000_000n)
  expect(minimumOut(1_000_000n, 0.5)).toBe(995_000n)
  expect(minimumOut(1_000_000n, 0.0001)).toBe(999_999n)
  expect(minimumOut(1_000_001n, 50)).toBe(500_000n)
})
