import { describe, expect, test } from 'vitest'
import { displayAmount, displayUsd } from './displayAmount.ts'

describe('displayAmount', () => {
  test('default: up to 6 places, truncated, without trailing zeros', () => {
    expect(displayAmount(2_988_020_943n, 6)).toBe('2988.020943')
    expect(displayAmount(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(displayAmount(123_456_789_999_999_999n, 18)).toBe('0.123456')
  })

  test('behavior: whole amounts keep their zeros; dust below 6 places shows as 0', () => {
    expect(displayAmount(100n * 10n ** 18n, 18)).toBe('100')
    expect(displayAmount(1000n, 0)).toBe('1000')
    expect(displayAmount(1n, 18)).toBe('0')
  })
})

describe('displayUsd', () => {
  test('default: dollars with 2 places; under a cent says so', () => {
    expect(displayUsd(0.6312)).toBe('$0.63')
    expect(displayUsd(2988.029)).toBe('$2988.02')
    expect(displayUsd(0.004)).toBe('< $0.01')
    expect(displayUsd(0)).toBe('$0.00')
  })
})
