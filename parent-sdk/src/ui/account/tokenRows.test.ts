import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { expect, test } from 'vitest'
import { formatUsd, nativeBalanceOf, tokenRows } from './tokenRows.ts'

const balance = (over: Partial<TokenBalance> & Pick<TokenBalance, 'symbol'>): TokenBalance => ({
  name: over.symbol,
  chainId: 'eip155:31337',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: `https://chain.test/public/getTokenImage/${over.symbol}`,
  ...over,
})

test('zero-decimal tokens are dropped; the most valuable first; 2 decimals truncated; USD only when priced', () => {
  const rows = tokenRows([
    balance({
      symbol: 'KFT',
      address: 'eip155:31337:0x1',
      value: 2000,
      price: 2,
      quantity: { decimals: '18', numeric: '1000.999' },
    }),
    balance({ symbol: 'JUNK', address: 'eip155:31337:0x2', quantity: { decimals: '0', numeric: '500' } }),
    balance({
      symbol: 'ETH',
      name: 'Ether',
      value: 300_000,
      price: 3000,
      quantity: { decimals: '18', numeric: '100' },
    }),
    balance({ symbol: 'NOPE', address: 'eip155:31337:0x3', quantity: { decimals: '6', numeric: '5.5' } }),
  ])
  expect(rows.map(({ name, quantity, usd }) => [name, quantity, usd])).toEqual([
    ['Ether', '100.00 ETH', '$300,000.00'],
    ['KFT', '1000.99 KFT', '$2,000.00'],
    ['NOPE', '5.50 NOPE', ''],
  ])
})

test('formatUsd: thousands separators, 2 decimals, below a cent', () => {
  expect(formatUsd(1234567.891)).toBe('$1,234,567.89')
  expect(formatUsd(0)).toBe('$0.00')
  expect(formatUsd(0.004)).toBe('< $0.01')
})

test('the native entry is the one without a contract address', () => {
  const eth = balance({ symbol: 'ETH' })
  expect(nativeBalanceOf([balance({ symbol: 'KFT', address: 'eip155:1:0x1' }), eth])).toBe(eth)
  expect(nativeBalanceOf([])).toBeUndefined()
})
