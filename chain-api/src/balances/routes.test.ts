import {
  DEV_ACCOUNTS,
  type DevChains,
  devClient,
  devTokenAbi,
  devTokenBytecode,
  startChains,
} from '@keyframe/dev-fixtures'
import { getAddress, type Hash, parseEther, parseUnits } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chainFromDevChain } from '../chains/devChains.ts'
import { indexerModule } from '../indexer/module.ts'
import { syncOnce } from '../indexer/syncOnce.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { balancesModule } from './module.ts'

let world: DevChains
let api: TestChainApi
/** The server's clock runs this many ms ahead of the real one (to expire the cache). */
let skew = 0
beforeAll(async () => {
  world = await startChains()
  api = await startTestChainApi({
    chains: world.chains,
    modules: [indexerModule, balancesModule],
    now: () => new Date(Date.now() + skew),
  })
}, 60_000)
afterAll(async () => {
  await api?.close()
  await world?.close()
})

const local = () => world.chains[0]!
const tokenOf = (symbol: string) => local().tokens.find((t) => t.symbol === symbol)!
/** Status and body of an answer, after checking it against the published contract (openapi.yaml). */
async function json(res: Response) {
  const path = new URL(res.url).pathname
  if (path === '/v1/fungible/price') await expectMatchesSpec('post', path, res)
  else await expectMatchesSpec('get', '/v1/account/{address}/balance', res)
  return { status: res.status, body: await res.json() }
}
const balanceOf = (address: string, query: Record<string, string | undefined> = {}) =>
  api.get(`/v1/account/${address}/balance`, { currency: 'usd', chainId: 'eip155:31337', ...query })
/** A fresh address nobody has used (so its balances are exactly what the test gives it). */
let fresh = 0
const newAccount = () => privateKeyToAddress(`0x${(0xbeef00 + ++fresh).toString(16).padStart(64, '0')}`)

/** Gives `to` ETH and tokens from dev account #0 on 31337; resolves once mined. */
async function give(to: `0x${string}`, gifts: { eth?: string; KFT?: string; kUSD?: string }) {
  const client = devClient(local())
  const hashes: Hash[] = []
  if (gifts.eth) hashes.push(await client.sendTransaction({ to, value: parseEther(gifts.eth) }))
  for (const symbol of ['KFT', 'kUSD'] as const) {
    const amount = gifts[symbol]
    if (!amount) continue
    const token = tokenOf(symbol)
    hashes.push(
      await client.writeContract({
        address: token.address,
        abi: devTokenAbi,
        functionName: 'transfer',
        args: [to, parseUnits(amount, token.decimals)],
      }),
    )
  }
  for (const hash of hashes) await client.waitForTransactionReceipt({ hash })
}

