/**
 * `GET /public/getAssetImage/{id}`, `/public/getCurrencyImage/{id}`, `/public/getTokenImage/{id}` as URLs,
 * for an `<img src>`.
 * @module
 */
import { getAssetImage, getCurrencyImage, getTokenImage } from '@keyframe/protocol/chain-api/catalogue'
import type { ChainApi } from './createChainApi.ts'
import { endpointUrl } from './endpointUrl.ts'

const endpoints = { asset: getAssetImage, currency: getCurrencyImage, token: getTokenImage } as const

/**
 * The URL of the image of an asset, a currency or a token (e.g. a symbol: `tokenImage` of `ETH`).
 * @example
 * img.src = publicImageUrl(api, 'currency', 'USD')
 */
export function publicImageUrl(api: ChainApi, kind: keyof typeof endpoints, id: string): string {
  return endpointUrl(api, endpoints[kind], { params: { id } }).href
}
