/**
 * The Activity list's state (SPEC §3 Transaction list state, §4 transaction fetching): loading, then empty or
 * populated, a page at a time by cursor; on a failure the list is marked empty and the cursor cleared.
 * @module
 */
import { filterTransactions } from '@keyframe/protocol'
import type { HistoryPage, HistoryTransaction } from '@keyframe/protocol/chain-api/history'

export type ActivityList = {
  /** Shown transactions, newest first: the connected chain's, spam left out. */
  readonly transactions: readonly HistoryTransaction[]
  /** The next page's cursor; null when there is none (or after a failure). */
  readonly next: string | null
  readonly loading: boolean
  /** Nothing to show and nothing more to load, or the fetch failed. */
  readonly empty: boolean
}

/** Before the first page: loading. */
export const ACTIVITY_LOADING: ActivityList = { transactions: [], next: null, loading: true, empty: false }

/** `list` waiting for its next page. */
export function loadingMore(list: ActivityList): ActivityList {
  return { ...list, loading: true }
}

/**
 * `list` with `page` added: only the transactions of `chainId` (CAIP-2) that are not all spam NFTs, each
 * once (a page fetched twice adds nothing). A page whose transactions are all hidden leaves the list
 * waiting for the next one, not empty.
 */
export function withPage(list: ActivityList, page: HistoryPage, chainId: string): ActivityList {
  const known = new Set(list.transactions.map((tx) => tx.id))
  const added = filterTransactions(page.data, chainId).filter((tx) => !known.has(tx.id))
  const transactions = added.length > 0 ? [...list.transactions, ...added] : list.transactions
  return {
    transactions,
    next: page.next,
    loading: false,
    empty: transactions.length === 0 && page.next === null,
  }
}

/** `list` after a failed fetch: marked empty, the cursor cleared. */
export function withFailure(list: ActivityList): ActivityList {
  return { ...list, next: null, loading: false, empty: true }
}
