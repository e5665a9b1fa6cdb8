import { describe, expect, test } from 'vitest'
import { centsOfNumber, formatCents, isFiatCurrency, parseCents, USD_PER_EUR, usdPerUnit } from './fiat.ts'

describe('fiat', () => {
  test('parseCents / formatCents: exact round trip', () => {
    expect(parseCents('10')).toBe(1000n)
    expect(parseCents('49.9')).toBe(4990n)
    expect(parseCents('0.05')).toBe(5n)
    expect(formatCents(1050n)).toBe('10.50')
    expect(formatCents(5n)).toBe('0.05')
    expect(formatCents(-5n)).toBe('-0.05')
    expect(formatCents(parseCents('7500.01'))).toBe('7500.01')
    expect(centsOfNumber(19.99)).toBe(1999n)
  })

  test('currencies: USD and EUR only, EUR at the documented rate', () => {
    expect(isFiatCurrency('USD')).toBe(true)
    expect(isFiatCurrency('EUR')).toBe(true)
    expect(isFiatCurrency('GBP')).toBe(false)
    expect(usdPerUnit('USD')).toBe(1)
    expect(usdPerUnit('EUR')).toBe(USD_PER_EUR)
  })
})
