import { DEV_ACCOUNTS, type DevChains, devClient, startChains } from '@keyframe/dev-fixtures'
import { getAddress, parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createChainRegistry } from '../chains/registry.ts'
import { type ChainApiConfig, createConfig } from '../config.ts'
import { uniswapV2RouterAbi } from '../swaps/uniswapV2Abi.ts'
import { priceOf } from './priceOf.ts'

let world: DevChains
beforeAll(async () => {
  world = await startChains()
})
afterAll(() => world?.close())

const local = () => world.chains[0]!
const token = (symbol: string) => local().tokens.find((t) => t.symbol === symbol)!.address

/** A context over both dev chains with the given price table. */
function contextWith(prices: ChainApiConfig['prices']) {
  const config = createConfig({
    chains: world.chains.map((chain) => ({
      id: chain.chainId,
      name: chain.name,
      rpcUrl: chain.rpcUrl,
      nativeCurrency: chain.nativeCurrency,
      tokens: chain.tokens,
      ...(chain.uniswap ? { uniswapV2: chain.uniswap } : {}),
    })),
    prices,
  })
  return { config, chains: createChainRegistry(config.chains) }
}

const devPrices = () => ({
  'eip155:31337/slip44:60': 3000,
  [`eip155:31337/erc20:${token('kUSD').toLowerCase()}`]: 1,
})

test('default: a configured price is answered as configured, whatever the pools say', async () => {
  const ctx = contextWith({ ...devPrices(), [`eip155:31337/erc20:${token('KFT').toLowerCase()}`]: 2.5 })
  expect(await priceOf(ctx, 'eip155:31337', 'native')).toBe(3000)
  expect(await priceOf(ctx, 'eip155:31337', getAddress(token('kUSD')))).toBe(1)
  expect(await priceOf(ctx, 'eip155:31337', token('KFT'))).toBe(2.5)
})

test('behavior: KFT without a configured price is priced from the KFT/kUSD pool (2 kUSD per KFT)', async () => {
  expect(await priceOf(contextWith(devPrices()), 'eip155:31337', token('KFT'))).toBe(2)
})

test('behavior: ETH without a configured price is priced from the ETH/kUSD pool, and WETH like ETH', async () => {
  const ctx = contextWith({ [`eip155:31337/erc20:${token('kUSD').toLowerCase()}`]: 1 })
  expect(await priceOf(ctx, 'eip155:31337', 'native')).toBe(3000)
  expect(await priceOf(ctx, 'eip155:31337', local().uniswap!.weth)).toBe(3000)
  expect(await priceOf(contextWith(devPrices()), 'eip155:31337', local().uniswap!.weth)).toBe(3000)
})

test('behavior: a swap that buys KFT raises its pool price', async () => {
  const ctx = contextWith(devPrices())
  const trader = devClient(local(), DEV_ACCOUNTS[2])
  const snapshot = await trader.snapshot()
  try {
    const hash = await trader.writeContract({
      address: local().uniswap!.router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [local().uniswap!.weth, token('kUSD'), token('KFT')], DEV_ACCOUNTS[2], 2n ** 40n],
      value: parseEther('10'),
    })
    await trader.waitForTransactionReceipt({ hash })
    const price = await priceOf(ctx, 'eip155:31337', token('KFT'))
    expect(price).toBeGreaterThan(2.05)
    expect(price).toBeLessThan(2.2)
  } finally {
    await trader.revert({ id: snapshot })
  }
})

test('behavior: no price without a table entry and without a pool against a priced token', async () => {
  const ctx = contextWith(devPrices())
  // The NFT contract is no ERC20, the zero address has no code, 31338 has no Uniswap, 1 is not configured.
  expect(await priceOf(ctx, 'eip155:31337', local().nft)).toBeUndefined()
  expect(await priceOf(ctx, 'eip155:31337', zeroAddress)).toBeUndefined()
  expect(await priceOf(ctx, 'eip155:31338', token('KFT'))).toBeUndefined()
  expect(await priceOf(ctx, 'eip155:1', 'native')).toBeUndefined()
  expect(await priceOf(contextWith({}), 'eip155:31337', token('KFT'))).toBeUndefined()
})