describe('GET /v1/account/{address}/balance', () => {
  test('default: native and tokens with USD prices and values, the token address as CAIP-10', async () => {
    const account = newAccount()
    await give(account, { eth: '1.5', KFT: '10', kUSD: '2.25' })
    const { status, body } = await json(await balanceOf(account))
    expect(status).toBe(200)
    const icon = (symbol: string) => `${api.ctx.config.publicUrl}/public/getTokenImage/${symbol}`
    expect(body).toEqual({
      balances: [
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:31337',
          value: 4500,
          price: 3000,
          quantity: { decimals: '18', numeric: '1.5' },
          iconUrl: icon('ETH'),
        },
        {
          name: 'Keyframe Token',
          symbol: 'KFT',
          chainId: 'eip155:31337',
          address: `eip155:31337:${getAddress(tokenOf('KFT').address)}`,
          value: 20,
          price: 2,
          quantity: { decimals: '18', numeric: '10' },
          iconUrl: icon('KFT'),
        },
        {
          name: 'Keyframe USD',
          symbol: 'kUSD',
          chainId: 'eip155:31337',
          address: `eip155:31337:${getAddress(tokenOf('kUSD').address)}`,
          value: 2.25,
          price: 1,
          quantity: { decimals: '6', numeric: '2.25' },
          iconUrl: icon('kUSD'),
        },
      ],
    })
  })

  test('behavior: zero balances are left out; an unused address has none', async () => {
    const account = newAccount()
    expect((await json(await balanceOf(account))).body).toEqual({ balances: [] })
    await give(account, { kUSD: '1' })
    const { body } = await json(await balanceOf(account, { forceUpdate: 'true' }))
    expect(body.balances.map((b: { symbol: string }) => b.symbol)).toEqual(['kUSD'])
  })

  test('behavior: without chainId every configured chain answers; an unsupported network answers none', async () => {
    const { body } = await json(await balanceOf(DEV_ACCOUNTS[2], { chainId: undefined }))
    expect(body.balances.map((b: { chainId: string; symbol: string }) => `${b.chainId} ${b.symbol}`)).toEqual(
      [
        'eip155:31337 ETH',
        'eip155:31337 KFT',
        'eip155:31337 kUSD',
        'eip155:31338 ETH',
        'eip155:31338 KFT',
        'eip155:31338 kUSD',
      ],
    )
    expect(await json(await balanceOf(DEV_ACCOUNTS[2], { chainId: 'eip155:1' }))).toEqual({
      status: 200,
      body: { balances: [] },
    })
  })

  test('behavior: answers are cached for 30 s; forceUpdate=true reads the chain at once', async () => {
    const account = newAccount()
    await give(account, { kUSD: '1' })
    const kusd = async (query: Record<string, string> = {}) =>
      (await json(await balanceOf(account, query))).body.balances.find(
        (b: { symbol: string }) => b.symbol === 'kUSD',
      )?.quantity.numeric
    expect(await kusd()).toBe('1')
    await give(account, { kUSD: '2' })
    expect(await kusd()).toBe('1')
    expect(await kusd({ forceUpdate: 'false' })).toBe('1')
    expect(await kusd({ forceUpdate: 'true' })).toBe('3')
    await give(account, { kUSD: '4' })
    expect(await kusd()).toBe('3')
    skew += 30_000
    expect(await kusd()).toBe('7')
  })

  test('behavior: tokens the indexer saw the account receive are listed; zero-decimals contracts are not', async () => {
    const deployer = devClient(local())
    const deploy = async (name: string, symbol: string, decimals: number) => {
      const hash = await deployer.deployContract({
        abi: devTokenAbi,
        bytecode: devTokenBytecode,
        args: [name, symbol, decimals],
      })
      return (await deployer.waitForTransactionReceipt({ hash })).contractAddress!
    }
    const other = await deploy('Other Token', 'OTK', 8)
    const whole = await deploy('Whole Token', 'WHL', 0)
    const account = newAccount()
    for (const [token, amount] of [
      [other, 1234_5000_0000n],
      [whole, 7n],
    ] as const) {
      await deployer.waitForTransactionReceipt({
        hash: await deployer.writeContract({
          address: token,
          abi: devTokenAbi,
          functionName: 'mint',
          args: [account, amount],
        }),
      })
    }
    await syncOnce(api.ctx, api.ctx.chains.get('eip155:31337')!)
    const { body } = await json(await balanceOf(account))
    expect(body.balances).toEqual([
      {
        name: 'Other Token',
        symbol: 'OTK',
        chainId: 'eip155:31337',
        address: `eip155:31337:${getAddress(other)}`,
        value: 0,
        price: 0,
        quantity: { decimals: '8', numeric: '1234.5' },
        iconUrl: `${api.ctx.config.publicUrl}/public/getTokenImage/OTK`,
      },
    ])
  })

  test.each<[{ address?: string } & Record<string, string>, string]>([
    [{ address: '0x1234' }, 'address: Invalid address'],
    [{ currency: 'eur' }, 'currency: Expected usd'],
    [{ forceUpdate: 'yes' }, 'forceUpdate: Expected true or false'],
    [{ chainId: 'mainnet' }, 'chainId: Invalid CAIP-2 network id'],
  ])('error: %o → %s', async ({ address, ...query }, message) => {
    expect(await json(await balanceOf(address ?? DEV_ACCOUNTS[2], query))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message },
    })
  })

  test('error: a call without the project is refused', async () => {
    expect(await json(await balanceOf(DEV_ACCOUNTS[2], { projectId: undefined }))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'projectId: Required' },
    })
  })
})

