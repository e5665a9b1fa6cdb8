/**
 * `POST /v1/generators/onrampurl`: the URL of a purchase at the on-ramp provider (chain-api's sandbox page in
 * development), for the user to open.
 * @module
 */
import { generateOnrampUrl as endpoint, type OnrampUrlRequest } from '@keyframe/protocol/chain-api/onramp'
import type { ChainApi } from './createChainApi.ts'

export type GenerateOnrampUrlParameters = Omit<OnrampUrlRequest, 'defaultExperience'> & {
  signal?: AbortSignal | undefined
}

/**
 * The purchase page's URL (the first destination wallet receives the asset).
 * @example
 * const { url } = await generateOnrampUrl(api, {
 *   destinationWallets: [{ address, blockchains: ['eip155:31337'], assets: ['ETH'] }],
 *   partnerUserId: address, presetFiatAmount: 50,
 * })
 * window.open(url)
 */
export function generateOnrampUrl(
  api: ChainApi,
  parameters: GenerateOnrampUrlParameters,
): Promise<{ url: string }> {
  const { signal, ...body } = parameters
  return api.request(endpoint, { body: { ...body, defaultExperience: 'buy' }, signal })
}
