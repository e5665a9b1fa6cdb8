/**
 * A page of an account's history from the index, in one statement: per chain, one backward range of
 * `idx_account_transactions`' primary key from the cursor; the newest of those; then for each, its
 * transaction, the transfers that moved something to or from the account (with their token's metadata) and
 * whether it approved a spender. One round trip matters more than anything else here: on PGlite each
 * statement costs a fixed hop into the database.
 * @module
 */
import type { HistoryPage, HistoryTransaction } from '@keyframe/protocol/chain-api/history'
import type { Db } from '@keyframe/server-kit'
import { type SQL, sql } from 'drizzle-orm'
import { formatUnits } from 'viem'
import type { ChainApiConfig, ChainConfig } from '../config.ts'
import { nftPreviewUrl } from '../nfts/nftsOf.ts'
import { encodeCursor, type HistoryKey } from './cursor.ts'
import { operationTypeOf } from './operationType.ts'

/** Transactions per page. */
export const HISTORY_PAGE_SIZE = 50

export type HistoryQuery = {
  /** Lowercase EVM address. */
  address: string
  /** The chains to list. */
  chains: readonly ChainConfig[]
  /** Where the previous page ended. */
  after?: HistoryKey | undefined
  /** Only transactions sent by this address (lowercase): the on-ramp's purchases. */
  sentBy?: string | undefined
  /** Default {@link HISTORY_PAGE_SIZE}. */
  limit?: number
}

/** One row of the statement; every value as text or a plain number, so both drivers give the same. */
type Row = {
  chain_id: number
  block_number: string
  tx_index: number
  time_ms: string
  tx_hash: string
  from_address: string
  to_address: string
  status: 'success' | 'reverted'
  nonce: string
  /** JSON: [log index, kind, contract, from, to, amount, token name, token symbol, token decimals][] */
  transfers: string
  approved: boolean
}
type TransferTuple = [
  number,
  'native' | 'erc20' | 'erc721',
  string,
  string,
  string,
  string,
  string | null,
  string | null,
  number | null,
]

/** The image id of a token icon: its symbol when that is a plain word, else its contract. */
const IMAGE_ID = /^[A-Za-z0-9._-]{1,128}$/

/**
 * The page's rows of one chain, newest first, after the cursor. The order of the whole history is (block
 * time, chain, block, position), newest first; within a chain block time follows the block, so each chain's
 * rows are one backward range of the primary key (address, chain, block time, block, position).
 */
function chainRange(query: HistoryQuery, chainId: number, take: number): SQL {
  const { address, after, sentBy } = query
  const conditions = [sql`p.address = ${address}`, sql`p.chain_id = ${chainId}`]
  if (after) {
    const time = new Date(after.time).toISOString()
    conditions.push(
      sql`p.block_time <= ${time}::timestamptz`,
      sql`(p.block_time < ${time}::timestamptz or p.chain_id < ${after.chainId} or (p.chain_id = ${after.chainId} and (p.block_number, p.tx_index) < (${after.blockNumber}, ${after.txIndex})))`,
    )
  }
  if (sentBy !== undefined)
    conditions.push(
      sql`exists (select 1 from idx_transactions s where s.chain_id = p.chain_id and s.hash = p.tx_hash and s.from_address = ${sentBy})`,
    )
  return sql`(select p.chain_id, p.block_number, p.tx_index, p.block_time, p.tx_hash from idx_account_transactions p where ${sql.join(conditions, sql` and `)} order by p.block_time desc, p.block_number desc, p.tx_index desc limit ${take})`
}

/**
 * The account's transactions on the given chains, newest first, with the transfers that moved something to
 * or from it, priced with the configured USD prices.
 * @example
 * const page = await historyOf(ctx.db, ctx.config, { address: '0xf39f…2266', chains: ctx.chains.list() })
 */
