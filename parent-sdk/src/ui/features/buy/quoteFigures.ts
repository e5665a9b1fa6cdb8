/**
 * A quote as the Buy view words it: what arrives, the provider fee with its rate (SPEC §9: 1–2 %), the
 * network fee and the total. A mocked quote (chain-api could not quote, SPEC §8) has no figures to show.
 * @module
 */
import type { OnrampQuote } from '@keyframe/protocol/chain-api/onramp'
import { MOCKED_QUOTE_ID } from '../../../api/getOnrampQuote.ts'

export type QuoteFigures = {
  /** `0.03687 ETH`; undefined for a mocked quote. */
  receive: string | undefined
  /** `2.00 USD (2 %)`. */
  providerFee: string | undefined
  networkFee: string | undefined
  total: string
}

/** `value currency`, as chain-api wrote the value (cents; the asset's units cut to 8 decimals). */
function amount({ value, currency }: { value: string; currency: string }): string {
  return `${value} ${currency}`
}

/** The fee's share of the total, one decimal at most: `2`, `1.5`. */
export function feePercent(quote: OnrampQuote): string {
  const total = Number(quote.paymentTotal.value)
  const fee = Number(quote.coinbaseFee.value)
  if (!(total > 0)) return '0'
  return String(Math.round((fee / total) * 1000) / 10)
}

export function isMockedQuote(quote: OnrampQuote): boolean {
  return quote.quoteId === MOCKED_QUOTE_ID
}

export function quoteFigures(quote: OnrampQuote): QuoteFigures {
  if (isMockedQuote(quote))
    return {
      receive: undefined,
      providerFee: undefined,
      networkFee: undefined,
      total: amount(quote.paymentTotal),
    }
  return {
    receive: amount(quote.purchaseAmount),
    providerFee: `${amount(quote.coinbaseFee)} (${feePercent(quote)} %)`,
    networkFee: amount(quote.networkFee),
    total: amount(quote.paymentTotal),
  }
}
