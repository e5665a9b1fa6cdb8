import { HTTPException } from 'hono/http-exception'
import { describe, expect, test } from 'vitest'
import { checkLimits, priceQuote, quoteAnswer } from './quote.ts'

/** The `{ status, code, message }` a call ends the request with. */
async function refusal(run: () => unknown) {
  try {
    run()
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error
    return { status: error.status, ...((await error.getResponse().json()) as object) }
  }
  throw new Error('expected a refusal')
}

const eth = { symbol: 'ETH', decimals: 18 }
const kusd = { symbol: 'kUSD', decimals: 6 }

describe('priceQuote', () => {
  test('default: total = subtotal + provider fee + network fee; the subtotal buys at the price', () => {
    const q = priceQuote({
      totalCents: 100_00n,
      currency: 'USD',
      assetPriceUsd: 1,
      decimals: 6,
      networkFeeUsd: 0.101,
    })
    expect(q).toEqual({
      totalCents: 100_00n,
      feeCents: 1_50n,
      networkFeeCents: 11n,
      subtotalCents: 98_39n,
      purchaseUnits: 98_390_000n,
    })
    expect(quoteAnswer(q, 'USD', kusd)).toMatchObject({
      paymentTotal: { value: '100.00', currency: 'USD' },
      paymentSubtotal: { value: '98.39', currency: 'USD' },
      coinbaseFee: { value: '1.50', currency: 'USD' },
      networkFee: { value: '0.11', currency: 'USD' },
      purchaseAmount: { value: '98.39', currency: 'kUSD' },
    })
    expect(quoteAnswer(q, 'USD', kusd).quoteId).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('behavior: the purchased amount is cut to 8 decimals (what is shown is what is sent)', () => {
    const q = priceQuote({
      totalCents: 100_00n,
      currency: 'USD',
      assetPriceUsd: 3000,
      decimals: 18,
      networkFeeUsd: 0,
    })
    // (100.00 − 1.50 fee) USD / 3000 = 0.0328333…, cut to 0.03283333.
    expect(quoteAnswer(q, 'USD', eth).purchaseAmount).toEqual({ value: '0.03283333', currency: 'ETH' })
    expect(q.purchaseUnits).toBe(32_833_330_000_000_000n)
  })

  test('parameters: currency EUR converts the USD price at the fixed rate', () => {
    const usd = priceQuote({
      totalCents: 500_00n,
      currency: 'USD',
      assetPriceUsd: 1,
      decimals: 6,
      networkFeeUsd: 0,
    })
    const eur = priceQuote({
      totalCents: 500_00n,
      currency: 'EUR',
      assetPriceUsd: 1,
      decimals: 6,
      networkFeeUsd: 0,
    })
    expect(eur.feeCents).toBe(usd.feeCents)
    // 492.50 EUR buys 492.50 × 1.08 kUSD.
    expect(eur.purchaseUnits).toBe(531_900_000n)
  })

  test('error: fees larger than the payment', async () => {
    expect(
      await refusal(() =>
        priceQuote({ totalCents: 10_00n, currency: 'USD', assetPriceUsd: 1, decimals: 6, networkFeeUsd: 20 }),
      ),
    ).toEqual({ status: 400, code: 'amount_out_of_range', message: 'Amount does not cover the fees' })
  })
})

describe('checkLimits', () => {
  test('default: card 10–7500, bank 10–25000, bounds included', async () => {
    expect(() => checkLimits(10_00n, 'USD', 'card')).not.toThrow()
    expect(() => checkLimits(7500_00n, 'EUR', 'card')).not.toThrow()
    expect(() => checkLimits(25_000_00n, 'USD', 'bank')).not.toThrow()
    expect(await refusal(() => checkLimits(9_99n, 'USD', 'card'))).toEqual({
      status: 400,
      code: 'amount_out_of_range',
      message: 'Amount must be between 10 and 7500 USD for card payments',
    })
    expect(await refusal(() => checkLimits(25_000_01n, 'EUR', 'bank'))).toEqual({
      status: 400,
      code: 'amount_out_of_range',
      message: 'Amount must be between 10 and 25000 EUR for bank payments',
    })
  })
})