export async function historyOf(db: Db, config: ChainApiConfig, query: HistoryQuery): Promise<HistoryPage> {
  const limit = query.limit ?? HISTORY_PAGE_SIZE
  if (query.chains.length === 0) return { data: [], next: null }
  const { address } = query
  // One more than the page, to know whether another follows.
  const take = limit + 1
  const ranges = sql.join(
    query.chains.map((chain) => chainRange(query, chain.id, take)),
    sql` union all `,
  )
  const result = await db.execute(sql`
    with page as (
      select * from (${ranges}) ranges
      order by block_time desc, chain_id desc, block_number desc, tx_index desc
      limit ${take}
    )
    select p.chain_id, p.block_number::text as block_number, p.tx_index,
      (extract(epoch from p.block_time) * 1000)::bigint::text as time_ms, p.tx_hash,
      t.from_address, t.to_address, t.status, t.nonce::text as nonce,
      coalesce((
        select json_agg(json_build_array(x.log_index, x.kind, x.contract, x.from_address, x.to_address,
          x.amount::text, k.name, k.symbol, k.decimals) order by x.log_index)
        from idx_transfers x
        left join idx_tokens k on k.chain_id = x.chain_id and k.address = x.contract
        where x.chain_id = p.chain_id and x.tx_hash = p.tx_hash
          and (x.from_address = ${address} or x.to_address = ${address})
      ), '[]')::text as transfers,
      exists (
        select 1 from idx_approvals a
        where a.chain_id = p.chain_id and a.tx_hash = p.tx_hash and a.owner = ${address}
      ) as approved
    from page p
    join idx_transactions t on t.chain_id = p.chain_id and t.hash = p.tx_hash
    order by p.block_time desc, p.chain_id desc, p.block_number desc, p.tx_index desc`)
  const rows = (result as unknown as { rows: Row[] }).rows
  const page = rows.slice(0, limit)

  const chainById = new Map(query.chains.map((c) => [c.id, c]))
  const spam = new Set(config.spamContracts)
  const tokenIcon = (id: string) => ({ url: `${config.publicUrl}/public/getTokenImage/${id}` })
  const data: HistoryTransaction[] = []
  for (const row of page) {
    const chain = chainById.get(row.chain_id)
    if (!chain) continue
    // Native movements first, in call order (−1, −2 …), then token logs in log order.
    const moved = (JSON.parse(row.transfers) as TransferTuple[]).sort(
      (a, b) => (a[0] < 0 ? -1_000_000 - a[0] : a[0]) - (b[0] < 0 ? -1_000_000 - b[0] : b[0]),
    )
    const transfers: HistoryTransaction['transfers'] = moved.map(
      ([, kind, contract, from, to, amount, tokenName, tokenSymbol, tokenDecimals]) => {
        const direction = from === address ? (to === address ? 'self' : 'out') : 'in'
        if (kind === 'erc721') {
          return {
            nft_info: {
              name: `${tokenName || tokenSymbol || 'NFT'} #${amount}`,
              flags: { is_spam: spam.has(`${chain.caip2}:${contract}`) },
              content: { preview: { url: nftPreviewUrl(config.publicUrl, row.chain_id, contract, amount) } },
            },
            direction,
            quantity: { numeric: '1' },
          }
        }
        const native = kind === 'native'
        const symbol = native ? chain.nativeCurrency.symbol : (tokenSymbol ?? '')
        const decimals = native ? chain.nativeCurrency.decimals : (tokenDecimals ?? 0)
        const name = native ? chain.nativeCurrency.name : tokenName || symbol || 'Unknown token'
        const numeric = formatUnits(BigInt(amount), decimals)
        const price = config.prices[native ? `${chain.caip2}/slip44:60` : `${chain.caip2}/erc20:${contract}`]
        const iconId = IMAGE_ID.test(symbol) ? symbol : native ? undefined : contract
        return {
          fungible_info: { name, symbol, icon: iconId ? tokenIcon(iconId) : null },
          direction,
          quantity: { numeric },
          ...(price === undefined ? {} : { price, value: Number(numeric) * price }),
        }
      },
    )
    const operationType = operationTypeOf(
      address,
      moved.map(([, kind, contract, from, to]) => ({
        from,
        to,
        asset: kind === 'native' ? 'native' : contract,
      })),
      row.approved ? 1 : 0,
    )
    data.push({
      id: `${chain.caip2}:${row.tx_hash}`,
      metadata: {
        operationType,
        hash: row.tx_hash,
        minedAt: new Date(Number(row.time_ms)).toISOString(),
        sentFrom: row.from_address,
        sentTo: row.to_address,
        status: row.status === 'success' ? 'confirmed' : 'failed',
        nonce: Number(row.nonce),
        chain: chain.caip2,
      },
      transfers,
    })
  }
  const last = page.at(-1)
  const next =
    last && rows.length > limit
      ? encodeCursor({
          time: Number(last.time_ms),
          chainId: last.chain_id,
          blockNumber: Number(last.block_number),
          txIndex: last.tx_index,
        })
      : null
  return { data, next }
}
