/**
 * The NFTs area of the chain API: the ERC-721 tokens an account holds now, as the indexer saw them move
 * (spec §2 Account tab NFTs: previews, spam flagged). The fields follow the history's `nft_info`.
 * @module
 */
import * as z from 'zod/mini'
import { address, endpoint, networkId } from './endpoint.ts'

/** The most NFTs one answer lists (the oldest holdings first beyond it are left out). */
export const NFTS_LIMIT = 200

/** One ERC-721 token the account holds. */
export const nftHolding = z.object({
  /** `<collection name> #<token id>`, as in the history's `nft_info.name`. */
  name: z.string(),
  /** The collection's name (the contract's `name()`; its symbol, or 'NFT', when it has none). */
  collection: z.string(),
  /** CAIP-2 of the chain. */
  chainId: z.string(),
  /** CAIP-10 of the contract. */
  contract: z.string(),
  /** The token id, a decimal integer as a string. */
  tokenId: z.string(),
  /** `is_spam`: the contract is in chain-api's spam list. */
  flags: z.object({ is_spam: z.boolean() }),
  /** A generated preview image (`/public/getAssetImage/{id}`), the same as the history's for that token. */
  content: z.object({ preview: z.object({ url: z.string() }) }),
})
export type NftHolding = z.infer<typeof nftHolding>

export const nftList = z.object({ nfts: z.array(nftHolding) })
export type NftList = z.infer<typeof nftList>

/** The empty answer (an unsupported network, or nothing held). */
export const EMPTY_NFTS: NftList = { nfts: [] }

export const getNfts = endpoint({
  method: 'get',
  path: '/v1/account/{address}/nfts',
  summary:
    'The ERC-721 tokens an account holds now, by chain, contract and token id, at most 200, with a preview ' +
    'image and the spam flag (all configured chains without chainId; an unsupported network answers { nfts: [] })',
  auth: 'project',
  params: z.object({ address }),
  query: z.object({ chainId: z.optional(networkId) }),
  response: nftList,
})
