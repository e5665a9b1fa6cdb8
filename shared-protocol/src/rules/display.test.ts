import { describe, expect, test } from 'vitest'
import { shortenAddress } from './address.ts'
import { formatBalance, formatTransactionAmount } from './display.ts'

describe('shortenAddress', () => {
  test('default', () => {
    expect(shortenAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe('0xab...5Bfcdb')
  })

  test('behavior: solana address', () => {
    expect(shortenAddress('7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toBe('7S3P...ArAaKv')
  })

  test('behavior: short strings are kept when shortening would not make them shorter', () => {
    expect(shortenAddress('0x12345678901')).toBe('0x12345678901')
    expect(shortenAddress('0x123456789012')).toBe('0x12...789012')
    expect(shortenAddress('')).toBe('')
  })
})

describe('formatBalance', () => {
  test('default', () => {
    expect(formatBalance('1.23789')).toBe('1.23')
  })

  test('parameters: decimals', () => {
    expect(formatBalance('1.23789', 4)).toBe('1.2378')
    expect(formatBalance(12.9, 0)).toBe('12')
    expect(formatBalance('0.5', 6)).toBe('0.500000')
  })

  test('behavior: truncates as decimal text, never rounds up', () => {
    expect(formatBalance(0.29)).toBe('0.29')
    expect(formatBalance(1.005)).toBe('1.00')
    expect(formatBalance('0.999999')).toBe('0.99')
    expect(formatBalance('123456789012345678901234.567')).toBe('123456789012345678901234.56')
  })

  test('behavior: exponent notation', () => {
    expect(formatBalance(1e-7)).toBe('0.00')
    expect(formatBalance(1e-7, 8)).toBe('0.00000010')
    expect(formatBalance(1.5e21)).toBe('1500000000000000000000.00')
    expect(formatBalance('2.5e3')).toBe('2500.00')
  })

  test('behavior: padding, signs and leading zeros', () => {
    expect(formatBalance(3)).toBe('3.00')
    expect(formatBalance('.5')).toBe('0.50')
    expect(formatBalance('007.10')).toBe('7.10')
    expect(formatBalance('-1.239')).toBe('-1.23')
    expect(formatBalance('-0.001')).toBe('0.00')
  })

  test('behavior: missing or unreadable values show zero', () => {
    expect(
      [undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, '1,5'].map((v) => formatBalance(v)),
    ).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00'])
  })
})

describe('formatTransactionAmount', () => {
  test('default', () => {
    expect(formatTransactionAmount('0.5', 'receive')).toBe('+0.500')
  })

  test('behavior: + for receive, deposit, borrow, claim', () => {
    expect(
      ['receive', 'deposit', 'borrow', 'claim'].map((t) => formatTransactionAmount('1.23456', t)),
    ).toEqual(['+1.234', '+1.234', '+1.234', '+1.234'])
  })

  test('behavior: - for withdraw, repay, burn', () => {
    expect(['withdraw', 'repay', 'burn'].map((t) => formatTransactionAmount(2, t))).toEqual([
      '-2.000',
      '-2.000',
      '-2.000',
    ])
  })

  test('behavior: no sign for other operation types', () => {
    expect(formatTransactionAmount('10', 'send')).toBe('10.000')
    expect(formatTransactionAmount('0.0001', 'trade')).toBe('0.000')
  })

  test('behavior: a signed type uses the magnitude', () => {
    expect(formatTransactionAmount('-1.5', 'withdraw')).toBe('-1.500')
    expect(formatTransactionAmount('-1.5', 'receive')).toBe('+1.500')
  })

  test('behavior: missing or unreadable values show nothing', () => {
    expect(formatTransactionAmount(undefined, 'receive')).toBe('')
    expect(formatTransactionAmount('n/a', 'receive')).toBe('')
  })
})
