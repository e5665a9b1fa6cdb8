import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { NATIVE_TOKEN_ADDRESS, type SwapToken } from '@keyframe/protocol/chain-api/swaps'
import { describe, expect, test } from 'vitest'
import { tokenGroups } from './tokenGroups.ts'

const CHAIN = 'eip155:31337'
const KFT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const KUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const token = (symbol: string, address: string, decimals = 18): SwapToken => ({
  name: symbol,
  symbol,
  address: `${CHAIN}:${address}`,
  decimals,
  logoUri: `http://chain.test/public/getTokenImage/${symbol}`,
})
// chain-api's order: native first, then the configured tokens.
const TOKENS = [token('ETH', NATIVE_TOKEN_ADDRESS), token('KFT', KFT), token('kUSD', KUSD, 6)]
const balance = (
  symbol: string,
  address: string | undefined,
  numeric: string,
  price: number,
): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: CHAIN,
  ...(address ? { address: `${CHAIN}:${address.toLowerCase()}` } : {}),
  value: Number(numeric) * price,
  price,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})
const symbols = (groups: ReturnType<typeof tokenGroups>) =>
  groups.map((g) => [g.label, g.tokens.map((t) => t.symbol)])

describe('tokenGroups', () => {
  test('default: a new wallet with ETH holds ETH; the rest are popular', () => {
    const groups = tokenGroups(TOKENS, [balance('ETH', undefined, '1.5', 3000)])
    expect(symbols(groups)).toEqual([
      ['Your tokens', ['ETH']],
      ['Popular', ['KFT', 'kUSD']],
    ])
    expect(groups[0]!.tokens[0]).toMatchObject({ balance: 1_500_000_000_000_000_000n, price: 3000 })
  })

  test('behavior: held tokens come first by USD value, matched by address whatever its case, with their decimals', () => {
    const groups = tokenGroups(TOKENS, [
      balance('ETH', undefined, '0.01', 3000),
      balance('kUSD', KUSD, '250.5', 1),
      balance('KFT', KFT, '10', 2),
    ])
    expect(symbols(groups)).toEqual([['Your tokens', ['kUSD', 'ETH', 'KFT']]])
    expect(groups[0]!.tokens[0]!.balance).toBe(250_500_000n)
  })

  test('behavior: without balances (none, or they failed) a suggested symbol is offered before the popular ones', () => {
    expect(symbols(tokenGroups(TOKENS, []))).toEqual([
      ['Suggested', ['ETH']],
      ['Popular', ['KFT', 'kUSD']],
    ])
  })

  test('behavior: a held token the network cannot swap is not offered; an unknown price stays unknown', () => {
    const groups = tokenGroups(TOKENS.slice(0, 2), [
      balance('kUSD', KUSD, '5', 1),
      balance('KFT', KFT, '3', 0),
    ])
    expect(symbols(groups)).toEqual([
      ['Your tokens', ['KFT']],
      ['Suggested', ['ETH']],
    ])
    expect(groups[0]!.tokens[0]!.price).toBeUndefined()
  })

  test('error: a network without swaps has nothing to offer', () => {
    expect(tokenGroups([], [balance('ETH', undefined, '1', 3000)])).toEqual([])
  })
})
