import { describe, expect, test } from 'vitest'
import { dropLowQualityTokens, isValidAsset, isValidAssetList, isValidAssetResponse } from './assets.ts'

const usdc = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  balance: '0x5f5e100',
  type: 'ERC20',
  metadata: {
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    price: 1,
    iconUrl: 'https://example.com/usdc.png',
  },
}
const eth = {
  address: 'native',
  balance: '0xde0b6b3a7640000',
  type: 'NATIVE',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000.5, iconUrl: '' },
}

describe('isValidAssetResponse', () => {
  test('default', () => {
    expect(isValidAssetResponse({ '0x1': [usdc, eth], '0x89': [] })).toBe(true)
  })

  test('behavior: every asset of every chain must be valid', () => {
    expect(isValidAssetResponse({ '0x1': [usdc], '0x89': [{ ...eth, type: 'ERC721' }] })).toBe(false)
    expect(isValidAssetResponse({ '0x1': usdc })).toBe(false)
  })

  test('behavior: not an object', () => {
    expect([null, undefined, 'assets', 1, [usdc]].map(isValidAssetResponse)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })

  test('behavior: an empty response is valid', () => {
    expect(isValidAssetResponse({})).toBe(true)
  })
})

describe('isValidAssetList', () => {
  test('default', () => {
    expect(isValidAssetList([usdc, eth])).toBe(true)
  })

  test('behavior: one bad asset spoils the list', () => {
    expect(isValidAssetList([usdc, { ...eth, balance: 1 }])).toBe(false)
    expect(isValidAssetList({ 0: usdc })).toBe(false)
  })
})

describe('isValidAsset', () => {
  test('default', () => {
    expect(isValidAsset(usdc)).toBe(true)
  })

  test('behavior: each field is checked', () => {
    const broken = [
      { ...usdc, address: undefined },
      { ...usdc, balance: 100 },
      { ...usdc, type: 'erc20' },
      { ...usdc, metadata: null },
      { ...usdc, metadata: { ...usdc.metadata, name: 1 } },
      { ...usdc, metadata: { ...usdc.metadata, symbol: undefined } },
      { ...usdc, metadata: { ...usdc.metadata, iconUrl: null } },
      { ...usdc, metadata: { ...usdc.metadata, decimals: '6' } },
      { ...usdc, metadata: { ...usdc.metadata, price: '1' } },
      { ...usdc, metadata: { ...usdc.metadata, price: Number.NaN } },
    ]
    expect(broken.map(isValidAsset)).toEqual(broken.map(() => false))
  })
})

describe('dropLowQualityTokens', () => {
  test('default', () => {
    const tokens = [
      { symbol: 'USDC', quantity: { decimals: '6', numeric: '10' } },
      { symbol: 'SCAM', quantity: { decimals: '0', numeric: '1000000' } },
      { symbol: 'ETH', quantity: { decimals: 18, numeric: '1' } },
      { symbol: 'ZERO', quantity: { decimals: 0, numeric: '5' } },
    ]
    expect(dropLowQualityTokens(tokens).map((t) => t.symbol)).toEqual(['USDC', 'ETH'])
  })
})
