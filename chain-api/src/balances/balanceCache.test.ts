import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { expect, test } from 'vitest'
import { createBalanceCache } from './balanceCache.ts'

const at = (ms: number) => new Date(1_700_000_000_000 + ms)
const answer = (numeric: string): TokenBalance[] => [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    value: 0,
    price: 0,
    quantity: { decimals: '18', numeric },
    iconUrl: 'http://x/public/getTokenImage/ETH',
  },
]

test('default: an answer is kept for 30 s, then forgotten', () => {
  const cache = createBalanceCache()
  cache.set('a', answer('1'), at(0))
  expect(cache.get('a', at(29_999))).toEqual(answer('1'))
  expect(cache.get('a', at(30_000))).toBeUndefined()
  expect(cache.get('a', at(0))).toBeUndefined()
})

test('behavior: a newer answer replaces the older one and restarts its time', () => {
  const cache = createBalanceCache()
  cache.set('a', answer('1'), at(0))
  cache.set('a', answer('2'), at(20_000))
  expect(cache.get('a', at(45_000))).toEqual(answer('2'))
})

test('behavior: a clock moved back does not keep an answer alive', () => {
  const cache = createBalanceCache()
  cache.set('a', answer('1'), at(10_000))
  expect(cache.get('a', at(0))).toBeUndefined()
})

test('parameters: maxEntries drops the oldest answers first', () => {
  const cache = createBalanceCache(30_000, 2)
  cache.set('a', answer('1'), at(0))
  cache.set('b', answer('2'), at(1))
  cache.set('a', answer('3'), at(2))
  cache.set('c', answer('4'), at(3))
  expect(cache.get('b', at(4))).toBeUndefined()
  expect(cache.get('a', at(4))).toEqual(answer('3'))
  expect(cache.get('c', at(4))).toEqual(answer('4'))
})
