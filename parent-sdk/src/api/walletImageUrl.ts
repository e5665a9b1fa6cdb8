/**
 * `GET /getWalletImage/{id}` as a URL, for an `<img src>`: images load as images, not through fetch.
 * @module
 */
import { getWalletImage } from '@keyframe/protocol/chain-api/catalogue'
import type { ChainApi } from './createChainApi.ts'
import { endpointUrl } from './endpointUrl.ts'

/**
 * The URL of a catalogue wallet's image (`image_id` of its entry).
 * @example
 * img.src = walletImageUrl(api, wallet.image_id)
 */
export function walletImageUrl(api: ChainApi, imageId: string): string {
  return endpointUrl(api, getWalletImage, { params: { id: imageId } }).href
}
