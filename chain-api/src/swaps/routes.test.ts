import { DEV_ACCOUNTS, type DevChains, devClient, startChains } from '@keyframe/dev-fixtures'
import { NATIVE_TOKEN_ADDRESS } from '@keyframe/protocol/chain-api/swaps'
import { decodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { balancesModule } from '../balances/module.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { swapsModule } from './module.ts'
import { uniswapV2RouterAbi } from './uniswapV2Abi.ts'

let world: DevChains
let api: TestChainApi
beforeAll(async () => {
  world = await startChains()
  api = await startTestChainApi({ chains: world.chains, modules: [swapsModule, balancesModule] })
}, 60_000)
afterAll(async () => {
  await api?.close()
  await world?.close()
})

const local = () => world.chains[0]!
const uniswap = () => local().uniswap!
const tokenOf = (symbol: string) => local().tokens.find((t) => t.symbol === symbol)!
const asset = (symbol: 'ETH' | 'KFT' | 'kUSD', chain = 'eip155:31337') =>
  `${chain}:${symbol === 'ETH' ? NATIVE_TOKEN_ADDRESS : tokenOf(symbol).address}`
/** Status and body of an answer, after checking it against the published contract (openapi.yaml). */
async function json(res: Response) {
  const path = new URL(res.url).pathname
  await expectMatchesSpec(path === '/v1/convert/build-transaction' ? 'post' : 'get', path, res)
  return { status: res.status, body: await res.json() }
}
const trader = DEV_ACCOUNTS[1]

/** Sends a transaction built by the API from `account` (an unlocked anvil account) and waits for it. */
async function send(
  account: `0x${string}`,
  tx: { to: string; data: string; value: string; eip155: { gas: string; gasPrice: string } },
) {
  const client = devClient(local(), account)
  const hash = await client.sendTransaction({
    to: tx.to as `0x${string}`,
    data: tx.data as `0x${string}`,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  return client.waitForTransactionReceipt({ hash })
}

/** The trader's balances through the API, read from the chain now (forceUpdate), as symbol → numeric. */
async function balances(account: `0x${string}`): Promise<Record<string, number>> {
  const res = await api.get(`/v1/account/${account}/balance`, {
    currency: 'usd',
    chainId: 'eip155:31337',
    forceUpdate: 'true',
  })
  expect(res.status).toBe(200)
  const { balances } = (await res.json()) as { balances: { symbol: string; quantity: { numeric: string } }[] }
  return Object.fromEntries(balances.map((b) => [b.symbol, Number(b.quantity.numeric)]))
}

describe('GET /v1/convert/tokens', () => {
  test('default: the native currency and each configured token with a pool, as CAIP-10', async () => {
    const { status, body } = await json(await api.get('/v1/convert/tokens', { chainId: 'eip155:31337' }))
    expect(status).toBe(200)
    expect(
      body.tokens.map((t: { symbol: string; address: string; decimals: number }) => [
        t.symbol,
        t.address,
        t.decimals,
      ]),
    ).toEqual([
      ['ETH', asset('ETH'), 18],
      ['KFT', asset('KFT'), 18],
      ['kUSD', asset('kUSD'), 6],
    ])
    expect(body.tokens[0]).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      decimals: 18,
      logoUri: `${api.ctx.config.publicUrl}/public/getTokenImage/ETH`,
    })
  })

  test('behavior: a chain without swaps and an unsupported network answer { tokens: [] }', async () => {
    for (const chainId of ['eip155:31338', 'eip155:1'])
      expect(await json(await api.get('/v1/convert/tokens', { chainId }))).toEqual({
        status: 200,
        body: { tokens: [] },
      })
  })

  test('error: chainId missing or malformed', async () => {
    expect(await json(await api.get('/v1/convert/tokens'))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'chainId: Required' },
    })
    expect((await json(await api.get('/v1/convert/tokens', { chainId: 'ethereum' }))).body.message).toBe(
      'chainId: Invalid CAIP-2 network id',
    )
  })
})

