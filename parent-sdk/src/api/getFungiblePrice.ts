/**
 * `POST /v1/fungible/price`: USD prices of tokens.
 * @module
 */
import { getFungiblePrice as endpoint, type FungiblePrice } from '@keyframe/protocol/chain-api/balances'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetFungiblePriceParameters = {
  /** CAIP-10 of the tokens (`eip155:1:0xeeee…eeee` for a native currency). */
  addresses: readonly string[]
  signal?: AbortSignal | undefined
}

/**
 * The prices chain-api knows, by address as asked; tokens of networks chain-api does not serve are not asked
 * for, and when none is left there is no request.
 * @example
 * const { fungibles } = await getFungiblePrice(api, { addresses: ['eip155:31337:0x…'] })
 */
export async function getFungiblePrice(
  api: ChainApi,
  { addresses, signal }: GetFungiblePriceParameters,
): Promise<{ fungibles: FungiblePrice[] }> {
  const supported = await Promise.all(addresses.map((address) => isSupportedNetwork(api, address, signal)))
  const asked = addresses.filter((_, index) => supported[index])
  if (asked.length === 0) return { fungibles: [] }
  return api.request(endpoint, {
    body: { currency: 'usd', addresses: asked, projectId: api.projectId },
    signal,
  })
}
