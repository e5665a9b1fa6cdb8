/**
 * Hiding spam and other chains' transactions from the Activity list (SPEC §5).
 * @module
 */
import type { Transaction } from './transaction.ts'

/** The fields {@link isSpamTransaction} reads. */
export type SpamCheckable = Pick<Transaction, 'transfers'>

/**
 * Whether a transaction is spam: it has transfers and every one is an NFT flagged as spam.
 * A transaction without transfers is not spam.
 * @example
 * import { isSpamTransaction } from '@keyframe/protocol'
 * isSpamTransaction({ transfers: [] }) // false
 */
export function isSpamTransaction(tx: SpamCheckable): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

/**
 * Keeps the transactions of one chain that are not spam, in order.
 * @param caipChainId the connected chain, CAIP-2 (`eip155:1`), compared exactly with `tx.metadata.chain`.
 * @example
 * import { filterTransactions } from '@keyframe/protocol'
 * filterTransactions(transactions, 'eip155:1')
 */
export function filterTransactions<T extends Pick<Transaction, 'transfers' | 'metadata'>>(
  txs: readonly T[],
  caipChainId: string,
): T[] {
  return txs.filter((tx) => tx.metadata.chain === caipChainId && !isSpamTransaction(tx))
}