describe('GET /v1/convert/quotes', () => {
  const quote = (query: Record<string, string>) =>
    api.get('/v1/convert/quotes', { userAddress: trader, amount: parseEther('1').toString(), ...query })

  test("default: 1 ETH → kUSD is what the router's getAmountsOut pays on the direct pool", async () => {
    const [, expected] = await devClient(local()).readContract({
      address: uniswap().router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [uniswap().weth, tokenOf('kUSD').address]],
    })
    const { status, body } = await json(await quote({ from: asset('ETH'), to: asset('kUSD') }))
    expect(status).toBe(200)
    expect(body).toEqual({
      quotes: [
        {
          id: `uniswap-v2:${uniswap().weth}>${tokenOf('kUSD').address}`,
          fromAmount: parseEther('1').toString(),
          fromAccount: asset('ETH'),
          toAmount: expected!.toString(),
          toAccount: asset('kUSD'),
        },
      ],
    })
    // 3000 kUSD per ETH less the 0.3 % fee and a little price impact.
    expect(Number(expected) / 1e6).toBeCloseTo(2988.02, 2)
  })

  test('behavior: KFT → ETH has no pool of its own and goes through kUSD; a CAIP-10 user is accepted', async () => {
    const amount = parseUnits('100', 18)
    const path = [tokenOf('KFT').address, tokenOf('kUSD').address, uniswap().weth]
    const amounts = await devClient(local()).readContract({
      address: uniswap().router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
    const { body } = await json(
      await quote({
        from: asset('KFT'),
        to: asset('ETH'),
        amount: amount.toString(),
        userAddress: `eip155:31337:${trader}`,
      }),
    )
    expect(body.quotes).toHaveLength(1)
    expect(body.quotes[0].id).toBe(`uniswap-v2:${path.join('>')}`)
    expect(body.quotes[0].toAmount).toBe(amounts.at(-1)!.toString())
  })

  test('behavior: no route, a chain without swaps and an unsupported network answer { quotes: [] }', async () => {
    const empty = { status: 200, body: { quotes: [] } }
    // ETH → WETH is a wrap, not a swap; the NFT contract has no pool.
    expect(await json(await quote({ from: asset('ETH'), to: `eip155:31337:${uniswap().weth}` }))).toEqual(
      empty,
    )
    expect(await json(await quote({ from: asset('ETH'), to: `eip155:31337:${local().nft}` }))).toEqual(empty)
    expect(
      await json(await quote({ from: asset('ETH', 'eip155:31338'), to: asset('KFT', 'eip155:31338') })),
    ).toEqual(empty)
    expect(await json(await quote({ from: asset('ETH', 'eip155:1'), to: asset('KFT', 'eip155:1') }))).toEqual(
      empty,
    )
  })

  test.each([
    [{ amount: '0' }, 'amount: Expected an amount greater than 0'],
    [{ amount: '1.5' }, 'amount: Expected a decimal integer'],
    [{ amount: undefined }, 'amount: Required'],
    [{ userAddress: undefined }, 'userAddress: Required'],
    [{ userAddress: '0x1234' }, 'userAddress: Invalid address'],
    [{ userAddress: `eip155:31338:${trader}` }, 'userAddress: Not on the chain of the tokens'],
    [{ from: 'eth' }, 'from: Invalid CAIP-10 address'],
    [{ to: undefined }, 'to: Required'],
    [{ to: 'eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' }, 'to: Not on the chain of from'],
  ])('error: %o → %s', async (override, message) => {
    const query = { from: asset('ETH'), to: asset('kUSD'), ...override } as Record<string, string>
    expect(
      await json(await api.get('/v1/convert/quotes', { userAddress: trader, amount: '1000', ...query })),
    ).toEqual({
      status: 400,
      body: { code: 'invalid_params', message },
    })
  })
})

describe('GET /v1/convert/gas-price', () => {
  test("default: standard is the node's gas price, fast +20 %, instant +50 %", async () => {
    const { status, body } = await json(await api.get('/v1/convert/gas-price', { chainId: 'eip155:31337' }))
    expect(status).toBe(200)
    const standard = await devClient(local()).getGasPrice()
    expect(body).toEqual({
      standard: standard.toString(),
      fast: ((standard * 120n) / 100n).toString(),
      instant: ((standard * 150n) / 100n).toString(),
    })
  })

  test("error: an unsupported network is 400 'Network not supported for Gas Price'", async () => {
    expect(await json(await api.get('/v1/convert/gas-price', { chainId: 'eip155:1' }))).toEqual({
      status: 400,
      body: { code: 'unsupported_chain', message: 'Network not supported for Gas Price' },
    })
  })
})

describe('allowance and build-approve', () => {
  test('default: the native currency needs no approve (maximum allowance)', async () => {
    expect(
      await json(await api.get('/v1/convert/allowance', { tokenAddress: asset('ETH'), userAddress: trader })),
    ).toEqual({
      status: 200,
      body: { allowance: maxUint256.toString() },
    })
  })

  test('behavior: an approve built by the API, once sent, is the allowance the API reports', async () => {
    const account = DEV_ACCOUNTS[2]
    const allowance = async () =>
      (
        await json(
          await api.get('/v1/convert/allowance', { tokenAddress: asset('kUSD'), userAddress: account }),
        )
      ).body
    expect(await allowance()).toEqual({ allowance: '0' })
    const { status, body } = await json(
      await api.get('/v1/convert/build-approve', {
        userAddress: account,
        from: asset('kUSD'),
        to: asset('ETH'),
        amount: '5000000',
      }),
    )
    expect(status).toBe(200)
    expect(body.tx).toMatchObject({ from: account, to: tokenOf('kUSD').address, value: '0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: body.tx.data })).toEqual({
      functionName: 'approve',
      args: [uniswap().router, 5_000_000n],
    })
    expect((await send(account, body.tx)).status).toBe('success')
    expect(await allowance()).toEqual({ allowance: '5000000' })
  })

  test('behavior: without an amount the approve is unlimited', async () => {
    const { body } = await json(
      await api.get('/v1/convert/build-approve', {
        userAddress: trader,
        from: asset('KFT'),
        to: asset('ETH'),
      }),
    )
    expect(decodeFunctionData({ abi: erc20Abi, data: body.tx.data }).args).toEqual([
      uniswap().router,
      maxUint256,
    ])
  })

  test("error: unsupported networks and chains without swaps are 400 'Network not supported for Swaps'", async () => {
    const unsupported = {
      status: 400,
      body: { code: 'unsupported_chain', message: 'Network not supported for Swaps' },
    }
    for (const chain of ['eip155:1', 'eip155:31338']) {
      expect(
        await json(
          await api.get('/v1/convert/allowance', { tokenAddress: asset('KFT', chain), userAddress: trader }),
        ),
      ).toEqual(unsupported)
      expect(
        await json(
          await api.get('/v1/convert/build-approve', {
            userAddress: trader,
            from: asset('KFT', chain),
            to: asset('ETH', chain),
          }),
        ),
      ).toEqual(unsupported)
    }
  })

  test('error: approving the native currency, bad addresses', async () => {
    expect(
      (
        await json(
          await api.get('/v1/convert/build-approve', {
            userAddress: trader,
            from: asset('ETH'),
            to: asset('KFT'),
          }),
        )
      ).body,
    ).toEqual({ code: 'invalid_params', message: 'from: The native currency needs no approve' })
    expect(
      (await json(await api.get('/v1/convert/allowance', { tokenAddress: asset('KFT') }))).body.message,
    ).toBe('userAddress: Required')
    expect(
      (
        await json(
          await api.get('/v1/convert/allowance', { tokenAddress: 'eip155:31337:0xabc', userAddress: trader }),
        )
      ).body.message,
    ).toBe('tokenAddress: Invalid CAIP-10 address')
  })
})

describe('POST /v1/convert/build-transaction', () => {
  const build = (body: Record<string, unknown>) =>
    api.post('/v1/convert/build-transaction', {
      amount: parseUnits('1000', 18).toString(),
      from: asset('KFT'),
      to: asset('ETH'),
      userAddress: trader,
      ...body,
    })

  test('behavior: a KFT → ETH swap built by the API (approve first) lands and changes both balances', async () => {
    const amount = parseUnits('1000', 18)
    const before = await balances(trader)
    expect(before.KFT).toBe(10000)

    const refused = await json(await build({}))
    expect(refused).toEqual({
      status: 400,
      body: {
        code: 'insufficient_allowance',
        message: 'The router may not spend this amount yet: send an approve first',
      },
    })
    const approve = await json(
      await api.get('/v1/convert/build-approve', {
        userAddress: trader,
        from: asset('KFT'),
        to: asset('ETH'),
        amount: amount.toString(),
      }),
    )
    const approved = await send(trader, approve.body.tx)
    expect(approved.status).toBe('success')

    const quoted = (
      await json(
        await api.get('/v1/convert/quotes', {
          userAddress: trader,
          from: asset('KFT'),
          to: asset('ETH'),
          amount: amount.toString(),
        }),
      )
    ).body.quotes[0]
    const { status, body } = await json(await build({ eip155: { slippage: '0.5' } }))
    expect(status).toBe(200)
    expect(body.tx).toMatchObject({ from: trader, to: uniswap().router, value: '0' })
    const call = decodeFunctionData({ abi: uniswapV2RouterAbi, data: body.tx.data })
    expect(call.functionName).toBe('swapExactTokensForETH')
    const [amountIn, amountOutMin, path, to] = call.args as [
      bigint,
      bigint,
      `0x${string}`[],
      `0x${string}`,
      bigint,
    ]
    expect({ amountIn, path, to }).toEqual({
      amountIn: amount,
      path: [tokenOf('KFT').address, tokenOf('kUSD').address, uniswap().weth],
      to: trader,
    })
    expect(amountOutMin).toBe((BigInt(quoted.toAmount) * 995_000n) / 1_000_000n)

    const receipt = await send(trader, body.tx)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThan(BigInt(body.tx.eip155.gas))
    const after = await balances(trader)
    expect(after.KFT).toBe(9000)
    const fee =
      Number(receipt.gasUsed * receipt.effectiveGasPrice + approved.gasUsed * approved.effectiveGasPrice) /
      1e18
    expect(after.ETH! - before.ETH!).toBeCloseTo(Number(BigInt(quoted.toAmount)) / 1e18 - fee, 9)
    // 1000 KFT ≈ 2000 kUSD ≈ 0.66 ETH
    expect(after.ETH! - before.ETH!).toBeGreaterThan(0.6)
  })

  test('behavior: an ETH → kUSD swap sends the ETH as value, gas is the estimate + 50 %, the default slippage is 1 %', async () => {
    const account = DEV_ACCOUNTS[0]
    const before = await balances(account)
    const { status, body } = await json(
      await build({
        from: asset('ETH'),
        to: asset('kUSD'),
        amount: parseEther('2').toString(),
        userAddress: account,
      }),
    )
    expect(status).toBe(200)
    expect(body.tx.value).toBe(parseEther('2').toString())
    // The node's estimate plus 50 % (room for the pools' price-accumulator writes in a later second).
    const estimate = await devClient(local(), account).estimateGas({
      to: body.tx.to,
      data: body.tx.data,
      value: BigInt(body.tx.value),
    })
    expect(BigInt(body.tx.eip155.gas)).toBe((estimate * 150n) / 100n)
    const call = decodeFunctionData({ abi: uniswapV2RouterAbi, data: body.tx.data })
    expect(call.functionName).toBe('swapExactETHForTokens')
    const [amountOutMin, , , deadline] = call.args as [bigint, `0x${string}`[], `0x${string}`, bigint]
    const now = Math.floor(Date.now() / 1000)
    expect(Number(deadline)).toBeGreaterThanOrEqual(now + 20 * 60 - 5)
    expect(Number(deadline)).toBeLessThanOrEqual(now + 20 * 60)
    expect((await send(account, body.tx)).status).toBe('success')
    const after = await balances(account)
    const received = after.kUSD! - before.kUSD!
    expect(received).toBeGreaterThanOrEqual(Number(amountOutMin) / 1e6)
    expect(Number(amountOutMin) / 1e6 / received).toBeCloseTo(0.99, 3)
    expect(before.ETH! - after.ETH!).toBeGreaterThan(2)
  })

  test('behavior: disableEstimate skips the allowance check and gives the fixed gas limit', async () => {
    const { status, body } = await json(await build({ userAddress: DEV_ACCOUNTS[2], disableEstimate: true }))
    expect(status).toBe(200)
    expect(body.tx.eip155.gas).toBe('300000')
  })

  test('error: a swap the chain would revert (more than the account holds)', async () => {
    const { status, body } = await json(
      await build({ from: asset('ETH'), to: asset('kUSD'), amount: parseEther('1000000').toString() }),
    )
    expect(status).toBe(400)
    expect(body.code).toBe('swap_failed')
    expect(body.message).toMatch(
      /^The swap would fail: The total cost .* exceeds the balance of the account$/,
    )
  })

  test.each([
    [{ amount: '0' }, 'amount: Expected an amount greater than 0'],
    [{ eip155: { slippage: 51 } }, 'eip155.slippage: Expected a percentage from 0 to 50'],
    [{ eip155: { slippage: 'lots' } }, 'eip155.slippage: Expected a percentage from 0 to 50'],
    [{ from: undefined }, 'from: Required'],
    [{ disableEstimate: 'yes' }, 'disableEstimate: Expected boolean'],
  ])('error: %o → %s', async (override, message) => {
    expect(await json(await build(override))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message },
    })
  })

  test('error: no route, unsupported network, not JSON', async () => {
    expect((await json(await build({ to: `eip155:31337:${local().nft}` }))).body).toEqual({
      code: 'no_route',
      message: 'No swap route between these tokens',
    })
    expect(
      (await json(await build({ from: asset('KFT', 'eip155:1'), to: asset('ETH', 'eip155:1') }))).body,
    ).toEqual({
      code: 'unsupported_chain',
      message: 'Network not supported for Swaps',
    })
    const res = await fetch(
      `${api.url}/v1/convert/build-transaction?projectId=${api.project.id}&st=keyframe&sv=0.1.0`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'amount=1',
      },
    )
    expect(res.status).toBe(415)
  })
})
