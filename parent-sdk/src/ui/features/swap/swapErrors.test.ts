import { describe, expect, test } from 'vitest'
import { getSwapErrors, type SwapForm } from './swapErrors.ts'

const ETH = 10n ** 18n
const eth = { symbol: 'ETH', decimals: 18, isNative: true, balance: 2n * ETH }
const kusd = { symbol: 'kUSD', decimals: 6, isNative: false, balance: 100_000_000n }
const form = (patch: Partial<SwapForm>): SwapForm => ({
  amount: '1',
  from: eth,
  native: { symbol: 'ETH', balance: 2n * ETH },
  fee: 10n ** 15n,
  ...patch,
})

describe('getSwapErrors', () => {
  test('default: an amount within the balance, with the fee covered, can be swapped', () => {
    expect(getSwapErrors(form({}))).toEqual({})
    expect(getSwapErrors(form({ from: kusd, amount: '99.5' }))).toEqual({})
  })

  test('behavior: nothing typed yet is not a field error, but cannot be swapped', () => {
    expect(getSwapErrors(form({ amount: '  ' }))).toEqual({ empty: true })
  })

  test('error: not a number, zero, or more places than the token has', () => {
    for (const amount of ['abc', '0', '0.000', '1.2.3', '-1', '1e3'])
      expect(getSwapErrors(form({ amount })), amount).toEqual({ amount: 'Please enter a valid amount' })
    expect(getSwapErrors(form({ from: kusd, amount: '0.0000001' }))).toEqual({
      amount: 'Please enter a valid amount',
    })
  })

  test('error: more than the wallet holds', () => {
    expect(getSwapErrors(form({ amount: '2.000000000000000001' }))).toEqual({
      amount: 'Insufficient ETH balance',
    })
    expect(getSwapErrors(form({ from: kusd, amount: '100.000001' }))).toEqual({
      amount: 'Insufficient kUSD balance',
    })
  })

  test('error: the native currency left after a native swap does not cover the fee', () => {
    expect(getSwapErrors(form({ amount: '1.9995' }))).toEqual({ gas: 'Not enough ETH to pay for gas' })
    expect(getSwapErrors(form({ amount: '1.999' }))).toEqual({})
    // A token swap needs the fee in ETH too.
    expect(getSwapErrors(form({ from: kusd, native: { symbol: 'ETH', balance: 0n } }))).toEqual({
      gas: 'Not enough ETH to pay for gas',
    })
  })

  test('behavior: unknown balances or fee are not checked (the chain refuses what it cannot do)', () => {
    expect(
      getSwapErrors(
        form({
          amount: '50',
          from: { ...eth, balance: undefined },
          native: { symbol: 'ETH', balance: undefined },
        }),
      ),
    ).toEqual({})
    expect(getSwapErrors(form({ amount: '1.9999', fee: undefined }))).toEqual({})
  })
})
