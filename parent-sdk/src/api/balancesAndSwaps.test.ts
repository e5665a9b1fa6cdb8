/**
 * The balances and swaps clients against a real chain-api over the devstack's chains (31337 has the Uniswap V2
 * pools): a swap built by the API is sent by a dev account and both balances change.
 */

import { balancesModule } from '@keyframe/chain-api/modules/balances'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { swapsModule } from '@keyframe/chain-api/modules/swaps'
import { DEV_ACCOUNTS, type DevChains, devClient, startChains } from '@keyframe/dev-fixtures'
import { NATIVE_TOKEN_ADDRESS } from '@keyframe/protocol/chain-api/swaps'
import { formatUnits, type Hex, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildApprove } from './buildApprove.ts'
import { buildSwap } from './buildSwap.ts'
import { ChainApiError } from './chainApiError.ts'
import { getAllowance } from './getAllowance.ts'
import { getBalance } from './getBalance.ts'
import { getFungiblePrice } from './getFungiblePrice.ts'
import { getGasPrice } from './getGasPrice.ts'
import { getSwapQuote } from './getSwapQuote.ts'
import { getSwapTokens } from './getSwapTokens.ts'
import { startTestApi, type TestApi } from './testing/startTestApi.ts'

const CHAIN = 'eip155:31337'
/** A chain id chain-api is not configured with. */
const UNSUPPORTED = 'eip155:1'
/** Dev account #2: seeded with ETH and 10,000 of each token; nothing else in this file uses it. */
const USER = DEV_ACCOUNTS[2]

// A real server over real chains on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let chains: DevChains
let t: TestApi
let ETH: string
let KUSD: string
let kusdAddress: `0x${string}`

beforeAll(async () => {
  chains = await startChains()
  t = await startTestApi({ chains: chains.chains, modules: [supportedModule, balancesModule, swapsModule] })
  const kusd = chains.chains[0]!.tokens.find((token) => token.symbol === 'kUSD')!
  kusdAddress = kusd.address
  ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
  KUSD = `${CHAIN}:${kusd.address}`
}, 120_000)
afterAll(async () => {
  await t?.close()
  await chains?.close()
})

/**
 * Sends a transaction built by chain-api as the user's wallet would: with the API's gas limit and price (the
 * node's own estimate can fall short for a router swap, which then runs out of gas in a nested call).
 */
