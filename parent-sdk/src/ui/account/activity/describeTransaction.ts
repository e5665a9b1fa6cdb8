/**
 * What one row of the Activity list says about a transaction: what happened (past tense of its operation
 * type), the amounts it moved (3 decimals, + or − by operation type, SPEC §9, with `@keyframe/protocol`'s
 * rule) and the image to show beside it.
 * @module
 */
import { formatTransactionAmount, shortenAddress } from '@keyframe/protocol'
import type { HistoryTransaction } from '@keyframe/protocol/chain-api/history'

/** The row's words and image. */
export type TransactionRow = {
  title: string
  /**
   * What moved: each transfer as its amount and symbol (an NFT by its name), what went before what came;
   * a swap as `10.000 kUSD → 0.003 ETH`.
   */
  amount: string
  /** The first transfer's token icon or NFT preview; undefined without one. */
  imageUrl: string | undefined
  failed: boolean
}

const PAST_TENSE: Record<HistoryTransaction['metadata']['operationType'], string> = {
  send: 'Sent',
  receive: 'Received',
  mint: 'Minted',
  burn: 'Burnt',
  approve: 'Approved',
  trade: 'Swapped',
  execute: 'Executed',
}

/** Out before in, so a swap reads "what went, what came". */
const ORDER = { out: 0, self: 1, in: 2 } as const

/**
 * The row of `tx`. A transaction that moved nothing (an approval, a contract call) names the called address.
 * @example
 * describeTransaction(receiveOf('1.23456', 'ETH')).amount // '+1.234 ETH'
 */
export function describeTransaction(tx: HistoryTransaction): TransactionRow {
  const type = tx.metadata.operationType
  const transfers = tx.transfers.toSorted((a, b) => ORDER[a.direction] - ORDER[b.direction])
  const amounts = transfers.map((transfer) => {
    if (transfer.nft_info) return transfer.nft_info.name
    const amount = formatTransactionAmount(transfer.quantity.numeric, type)
    return `${amount} ${transfer.fungible_info?.symbol ?? ''}`.trim()
  })
  const first = transfers[0]
  return {
    title: PAST_TENSE[type],
    amount:
      amounts.length === 0
        ? shortenAddress(tx.metadata.sentTo)
        : amounts.join(type === 'trade' ? ' → ' : ', '),
    imageUrl: first?.nft_info?.content.preview.url ?? first?.fungible_info?.icon?.url,
    failed: tx.metadata.status === 'failed',
  }
}
