/**
 * `POST /v1/onramp/quote`: what buying an asset for a fiat amount costs and gives, fees included.
 * @module
 */
import {
  getOnrampQuote as endpoint,
  type OnrampQuote,
  type OnrampQuoteRequest,
} from '@keyframe/protocol/chain-api/onramp'
import type { ChainApi } from './createChainApi.ts'

export type GetOnrampQuoteParameters = OnrampQuoteRequest & { signal?: AbortSignal | undefined }

/**
 * The quote: `paymentTotal` = `paymentSubtotal` + `coinbaseFee` (1–2 %) + `networkFee`; `purchaseAmount` arrives.
 * @throws ChainApiError 400 for an amount outside the payment method's limits (the limit is in the message) or
 *   a network chain-api does not sell on.
 * @example
 * const quote = await getOnrampQuote(api, { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:31337' })
 */
export function getOnrampQuote(api: ChainApi, parameters: GetOnrampQuoteParameters): Promise<OnrampQuote> {
  const { signal, ...body } = parameters
  return api.request(endpoint, { body, signal })
}
