/** History transactions as chain-api answers them, for the Activity tab's tests. */
import type { HistoryTransaction } from '@keyframe/protocol/chain-api/history'

type Transfer = HistoryTransaction['transfers'][number]

/** A fungible transfer of `numeric` `symbol`. */
export const coin = (direction: Transfer['direction'], numeric: string, symbol = 'ETH'): Transfer => ({
  fungible_info: { name: symbol, symbol, icon: { url: `https://chain.test/public/getTokenImage/${symbol}` } },
  direction,
  quantity: { numeric },
})

/** An NFT transfer; `spam` as chain-api's spam list flags it. */
export const nft = (direction: Transfer['direction'], name: string, spam = false): Transfer => ({
  nft_info: {
    name,
    flags: { is_spam: spam },
    content: { preview: { url: `https://chain.test/public/getAssetImage/${encodeURIComponent(name)}` } },
  },
  direction,
  quantity: { numeric: '1' },
})

/** A confirmed transaction on eip155:31337 mined at `minedAt`. */
export function historyTx(
  id: string,
  operationType: HistoryTransaction['metadata']['operationType'],
  transfers: Transfer[],
  minedAt = '2026-11-20T12:00:00.000Z',
  chain = 'eip155:31337',
): HistoryTransaction {
  return {
    id: `${chain}:${id}`,
    metadata: {
      operationType,
      hash: id,
      minedAt,
      sentFrom: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      sentTo: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
      status: 'confirmed',
      nonce: 0,
      chain,
    },
    transfers,
  }
}