async function send(tx: {
  from: string
  to: string
  data: string
  value: string
  eip155: { gas: string; gasPrice: string }
}) {
  const client = devClient(chains.chains[0]!, tx.from as `0x${string}`)
  const hash = await client.sendTransaction({
    account: tx.from as `0x${string}`,
    chain: client.chain,
    to: tx.to as `0x${string}`,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
}

/** The user's holdings by symbol, in token units. */
async function holdings(forceUpdate: boolean) {
  const { balances } = await getBalance(t.api, { address: USER, chainId: CHAIN, forceUpdate })
  return Object.fromEntries(balances.map((b) => [b.symbol, Number(b.quantity.numeric)]))
}

describe('getBalance', () => {
  test('default: native and token balances with USD prices', async () => {
    const { balances } = await getBalance(t.api, { address: USER, chainId: CHAIN })
    const eth = balances.find((b) => b.symbol === 'ETH')
    const kusd = balances.find((b) => b.symbol === 'kUSD')
    expect(eth).toMatchObject({ chainId: CHAIN, quantity: { decimals: '18' } })
    expect(eth?.address).toBeUndefined()
    expect(eth?.price).toBeGreaterThan(0)
    expect(kusd).toMatchObject({ address: KUSD, quantity: { decimals: '6', numeric: '10000' } })
    expect(kusd?.value).toBeCloseTo(10_000 * kusd!.price, 6)
  })

  test('behavior: a second call within 30 s, and calls made meanwhile, send no request', async () => {
    const address = DEV_ACCOUNTS[1]
    const before = t.count('GET /v1/account/')
    const answers = await Promise.all([1, 2, 3].map(() => getBalance(t.api, { address, chainId: CHAIN })))
    await getBalance(t.api, { address, chainId: CHAIN })
    expect(t.count('GET /v1/account/') - before).toBe(1)
    expect(answers[1]).toEqual(answers[0])
  })

  test('behavior: an unsupported network answers { balances: [] } without a request', async () => {
    const before = t.requests.length
    expect(await getBalance(t.api, { address: USER, chainId: UNSUPPORTED })).toEqual({ balances: [] })
    expect(t.requests.slice(before).filter((r) => !r.endsWith('/v1/supported-chains'))).toEqual([])
  })

  test("error: a bad address is the server's 400", async () => {
    const error = await getBalance(t.api, { address: '0x123', chainId: CHAIN }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 400, code: 'invalid_params' })
    expect((error as Error).message).toBe('address: Invalid address')
  })
})

describe('getFungiblePrice', () => {
  test('default: the price of kUSD; other networks are not asked for', async () => {
    const { fungibles } = await getFungiblePrice(t.api, {
      addresses: [KUSD, `${UNSUPPORTED}:${kusdAddress}`],
    })
    expect(fungibles).toEqual([expect.objectContaining({ symbol: 'kUSD', price: 1, address: KUSD })])
  })

  test('behavior: only unsupported networks: { fungibles: [] } without a request', async () => {
    const before = t.count('POST /v1/fungible/price')
    expect(await getFungiblePrice(t.api, { addresses: [`${UNSUPPORTED}:${kusdAddress}`] })).toEqual({
      fungibles: [],
    })
    expect(t.count('POST /v1/fungible/price') - before).toBe(0)
  })
})

describe('swaps', () => {
  test('getSwapTokens: the native currency and the pooled tokens; an unsupported network gives [] without a request', async () => {
    const { tokens } = await getSwapTokens(t.api, { chainId: CHAIN })
    expect(tokens.map((token) => token.symbol).sort()).toEqual(['ETH', 'KFT', 'kUSD'])
    expect(tokens.find((token) => token.symbol === 'ETH')?.address).toBe(ETH)
    const before = t.count('GET /v1/convert/tokens')
    expect(await getSwapTokens(t.api, { chainId: UNSUPPORTED })).toEqual({ tokens: [] })
    expect(t.count('GET /v1/convert/tokens') - before).toBe(0)
  })

  test("getGasPrice: wei strings, fast and instant above standard; unsupported: 'Network not supported for Gas Price' without a request", async () => {
    const price = await getGasPrice(t.api, { chainId: CHAIN })
    expect(BigInt(price.fast)).toBeGreaterThan(BigInt(price.standard))
    expect(BigInt(price.instant)).toBeGreaterThan(BigInt(price.fast))
    const before = t.count('GET /v1/convert/gas-price')
    const error = await getGasPrice(t.api, { chainId: UNSUPPORTED }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 400, code: 'unsupported_chain' })
    expect((error as Error).message).toBe('Network not supported for Gas Price')
    expect(t.count('GET /v1/convert/gas-price') - before).toBe(0)
  })

  test('getSwapQuote: 1 ETH gives about 3000 kUSD; unsupported network: { quotes: [] } without a request', async () => {
    const { quotes } = await getSwapQuote(t.api, {
      amount: parseEther('1'),
      userAddress: USER,
      from: ETH,
      to: KUSD,
    })
    expect(quotes).toHaveLength(1)
    const out = Number(formatUnits(BigInt(quotes[0]!.toAmount), 6))
    expect(out).toBeGreaterThan(2900)
    expect(out).toBeLessThan(3000)
    const before = t.count('GET /v1/convert/quotes')
    const other = `${UNSUPPORTED}:${NATIVE_TOKEN_ADDRESS}`
    expect(await getSwapQuote(t.api, { amount: 1n, userAddress: USER, from: other, to: other })).toEqual({
      quotes: [],
    })
    expect(t.count('GET /v1/convert/quotes') - before).toBe(0)
  })

  test('behavior: a swap of ETH for kUSD built by buildSwap lands and changes both balances (seen after forceUpdate)', async () => {
    const before = await holdings(false)
    const { quotes } = await getSwapQuote(t.api, {
      amount: parseEther('0.5'),
      userAddress: USER,
      from: ETH,
      to: KUSD,
    })
    const { tx } = await buildSwap(t.api, {
      amount: parseEther('0.5'),
      userAddress: USER,
      from: ETH,
      to: KUSD,
    })
    expect(tx.from.toLowerCase()).toBe(USER.toLowerCase())
    expect(tx.value).toBe(parseEther('0.5').toString())
    await send(tx)
    // Cached for 30 s: the same answer, no request.
    const requests = t.count('GET /v1/account/')
    expect(await holdings(false)).toEqual(before)
    expect(t.count('GET /v1/account/') - requests).toBe(0)
    const after = await holdings(true)
    expect(after.ETH).toBeLessThan(before.ETH! - 0.5 + 1e-9)
    expect(after.kUSD! - before.kUSD!).toBeCloseTo(Number(formatUnits(BigInt(quotes[0]!.toAmount), 6)), 4)
  })

  test('behavior: kUSD for ETH needs an approve: getAllowance, buildApprove, then buildSwap', async () => {
    const amount = parseUnits('300', 6)
    expect(await getAllowance(t.api, { tokenAddress: KUSD, userAddress: USER })).toEqual({ allowance: '0' })
    const approve = await buildApprove(t.api, { userAddress: USER, from: KUSD, to: ETH, amount })
    expect(approve.tx.to.toLowerCase()).toBe(kusdAddress.toLowerCase())
    await send(approve.tx)
    expect(await getAllowance(t.api, { tokenAddress: KUSD, userAddress: USER })).toEqual({
      allowance: amount.toString(),
    })
    const before = await holdings(true)
    const { tx } = await buildSwap(t.api, { amount, userAddress: USER, from: KUSD, to: ETH, slippage: 2 })
    await send(tx)
    const after = await holdings(true)
    expect(before.kUSD! - after.kUSD!).toBeCloseTo(300, 6)
    // About 0.1 ETH back, less the gas paid.
    expect(after.ETH! - before.ETH!).toBeGreaterThan(0.09)
  })

  test("error: approve, swap and allowance on an unsupported network: 'Network not supported for Swaps' without a request", async () => {
    const other = `${UNSUPPORTED}:${kusdAddress}`
    const before = t.count('GET /v1/convert/') + t.count('POST /v1/convert/')
    for (const call of [
      () => getAllowance(t.api, { tokenAddress: other, userAddress: USER }),
      () => buildApprove(t.api, { userAddress: USER, from: other, to: other }),
      () => buildSwap(t.api, { amount: 1n, userAddress: USER, from: other, to: other }),
    ]) {
      const error = await call().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChainApiError)
      expect((error as Error).message).toBe('Network not supported for Swaps')
    }
    expect(t.count('GET /v1/convert/') + t.count('POST /v1/convert/') - before).toBe(0)
  })

  test("error: a token swap without the allowance is the server's 400 with its message", async () => {
    const error = await buildSwap(t.api, {
      amount: parseUnits('1000', 6),
      userAddress: USER,
      from: KUSD,
      to: ETH,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 400, code: 'insufficient_allowance' })
    expect((error as Error).message).toBe('The router may not spend this amount yet: send an approve first')
  })
})
