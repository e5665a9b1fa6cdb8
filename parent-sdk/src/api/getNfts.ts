/**
 * `GET /v1/account/{address}/nfts`: the ERC-721 tokens an account holds, with previews and the spam flag,
 * kept 30 s like the rest of the portfolio (SPEC §9 portfolio cache).
 * @module
 */
import { getNfts as endpoint, type NftList } from '@keyframe/protocol/chain-api/nfts'
import { PORTFOLIO_CACHE_MS } from '@keyframe/protocol/core'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetNftsParameters = {
  /** The account (0x address). */
  address: string
  /** CAIP-2 network; without it, every network chain-api serves. */
  chainId?: string | undefined
  /** Skip the cache, e.g. right after a transfer. */
  forceUpdate?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** The cache key of an account's NFTs on a network (`*`: all networks). */
export function nftsKey(address: string, chainId: string | undefined): string {
  return `nfts:${chainId ?? '*'}:${address.toLowerCase()}`
}

/**
 * The account's NFTs, spam ones included (flagged `flags.is_spam`: hiding them is the caller's choice);
 * `{ nfts: [] }` without a request for a network chain-api does not serve.
 * @example
 * const { nfts } = await getNfts(api, { address: '0x…', chainId: 'eip155:31337' })
 * const shown = nfts.filter((nft) => !nft.flags.is_spam)
 */
export async function getNfts(api: ChainApi, parameters: GetNftsParameters): Promise<NftList> {
  const { address, chainId, forceUpdate, signal } = parameters
  if (chainId !== undefined && !(await isSupportedNetwork(api, chainId, signal))) return { nfts: [] }
  return api.cache.get(
    nftsKey(address, chainId),
    PORTFOLIO_CACHE_MS,
    (loadSignal) => api.request(endpoint, { params: { address }, query: { chainId }, signal: loadSignal }),
    { force: forceUpdate, signal },
  )
}
