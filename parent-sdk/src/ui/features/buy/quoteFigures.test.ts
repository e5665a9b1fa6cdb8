import type { OnrampQuote } from '@keyframe/protocol/chain-api/onramp'
import { describe, expect, test } from 'vitest'
import { MOCKED_QUOTE_ID } from '../../../api/getOnrampQuote.ts'
import { feePercent, quoteFigures } from './quoteFigures.ts'

const usd = (value: string) => ({ value, currency: 'USD' })
const QUOTE: OnrampQuote = {
  paymentTotal: usd('250.00'),
  paymentSubtotal: usd('246.18'),
  purchaseAmount: { value: '0.08206', currency: 'ETH' },
  coinbaseFee: usd('3.75'),
  networkFee: usd('0.07'),
  quoteId: 'q-1',
}

describe('quoteFigures', () => {
  test('default: what arrives, the provider fee with its rate, the network fee and the total', () => {
    expect(quoteFigures(QUOTE)).toEqual({
      receive: '0.08206 ETH',
      providerFee: '3.75 USD (1.5 %)',
      networkFee: '0.07 USD',
      total: '250.00 USD',
    })
  })

  test('behavior: the rate is the fee over the total, to one decimal (SPEC §9 range 1-2 %)', () => {
    expect(feePercent({ ...QUOTE, paymentTotal: usd('50.00'), coinbaseFee: usd('1.00') })).toBe('2')
    expect(feePercent({ ...QUOTE, paymentTotal: usd('1000.00'), coinbaseFee: usd('10.00') })).toBe('1')
    expect(feePercent({ ...QUOTE, paymentTotal: usd('0'), coinbaseFee: usd('0') })).toBe('0')
  })

  test('behavior: a mocked quote (chain-api could not quote) shows only what is paid', () => {
    expect(quoteFigures({ ...QUOTE, quoteId: MOCKED_QUOTE_ID })).toEqual({
      receive: undefined,
      providerFee: undefined,
      networkFee: undefined,
      total: '250.00 USD',
    })
  })
})
