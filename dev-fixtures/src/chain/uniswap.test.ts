import { erc20Abi, formatUnits, parseAbi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { type DeployedContracts, deployDevContracts, devClient, SEED_TOKEN_AMOUNT } from './deploy.ts'
import { DEV_ACCOUNTS, type UniswapV2Deployment } from './devChain.ts'
import { deployUniswapV2, UNISWAP_POOLS } from './uniswap.ts'

// The few Uniswap V2 functions the test reads and calls (facts of the published interfaces).
const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

let anvil: Anvil
let contracts: DeployedContracts
let uniswap: UniswapV2Deployment
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_992 })
  contracts = await deployDevContracts(anvil)
  uniswap = await deployUniswapV2(anvil, contracts.tokens)
})
afterAll(() => anvil?.close())

const client = () => devClient(anvil)
const token = (symbol: 'KFT' | 'kUSD') => contracts.tokens.find((t) => t.symbol === symbol)!

/** The pool's reserves as token units, keyed by symbol. */
async function reserves(a: `0x${string}`, b: `0x${string}`, names: Record<string, string>) {
  const pair = await client().readContract({
    address: uniswap.factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [a, b],
  })
  const [token0, [reserve0, reserve1]] = await Promise.all([
    client().readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    client().readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
  ])
  const [first, second] = token0.toLowerCase() === a.toLowerCase() ? [a, b] : [b, a]
  const decimals = (address: `0x${string}`) =>
    contracts.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())?.decimals ?? 18
  return {
    [names[first]!]: formatUnits(reserve0, decimals(first)),
    [names[second]!]: formatUnits(reserve1, decimals(second)),
  }
}

test('default: WETH9, factory and router at the deterministic addresses (dev account #0, nonces 12–14), the router wired to both', async () => {
  expect(uniswap).toMatchInlineSnapshot(`
    {
      "factory": "0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82",
      "router": "0x9A676e781A523b5d0C0e43731313A708CB607508",
      "weth": "0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0",
    }
  `)
  expect(
    await client().readContract({ address: uniswap.router, abi: routerAbi, functionName: 'factory' }),
  ).toBe(uniswap.factory)
  expect(await client().readContract({ address: uniswap.router, abi: routerAbi, functionName: 'WETH' })).toBe(
    uniswap.weth,
  )
})

test('behavior: the pools open at 3000 kUSD per ETH and 2 kUSD per KFT', async () => {
  const kusd = token('kUSD').address
  const kft = token('KFT').address
  expect(await reserves(uniswap.weth, kusd, { [uniswap.weth]: 'ETH', [kusd]: 'kUSD' })).toEqual(
    UNISWAP_POOLS.ethKusd,
  )
  expect(await reserves(kft, kusd, { [kft]: 'KFT', [kusd]: 'kUSD' })).toEqual(UNISWAP_POOLS.kftKusd)
})

test("behavior: the deployer's seeded token balances are untouched by the pools", async () => {
  for (const { address, decimals } of contracts.tokens) {
    const balance = await client().readContract({
      address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [DEV_ACCOUNTS[0]],
    })
    expect(formatUnits(balance, decimals)).toBe(SEED_TOKEN_AMOUNT)
  }
})

test('behavior: swapping 1 ETH for kUSD pays what getAmountsOut quotes (3000 less the 0.3 % fee and impact)', async () => {
  const trader = devClient(anvil, DEV_ACCOUNTS[1])
  const kusd = token('kUSD')
  const path = [uniswap.weth, kusd.address]
  const [, quoted] = await trader.readContract({
    address: uniswap.router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [parseEther('1'), path],
  })
  expect(formatUnits(quoted!, kusd.decimals)).toBe('2988.020943')
  const balance = () =>
    trader.readContract({
      address: kusd.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [DEV_ACCOUNTS[1]],
    })
  const before = await balance()
  const hash = await trader.writeContract({
    address: uniswap.router,
    abi: routerAbi,
    functionName: 'swapExactETHForTokens',
    args: [quoted!, path, DEV_ACCOUNTS[1], BigInt(Math.floor(Date.now() / 1000) + 600)],
    value: parseEther('1'),
    // Not anvil's estimate: made in one second, mined in the next, the pool's first price-accumulator writes
    // cost more than estimated and the swap runs out of gas.
    gas: 300_000n,
  })
  expect((await trader.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect((await balance()) - before).toBe(quoted)
  expect(quoted! < parseUnits('3000', kusd.decimals)).toBe(true)
})

test('error: pools need the KFT and kUSD dev tokens', async () => {
  await expect(deployUniswapV2(anvil, [token('KFT')])).rejects.toThrow(
    'Uniswap pools need the KFT and kUSD dev tokens',
  )
})
