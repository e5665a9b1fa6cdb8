/**
 * `POST /v1/onramp/quote`: what buying an asset for a fiat amount costs and gives, fees included. A quote that
 * cannot be had (chain-api unreachable, failing or answering nonsense) is replaced by a mocked one (SPEC §8),
 * so the buy flow can go on to the provider, whose page quotes again.
 * @module
 */
import {
  getOnrampQuote as endpoint,
  type OnrampQuote,
  type OnrampQuoteRequest,
} from '@keyframe/protocol/chain-api/onramp'
import { ChainApiError } from './chainApiError.ts'
import type { ChainApi } from './createChainApi.ts'

export type GetOnrampQuoteParameters = OnrampQuoteRequest & { signal?: AbortSignal | undefined }

/** The `quoteId` of a mocked quote: its amounts are the request's, its fees and purchase amount unknown (0). */
export const MOCKED_QUOTE_ID = 'mocked-quote-id'

/**
 * The quote: `paymentTotal` = `paymentSubtotal` + `coinbaseFee` (1–2 %) + `networkFee`; `purchaseAmount` arrives.
 * A failure other than the request's own fault gives a mocked quote ({@link MOCKED_QUOTE_ID}).
 * @throws ChainApiError 400 for an amount outside the payment method's limits (the limit is in the message) or
 *   a network chain-api does not sell on: the person must change the request, a mocked quote would hide that.
 * @example
 * const quote = await getOnrampQuote(api, { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'eip155:31337' })
 */
export async function getOnrampQuote(
  api: ChainApi,
  parameters: GetOnrampQuoteParameters,
): Promise<OnrampQuote> {
  const { signal, ...body } = parameters
  try {
    return await api.request(endpoint, { body, signal })
  } catch (error) {
    if (signal?.aborted || (error instanceof ChainApiError && error.status === 400)) throw error
    return mockedQuote(body)
  }
}

function mockedQuote(request: OnrampQuoteRequest): OnrampQuote {
  const id = (currency: OnrampQuoteRequest['purchaseCurrency']) =>
    typeof currency === 'string' ? currency : currency.id
  const paid = { value: String(request.amount), currency: id(request.paymentCurrency) }
  const none = { value: '0', currency: paid.currency }
  return {
    paymentTotal: paid,
    paymentSubtotal: paid,
    purchaseAmount: { value: '0', currency: id(request.purchaseCurrency) },
    coinbaseFee: none,
    networkFee: none,
    quoteId: MOCKED_QUOTE_ID,
  }
}
