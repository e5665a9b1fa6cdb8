/**
 * The ERC-721 tokens an account holds, from the index in one statement: every token it ever received, kept
 * when the last transfer of that token went to it (a token sent on is no longer held).
 * @module
 */
import { NFTS_LIMIT, type NftHolding } from '@keyframe/protocol/chain-api/nfts'
import type { Db } from '@keyframe/server-kit'
import { sql } from 'drizzle-orm'
import type { ChainApiConfig, ChainConfig } from '../config.ts'

type Row = {
  chain_id: number
  contract: string
  token_id: string
  name: string | null
  symbol: string | null
}

/** The preview image of a token, as the history names it (`/public/getAssetImage/<chain>-<contract>-<id>`). */
export function nftPreviewUrl(publicUrl: string, chainId: number, contract: string, tokenId: string): string {
  return `${publicUrl}/public/getAssetImage/${`${chainId}-${contract}-${tokenId}`.slice(0, 128)}`
}

/**
 * The account's NFTs on `chains`, by chain, contract and token id, at most {@link NFTS_LIMIT}.
 * @example
 * const nfts = await nftsOf(ctx.db, ctx.config, '0xf39f…2266', ctx.chains.list())
 */
export async function nftsOf(
  db: Db,
  config: ChainApiConfig,
  address: string,
  chains: readonly ChainConfig[],
): Promise<NftHolding[]> {
  if (chains.length === 0) return []
  const owner = address.toLowerCase()
  const chainIds = sql.join(
    chains.map((chain) => sql`${chain.id}`),
    sql`, `,
  )
  const result = await db.execute(sql`
    with received as (
      select distinct chain_id, contract, amount from idx_transfers
      where to_address = ${owner} and kind = 'erc721' and chain_id in (${chainIds})
    )
    select r.chain_id, r.contract, r.amount::text as token_id, k.name, k.symbol
    from received r
    left join idx_tokens k on k.chain_id = r.chain_id and k.address = r.contract
    where (
      select x.to_address from idx_transfers x
      where x.chain_id = r.chain_id and x.contract = r.contract and x.kind = 'erc721' and x.amount = r.amount
      order by x.block_number desc, x.log_index desc
      limit 1
    ) = ${owner}
    order by r.chain_id, r.contract, r.amount
    limit ${NFTS_LIMIT}`)
  const rows = (result as unknown as { rows: Row[] }).rows
  const caip2 = new Map(chains.map((chain) => [chain.id, chain.caip2]))
  const spam = new Set(config.spamContracts)
  return rows.map((row) => {
    const chain = caip2.get(row.chain_id) ?? `eip155:${row.chain_id}`
    const collection = row.name || row.symbol || 'NFT'
    return {
      name: `${collection} #${row.token_id}`,
      collection,
      chainId: chain,
      contract: `${chain}:${row.contract}`,
      tokenId: row.token_id,
      flags: { is_spam: spam.has(`${chain}:${row.contract}`) },
      content: {
        preview: { url: nftPreviewUrl(config.publicUrl, row.chain_id, row.contract, row.token_id) },
      },
    }
  })
}
