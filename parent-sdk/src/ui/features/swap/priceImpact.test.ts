import { describe, expect, test } from 'vitest'
import { formatPriceImpact, priceImpact } from './priceImpact.ts'

describe('priceImpact', () => {
  test('default: 1 ETH at $3000 for 2988.02 kUSD at $1 loses 0.40 % (the dev pool: 0.3 % fee and the move)', () => {
    expect(priceImpact({ fromAmount: 1, fromPrice: 3000, toAmount: 2988.020943, toPrice: 1 })).toBeCloseTo(
      0.3993,
      4,
    )
  })

  test('behavior: a larger swap moves the price more, so it loses more', () => {
    const small = priceImpact({ fromAmount: 1, fromPrice: 3000, toAmount: 2988.02, toPrice: 1 })!
    const large = priceImpact({ fromAmount: 100, fromPrice: 3000, toAmount: 270_000, toPrice: 1 })!
    expect(large).toBeGreaterThan(small)
    expect(large).toBeCloseTo(10, 6)
  })

  test('error: an unknown or zero price, or nothing given, has no impact to show', () => {
    expect(priceImpact({ fromAmount: 1, fromPrice: undefined, toAmount: 2, toPrice: 1 })).toBeUndefined()
    expect(priceImpact({ fromAmount: 1, fromPrice: 3000, toAmount: 2, toPrice: 0 })).toBeUndefined()
    expect(priceImpact({ fromAmount: 0, fromPrice: 3000, toAmount: 0, toPrice: 1 })).toBeUndefined()
    expect(priceImpact({ fromAmount: 1, fromPrice: -1, toAmount: 1, toPrice: -1 })).toBeUndefined()
  })
})

describe('formatPriceImpact', () => {
  test('default: two places and a percent sign', () => {
    expect(formatPriceImpact(0.3993)).toBe('0.40 %')
    expect(formatPriceImpact(12.345)).toBe('12.35 %')
  })

  test('behavior: a tiny loss is not rounded away to zero; a gain shows as none', () => {
    expect(formatPriceImpact(0.004)).toBe('< 0.01 %')
    expect(formatPriceImpact(0)).toBe('0.00 %')
    expect(formatPriceImpact(-0.5)).toBe('0.00 %')
  })
})