describe('POST /v1/fungible/price', () => {
  const native = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
  const price = (body: unknown) => api.post('/v1/fungible/price', body)

  test('default: the priced tokens in the order asked, with name, symbol and icon', async () => {
    const kft = `eip155:31337:${tokenOf('KFT').address}`
    const kusd = `eip155:31337:${tokenOf('kUSD').address.toLowerCase()}`
    const { status, body } = await json(
      await price({ currency: 'usd', addresses: [kusd, native, kft], projectId: 'x' }),
    )
    expect(status).toBe(200)
    const icon = (symbol: string) => `${api.ctx.config.publicUrl}/public/getTokenImage/${symbol}`
    expect(body).toEqual({
      fungibles: [
        { name: 'Keyframe USD', symbol: 'kUSD', iconUrl: icon('kUSD'), price: 1, address: kusd },
        { name: 'Ether', symbol: 'ETH', iconUrl: icon('ETH'), price: 3000, address: native },
        { name: 'Keyframe Token', symbol: 'KFT', iconUrl: icon('KFT'), price: 2, address: kft },
      ],
    })
  })

  test('behavior: unsupported networks, non-EVM ids, contracts that are no ERC20 and unpriced tokens are left out', async () => {
    const { body } = await json(
      await price({
        currency: 'usd',
        addresses: [
          'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
          'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
          `eip155:31337:${local().nft}`,
          'eip155:31337:0x0000000000000000000000000000000000000001',
          native,
        ],
      }),
    )
    expect(body.fungibles.map((f: { symbol: string }) => f.symbol)).toEqual(['ETH'])
  })

  test.each([
    [{ addresses: [native] }, 'currency: Required'],
    [{ currency: 'eur', addresses: [native] }, 'currency: Expected usd'],
    [{ currency: 'usd', addresses: [] }, 'addresses: Expected at least 1 address'],
    [
      { currency: 'usd', addresses: ['0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] },
      'addresses.0: Invalid CAIP-10 address',
    ],
    [{ currency: 'usd', addresses: Array(101).fill(native) }, 'addresses: Expected at most 100 addresses'],
  ])('error: %o → %s', async (body, message) => {
    expect(await json(await price(body))).toEqual({ status: 400, body: { code: 'invalid_params', message } })
  })

  test('error: a body that is not JSON', async () => {
    expect((await price('{currency')).status).toBe(400)
    const res = await fetch(`${api.url}/v1/fungible/price?projectId=${api.project.id}&st=keyframe&sv=0.1.0`, {
      method: 'POST',
      body: 'currency=usd',
    })
    expect(res.status).toBe(415)
  })
})

describe('a chain whose node is down', () => {
  let withDown: TestChainApi
  beforeAll(async () => {
    withDown = await startTestChainApi({
      modules: [balancesModule],
      config: {
        chains: [
          chainFromDevChain(local()),
          {
            id: 31339,
            name: 'Down',
            rpcUrl: 'http://127.0.0.1:9',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      },
    })
  }, 60_000)
  afterAll(() => withDown?.close())

  test("error: alone it is 502 'Token Balance Unavailable'; across chains the others still answer", async () => {
    const account = newAccount()
    await give(account, { eth: '2' })
    const path = `/v1/account/${account}/balance`
    const down = await withDown.get(path, { currency: 'usd', chainId: 'eip155:31339' })
    await expectMatchesSpec('get', '/v1/account/{address}/balance', down)
    expect(down.status).toBe(502)
    expect(await down.json()).toEqual({ code: 'chain_unavailable', message: 'Token Balance Unavailable' })
    const all = await withDown.get(path, { currency: 'usd' })
    await expectMatchesSpec('get', '/v1/account/{address}/balance', all)
    expect(all.status).toBe(200)
    const { balances } = (await all.json()) as { balances: { chainId: string; symbol: string }[] }
    expect(balances.map((b) => `${b.chainId} ${b.symbol}`)).toEqual(['eip155:31337 ETH'])
  })
})
