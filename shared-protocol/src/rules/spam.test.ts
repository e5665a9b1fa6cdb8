import { describe, expect, test } from 'vitest'
import { filterTransactions, isSpamTransaction } from './spam.ts'
import type { Transaction, TransactionTransfer } from './transaction.ts'

const spamNft: TransactionTransfer = {
  nft_info: { name: 'Claim your reward', flags: { is_spam: true } },
  quantity: { numeric: '1' },
}
const nft: TransactionTransfer = {
  nft_info: { name: 'Punk', flags: { is_spam: false } },
  quantity: { numeric: '1' },
}
const usdc: TransactionTransfer = {
  fungible_info: { name: 'USD Coin', symbol: 'USDC' },
  quantity: { numeric: '12.5' },
}

function tx(id: string, chain: string, transfers: TransactionTransfer[]): Transaction {
  return {
    id,
    metadata: {
      minedAt: '2024-05-02T10:00:00Z',
      chain,
      operationType: 'receive',
      status: 'confirmed',
      sentFrom: '0x01',
      sentTo: '0x02',
    },
    transfers,
  }
}

describe('isSpamTransaction', () => {
  test('default', () => {
    expect(isSpamTransaction(tx('a', 'eip155:1', [spamNft]))).toBe(true)
  })

  test('behavior: hidden only if all transfers are spam-flagged NFTs', () => {
    expect(isSpamTransaction(tx('a', 'eip155:1', [spamNft, spamNft]))).toBe(true)
    expect(isSpamTransaction(tx('a', 'eip155:1', [spamNft, nft]))).toBe(false)
    expect(isSpamTransaction(tx('a', 'eip155:1', [spamNft, usdc]))).toBe(false)
    expect(isSpamTransaction(tx('a', 'eip155:1', [nft]))).toBe(false)
    expect(isSpamTransaction(tx('a', 'eip155:1', [{ nft_info: {}, quantity: { numeric: '1' } }]))).toBe(false)
  })

  test('behavior: a transaction with no transfers is not spam', () => {
    expect(isSpamTransaction(tx('a', 'eip155:1', []))).toBe(false)
  })
})

describe('filterTransactions', () => {
  test('default', () => {
    const txs = [
      tx('keep', 'eip155:1', [usdc]),
      tx('spam', 'eip155:1', [spamNft]),
      tx('polygon', 'eip155:137', [usdc]),
      tx('no-transfers', 'eip155:1', []),
      tx('solana', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', [usdc]),
    ]
    expect(filterTransactions(txs, 'eip155:1').map((t) => t.id)).toEqual(['keep', 'no-transfers'])
  })

  test('behavior: chain is compared as exact CAIP-2', () => {
    expect(filterTransactions([tx('a', 'eip155:1', [usdc])], 'eip155:10')).toEqual([])
    expect(filterTransactions([tx('a', 'eip155:1', [usdc])], '1')).toEqual([])
  })

  test('behavior: does not change its input', () => {
    const txs = [tx('spam', 'eip155:1', [spamNft])]
    expect(filterTransactions(txs, 'eip155:1')).toEqual([])
    expect(txs).toHaveLength(1)
  })
})
