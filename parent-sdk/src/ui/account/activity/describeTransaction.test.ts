import { describe, expect, test } from 'vitest'
import { describeTransaction } from './describeTransaction.ts'
import { coin, historyTx, nft } from './testing/historyTx.ts'

describe('describeTransaction', () => {
  test('default: a receive is "Received" with + and 3 decimals, truncated, and its token icon', () => {
    expect(describeTransaction(historyTx('0x1', 'receive', [coin('in', '1.23456')]))).toEqual({
      title: 'Received',
      amount: '+1.234 ETH',
      imageUrl: 'https://chain.test/public/getTokenImage/ETH',
      failed: false,
    })
  })

  test('behavior: signs by operation type (SPEC §9): + receive, − burn, none for send, mint and trade', () => {
    const amount = (type: Parameters<typeof historyTx>[1], direction: 'in' | 'out') =>
      describeTransaction(historyTx('0x1', type, [coin(direction, '2', 'kUSD')])).amount
    expect(amount('receive', 'in')).toBe('+2.000 kUSD')
    expect(amount('burn', 'out')).toBe('-2.000 kUSD')
    expect(amount('send', 'out')).toBe('2.000 kUSD')
    expect(amount('mint', 'in')).toBe('2.000 kUSD')
  })

  test('behavior: a swap is "Swapped", what went before what came', () => {
    const swap = historyTx('0x2', 'trade', [coin('in', '0.0031', 'ETH'), coin('out', '10', 'kUSD')])
    const row = describeTransaction(swap)
    expect(row.title).toBe('Swapped')
    expect(row.amount).toBe('10.000 kUSD → 0.003 ETH')
    expect(row.imageUrl).toBe('https://chain.test/public/getTokenImage/kUSD')
  })

  test('behavior: an NFT by its name and preview; a failed transaction says so', () => {
    const tx = historyTx('0x3', 'receive', [nft('in', 'Keyframe NFT #7')])
    const row = describeTransaction({ ...tx, metadata: { ...tx.metadata, status: 'failed' } })
    expect(row.amount).toBe('Keyframe NFT #7')
    expect(row.imageUrl).toBe('https://chain.test/public/getAssetImage/Keyframe%20NFT%20%237')
    expect(row.failed).toBe(true)
  })

  test('behavior: a transaction that moved nothing names the called address (4 + 6)', () => {
    const row = describeTransaction(historyTx('0x4', 'approve', []))
    expect(row).toMatchObject({ title: 'Approved', amount: '0xe7...3f0512', imageUrl: undefined })
  })
})
