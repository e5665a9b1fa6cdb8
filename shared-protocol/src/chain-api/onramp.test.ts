import { describe, expect, test } from 'vitest'
import { DEFAULT_ONRAMP_OPTIONS, onrampOptions, onrampQuoteRequest, onrampUrlRequest } from './onramp.ts'

describe('DEFAULT_ONRAMP_OPTIONS', () => {
  test('default: the spec fallback — USD and EUR, card 10–7500, bank 10–25000, nothing to buy', () => {
    expect(onrampOptions.parse(DEFAULT_ONRAMP_OPTIONS)).toEqual({
      paymentCurrencies: ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10', max: '7500' },
          { id: 'bank', min: '10', max: '25000' },
        ],
      })),
      purchaseCurrencies: [],
    })
  })
})

describe('onrampQuoteRequest', () => {
  test('parameters: currencies as ids or as the option objects', () => {
    const base = { amount: '100', network: 'eip155:31337' }
    expect(
      onrampQuoteRequest.safeParse({ ...base, purchaseCurrency: 'ETH', paymentCurrency: 'USD' }).success,
    ).toBe(true)
    const objects = {
      ...base,
      purchaseCurrency: { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [] },
      paymentCurrency: DEFAULT_ONRAMP_OPTIONS.paymentCurrencies[0],
    }
    expect(onrampQuoteRequest.safeParse(objects).success).toBe(true)
  })

  test('error: amounts with more than 2 decimals, or not a string', () => {
    const base = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', network: 'eip155:1' }
    expect(onrampQuoteRequest.safeParse({ ...base, amount: '1.234' }).error?.issues[0]?.message).toBe(
      'Expected an amount with at most 2 decimals',
    )
    expect(onrampQuoteRequest.safeParse({ ...base, amount: 12 }).success).toBe(false)
  })
})

describe('onrampUrlRequest', () => {
  test('parameters: preset amounts as numbers or decimal strings, positive only', () => {
    const base = { partnerUserId: 'u', destinationWallets: [{ address: `0x${'1'.repeat(40)}` }] }
    expect(
      onrampUrlRequest.safeParse({ ...base, presetCryptoAmount: 0.5, presetFiatAmount: '20.00' }).success,
    ).toBe(true)
    expect(onrampUrlRequest.safeParse({ ...base, presetCryptoAmount: 0 }).success).toBe(false)
    expect(onrampUrlRequest.safeParse({ ...base, presetFiatAmount: '0' }).success).toBe(false)
    expect(onrampUrlRequest.safeParse({ ...base, destinationWallets: [] }).success).toBe(false)
  })
})
