import { describe, expect, test } from 'vitest'
import { feeBasisPoints, providerFeeCents } from './fee.ts'

describe('providerFeeCents', () => {
  test('default: 2 % under 100, 1.5 % under 1000, 1 % from 1000', () => {
    expect(providerFeeCents(10_00n)).toBe(20n)
    // 2 % of 99.99 is 2.00 rounded, which is over 2 %: kept at 1.99.
    expect(providerFeeCents(99_99n)).toBe(1_99n)
    expect(providerFeeCents(100_00n)).toBe(1_50n)
    expect(providerFeeCents(999_99n)).toBe(15_00n)
    expect(providerFeeCents(1000_00n)).toBe(10_00n)
    expect(providerFeeCents(25_000_00n)).toBe(250_00n)
    expect([10_00n, 500_00n, 5000_00n].map(feeBasisPoints)).toEqual([200n, 150n, 100n])
  })

  test('behavior: every amount from 10.00 to 25000.00 pays between 1 % and 2 %, rounding included', () => {
    // Every cent up to 200 (where rounding matters most), then a stride over the rest.
    const amounts: bigint[] = []
    for (let cents = 10_00n; cents <= 200_00n; cents += 1n) amounts.push(cents)
    for (let cents = 200_00n; cents <= 25_000_00n; cents += 7_13n) amounts.push(cents)
    const outside = amounts.filter((amount) => {
      const fee = providerFeeCents(amount)
      return fee * 100n < amount || fee * 50n > amount
    })
    expect(amounts.length).toBeGreaterThan(20_000)
    expect(outside).toEqual([])
  })
})
