/**
 * `GET /v1/onramp/options`: the fiat currencies (with payment limits) and the assets that can be bought.
 * Falls back to the built-in USD/EUR options when the call fails (SPEC §8).
 * @module
 */
import {
  DEFAULT_ONRAMP_OPTIONS,
  getOnrampOptions as endpoint,
  type OnrampOptions,
} from '@keyframe/protocol/chain-api/onramp'
import type { ChainApi } from './createChainApi.ts'

export type GetOnrampOptionsParameters = { signal?: AbortSignal | undefined }

/**
 * The options; on any failure but an abort, USD and EUR with card 10–7500 and bank 10–25000 and nothing to buy.
 * @example
 * const { paymentCurrencies, purchaseCurrencies } = await getOnrampOptions(api)
 */
export async function getOnrampOptions(
  api: ChainApi,
  { signal }: GetOnrampOptionsParameters = {},
): Promise<OnrampOptions> {
  try {
    return await api.request(endpoint, { signal })
  } catch (error) {
    if (signal?.aborted) throw error
    return structuredClone(DEFAULT_ONRAMP_OPTIONS)
  }
}
