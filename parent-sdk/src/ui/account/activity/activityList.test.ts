import { describe, expect, test } from 'vitest'
import { ACTIVITY_LOADING, loadingMore, withFailure, withPage } from './activityList.ts'
import { coin, historyTx, nft } from './testing/historyTx.ts'

const CHAIN = 'eip155:31337'
const send = historyTx('0x1', 'send', [coin('out', '1')])
const receive = historyTx('0x2', 'receive', [coin('in', '2')])
const spam = historyTx('0x3', 'receive', [
  nft('in', 'Free Tokens #1', true),
  nft('in', 'Free Tokens #2', true),
])
const mixed = historyTx('0x4', 'receive', [nft('in', 'Free Tokens #3', true), nft('in', 'Keyframe NFT #1')])
const otherChain = historyTx('0x5', 'receive', [coin('in', '3')], undefined, 'eip155:31338')

describe('activity list', () => {
  test('default: a first page shows its transactions and keeps its cursor', () => {
    const list = withPage(ACTIVITY_LOADING, { data: [send, receive], next: 'c1' }, CHAIN)
    expect(list).toEqual({ transactions: [send, receive], next: 'c1', loading: false, empty: false })
  })

  test('behavior: hides a transaction whose transfers are all spam NFTs, keeps one with any other', () => {
    const list = withPage(ACTIVITY_LOADING, { data: [spam, mixed], next: null }, CHAIN)
    expect(list.transactions.map((tx) => tx.id)).toEqual([mixed.id])
  })

  test('behavior: shows the connected chain only', () => {
    const list = withPage(ACTIVITY_LOADING, { data: [otherChain, send], next: null }, CHAIN)
    expect(list.transactions).toEqual([send])
  })

  test('behavior: the next page appends; one fetched twice adds nothing', () => {
    const first = withPage(ACTIVITY_LOADING, { data: [send], next: 'c1' }, CHAIN)
    expect(loadingMore(first).loading).toBe(true)
    const second = withPage(loadingMore(first), { data: [receive], next: null }, CHAIN)
    expect(second.transactions).toEqual([send, receive])
    expect(withPage(second, { data: [receive], next: null }, CHAIN).transactions).toEqual([send, receive])
  })

  test('behavior: empty only when nothing is shown and no page follows', () => {
    expect(withPage(ACTIVITY_LOADING, { data: [], next: null }, CHAIN).empty).toBe(true)
    // A page of spam alone, with more to come: not empty yet, the next page is asked.
    expect(withPage(ACTIVITY_LOADING, { data: [spam], next: 'c1' }, CHAIN)).toMatchObject({
      empty: false,
      next: 'c1',
    })
  })

  test('error: a failure marks the list empty and clears the cursor', () => {
    const first = withPage(ACTIVITY_LOADING, { data: [send], next: 'c1' }, CHAIN)
    expect(withFailure(loadingMore(first))).toMatchObject({ next: null, loading: false, empty: true })
  })
})
