import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEV_ACCOUNTS,
  type DevChain,
  type DevChains,
  devNFTAbi,
  devNFTBytecode,
  startChains,
} from '@keyframe/dev-fixtures'
import {
  type HistoryPage,
  type HistoryTransaction,
  NO_ACCOUNT_MESSAGE,
} from '@keyframe/protocol/chain-api/history'
import { createPostgresDatabase, testBackends } from '@keyframe/server-kit/testing'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hash,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { indexerModule } from '../indexer/module.ts'
import { syncOnce } from '../indexer/syncOnce.ts'
import { type StartTestChainApiOptions, startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'

/** Anvil dev accounts #3 (the user whose history is read), #4, #5, #6. */
const ME = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const OTHER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const PAYER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const PAYEE = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
/** Anvil dev account #9: the dev on-ramp sandbox's payer. */
const SANDBOX = {
  key: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
} as const
const DEPLOYER = DEV_ACCOUNTS[0]

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const mint = (to: string) =>
  encodeFunctionData({ abi: devNFTAbi, functionName: 'mint', args: [to as `0x${string}`] })

type Tx = { to: string; value?: bigint; data?: `0x${string}`; gas?: bigint }

/** Sends from an unlocked anvil account and waits for the receipt (reverted ones too). */
async function send(chain: DevChain, from: string, tx: Tx): Promise<Hash> {
  const wallet = createWalletClient({ account: from as `0x${string}`, transport: http(chain.rpcUrl) })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: tx.to as `0x${string}`,
    ...(tx.value === undefined ? {} : { value: tx.value }),
    ...(tx.data === undefined ? {} : { data: tx.data }),
    ...(tx.gas === undefined ? {} : { gas: tx.gas }),
  })
  await clientOf(chain).waitForTransactionReceipt({ hash })
  return hash
}

const clients = new Map<string, ReturnType<typeof createPublicClient>>()
function clientOf(chain: DevChain) {
  let client = clients.get(chain.rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
    clients.set(chain.rpcUrl, client)
  }
  return client
}

async function rpc(chain: DevChain, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe.each(testBackends())('GET /v1/account/{address}/history (%s)', (backend) => {
  let chains: DevChains
  let main: DevChain
  let second: DevChain
  let spamNft: `0x${string}`
  let dataDir: string | undefined
  let dropDatabase: (() => Promise<void>) | undefined
  let options: StartTestChainApiOptions
  let api: TestChainApi
  /** The scripted session's items, newest first, as the test expects them. */
  let session: HistoryTransaction[] = []

  const sync = async () => {
    for (const caip2 of ['eip155:31337', 'eip155:31338']) await syncOnce(api.ctx, api.ctx.chains.get(caip2)!)
  }
  const history = async (address: string, query: Record<string, string> = {}): Promise<HistoryPage> => {
    const response = await api.get(`/v1/account/${address}/history`, query)
    expect(response.status).toBe(200)
    await expectMatchesSpec('get', '/v1/account/{address}/history', response)
    return (await response.json()) as HistoryPage
  }
  const icon = (symbol: string) => ({ url: `${api.ctx.config.publicUrl}/public/getTokenImage/${symbol}` })
  const eth = (wei: bigint, direction: 'in' | 'out') => {
    const numeric = formatUnits(wei, 18)
    return {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: icon('ETH') },
      direction,
      quantity: { numeric },
      price: 3000,
      value: Number(numeric) * 3000,
    }
  }
  const kusd = (units: bigint, direction: 'in' | 'out') => {
    const numeric = formatUnits(units, 6)
    return {
      fungible_info: { name: 'Keyframe USD', symbol: 'kUSD', icon: icon('kUSD') },
      direction,
      quantity: { numeric },
      price: 1,
      value: Number(numeric),
    }
  }
  const nft = (contract: string, id: number, spam: boolean) => ({
    nft_info: {
      name: `Keyframe NFT #${id}`,
      flags: { is_spam: spam },
      content: {
        preview: {
          url: `${api.ctx.config.publicUrl}/public/getAssetImage/31337-${contract.toLowerCase()}-${id}`,
        },
      },
    },
    direction: 'in' as const,
    quantity: { numeric: '1' },
  })
  /** What the history must say of `hash`: the chain's own facts plus the expected classification. */
  const item = async (
    chain: DevChain,
    hash: Hash,
    operationType: HistoryTransaction['metadata']['operationType'],
    transfers: HistoryTransaction['transfers'],
  ): Promise<HistoryTransaction> => {
    const client = clientOf(chain)
    const tx = await client.getTransaction({ hash })
    const receipt = await client.getTransactionReceipt({ hash })
    const block = await client.getBlock({ blockNumber: receipt.blockNumber })
    return {
      id: `eip155:${chain.chainId}:${hash}`,
      metadata: {
        operationType,
        hash,
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        sentFrom: tx.from.toLowerCase(),
        sentTo: (tx.to ?? receipt.contractAddress ?? '').toLowerCase(),
        status: receipt.status === 'success' ? 'confirmed' : 'failed',
        nonce: tx.nonce,
        chain: `eip155:${chain.chainId}`,
      },
      transfers,
    }
  }

  beforeAll(async () => {
    chains = await startChains()
    main = chains.chains.find((c) => c.chainId === 31337)!
    second = chains.chains.find((c) => c.chainId === 31338)!
    const deployed = await createWalletClient({
      account: DEPLOYER,
      transport: http(main.rpcUrl),
    }).deployContract({
      chain: null,
      abi: devNFTAbi,
      bytecode: devNFTBytecode,
    })
    spamNft = (await clientOf(main).waitForTransactionReceipt({ hash: deployed })).contractAddress!
    let database: StartTestChainApiOptions['database']
    if (backend === 'postgres') {
      const created = await createPostgresDatabase()
      dropDatabase = created.drop
      database = { url: created.url }
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'keyframe-history-'))
      database = { dataDir }
    }
    options = {
      chains: chains.chains,
      modules: [indexerModule],
      database,
      config: {
        spamContracts: [`eip155:31337:${spamNft.toLowerCase()}`],
        onrampSandbox: { privateKey: SANDBOX.key },
      },
    }
    api = await startTestChainApi(options)
  }, 120_000)

  afterAll(async () => {
    await api?.close()
    await dropDatabase?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await chains?.close()
  })

  test('default: a scripted session shows exactly what happened, newest first, with the right fields', async () => {
    const [, kusdToken] = main.tokens
    const token = kusdToken!.address
    const { router, weth } = main.uniswap!
    const client = clientOf(main)
    const deadline = 2n ** 40n

    const sent = await send(main, ME, { to: OTHER, value: parseEther('1.5') })
    const received = await send(main, DEPLOYER, {
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ME, 250_000_000n] }),
    })
    const ethIn = parseEther('0.1')
    const [, kusdOut] = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [ethIn, [weth, token]],
    })
    const boughtKusd = await send(main, ME, {
      to: router,
      gas: 300_000n,
      value: ethIn,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [weth, token], ME, deadline],
      }),
    })
    const minted = await send(main, DEPLOYER, { to: main.nft, data: mint(ME) })
    const spam = await send(main, DEPLOYER, { to: spamNft, data: mint(ME) })
    const approved = await send(main, ME, {
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 100_000_000n] }),
    })
    const [, ethOut] = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [100_000_000n, [token, weth]],
    })
    // The router pays the ETH out with an internal call: only call traces show it. Gas is given: anvil's
    // estimate can fall short when the pair also updates its price accumulators (a new block timestamp).
    const soldKusd = await send(main, ME, {
      to: router,
      gas: 300_000n,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForETH',
        args: [100_000_000n, 0n, [token, weth], ME, deadline],
      }),
    })
    if ((await clientOf(main).getTransactionReceipt({ hash: soldKusd })).status !== 'success')
      console.log(
        'DEBUG',
        JSON.stringify(await rpc(main, 'trace_transaction', [soldKusd])),
        await clientOf(main).getTransaction({ hash: soldKusd }),
      )
    // Only the deployer may mint: reverts (gas given, so that no estimate refuses it first).
    const failed = await send(main, ME, { to: main.nft, data: mint(ME), gas: 200_000n })
    await sync()

    session = [
      await item(main, failed, 'execute', []),
      await item(main, soldKusd, 'trade', [eth(ethOut!, 'in'), kusd(100_000_000n, 'out')]),
      await item(main, approved, 'approve', []),
      await item(main, spam, 'mint', [nft(spamNft, 1, true)]),
      await item(main, minted, 'mint', [nft(main.nft, 4, false)]),
      await item(main, boughtKusd, 'trade', [eth(ethIn, 'out'), kusd(kusdOut!, 'in')]),
      await item(main, received, 'receive', [kusd(250_000_000n, 'in')]),
      await item(main, sent, 'send', [eth(parseEther('1.5'), 'out')]),
    ]
    expect(session[0]!.metadata.status).toBe('failed')
    expect(await history(ME, { chainId: 'eip155:31337' })).toEqual({ data: session, next: null })
    // The address is case-insensitive.
    expect(await history(ME.toLowerCase(), { chainId: 'eip155:31337' })).toEqual({
      data: session,
      next: null,
    })
  })

  test('behavior: without chainId, every configured chain, newest first', async () => {
    const onSecond = await send(second, DEPLOYER, { to: ME, value: parseEther('0.5') })
    await sync()
    const expected = await item(second, onSecond, 'receive', [eth(parseEther('0.5'), 'in')])
    expect(await history(ME)).toEqual({ data: [expected, ...session], next: null })
    expect(await history(ME, { chainId: 'eip155:31338' })).toEqual({ data: [expected], next: null })
  })

  test('behavior: pages of 50 follow each other through the cursor, on one chain and across chains', async () => {
    const hashes: Hash[] = []
    for (let i = 1; i <= 52; i++) hashes.push(await send(main, PAYER, { to: PAYEE, value: BigInt(i) }))
    await sync()
    const newestFirst = hashes.reverse()
    for (const query of [{ chainId: 'eip155:31337' }, {}] as Record<string, string>[]) {
      const first = await history(PAYEE, query)
      expect(first.data).toHaveLength(50)
      expect(first.next).toEqual(expect.any(String))
      const second = await history(PAYEE, { ...query, cursor: first.next! })
      expect(second.next).toBeNull()
      expect([...first.data, ...second.data].map((t) => t.metadata.hash)).toEqual(newestFirst)
      expect(second.data.at(-1)!.transfers).toEqual([eth(1n, 'in')])
    }
  })

  test('behavior: onramp lists only what the on-ramp sandbox paid to the account', async () => {
    const bought = await send(main, SANDBOX.address, { to: ME, value: parseEther('0.2') })
    await sync()
    const expected = await item(main, bought, 'receive', [eth(parseEther('0.2'), 'in')])
    expect(await history(ME, { chainId: 'eip155:31337', onramp: 'coinbase' })).toEqual({
      data: [expected],
      next: null,
    })
    expect((await history(ME, { chainId: 'eip155:31337' })).data[0]).toEqual(expected)
    session.unshift(expected)
  })

  test('behavior: after anvil_revert and new blocks, the reverted-away transaction is gone and nothing is doubled', async () => {
    const snapshot = await rpc(main, 'evm_snapshot')
    const gone = await send(main, ME, { to: OTHER, value: parseEther('0.01') })
    await sync()
    expect((await history(ME, { chainId: 'eip155:31337' })).data[0]!.metadata.hash).toBe(gone)

    expect(await rpc(main, 'evm_revert', [snapshot])).toBe(true)
    const kept = [
      await send(main, ME, { to: OTHER, value: parseEther('0.02') }),
      await send(main, ME, { to: OTHER, value: parseEther('0.03') }),
    ]
    await sync()
    const expected = [
      await item(main, kept[1]!, 'send', [eth(parseEther('0.03'), 'out')]),
      await item(main, kept[0]!, 'send', [eth(parseEther('0.02'), 'out')]),
    ]
    expect(await history(ME, { chainId: 'eip155:31337' })).toEqual({
      data: [...expected, ...session],
      next: null,
    })
    session.unshift(...expected)
  })

  test('behavior: a restart keeps the history, and indexing goes on without duplicates', async () => {
    // Image URLs name the server, which listens on another port after the restart.
    const portable = (page: HistoryPage): HistoryPage =>
      JSON.parse(JSON.stringify(page).replaceAll(api.ctx.config.publicUrl, 'http://chain-api'))
    const before = portable(await history(ME))
    await api.close()
    api = await startTestChainApi(options)
    expect(portable(await history(ME))).toEqual(before)

    const after = await send(main, ME, { to: OTHER, value: parseEther('0.04') })
    await sync()
    await sync()
    const page = portable(await history(ME))
    const newest = portable({
      data: [await item(main, after, 'send', [eth(parseEther('0.04'), 'out')])],
      next: null,
    })
    // Across chains the order is block time, then chain: a block of 31338 in the same second comes first.
    const [added] = newest.data
    const at = before.data.findIndex(
      (t) =>
        t.metadata.minedAt < added!.metadata.minedAt ||
        (t.metadata.minedAt === added!.metadata.minedAt && t.metadata.chain <= added!.metadata.chain),
    )
    const expected = [...before.data]
    expected.splice(at === -1 ? expected.length : at, 0, added!)
    expect(page).toEqual({ data: expected, next: null })
    expect(new Set(page.data.map((t) => t.id)).size).toBe(page.data.length)
  })
})

describe('GET /v1/account/{address}/history: bad input and unsupported networks', () => {
  let api: TestChainApi
  beforeAll(async () => {
    api = await startTestChainApi({
      modules: [indexerModule],
      config: {
        // Nothing is read from the node to answer history: a chain nobody runs is enough here.
        chains: [
          {
            id: 31337,
            name: 'Local',
            rpcUrl: 'http://127.0.0.1:9',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      },
    })
  }, 60_000)
  afterAll(async () => {
    await api?.close()
  })

  /** The answer, once checked against the published contract. */
  const status = async (response: Response) => {
    await expectMatchesSpec('get', '/v1/account/{address}/history', response)
    return { status: response.status, body: await response.json() }
  }

  test('default: an account with nothing indexed has an empty history', async () => {
    expect(await status(await api.get(`/v1/account/${ME}/history`, { chainId: 'eip155:31337' }))).toEqual({
      status: 200,
      body: { data: [], next: null },
    })
  })

  test('behavior: an unsupported network answers the empty default', async () => {
    for (const chainId of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
      expect(await status(await api.get(`/v1/account/${ME}/history`, { chainId }))).toEqual({
        status: 200,
        body: { data: [], next: null },
      })
  })

  test('behavior: onramp without an on-ramp configured is empty', async () => {
    expect(await status(await api.get(`/v1/account/${ME}/history`, { onramp: 'coinbase' }))).toEqual({
      status: 200,
      body: { data: [], next: null },
    })
  })

  test('error: each kind of bad input is a 400 with its message', async () => {
    const bad = (message: string) => ({ status: 400, body: { code: 'invalid_params', message } })
    expect(await status(await api.get('/v1/account//history'))).toEqual(bad(NO_ACCOUNT_MESSAGE))
    expect(await status(await api.get('/v1/account/0x1234/history'))).toEqual(bad('address: Invalid address'))
    expect(await status(await api.get(`/v1/account/${ME}/history`, { chainId: '31337' }))).toEqual(
      bad('chainId: Invalid CAIP-2 network id'),
    )
    expect(await status(await api.get(`/v1/account/${ME}/history`, { cursor: 'MTIz' }))).toEqual(
      bad('cursor: Invalid cursor'),
    )
    expect(await status(await api.get(`/v1/account/${ME}/history`, { projectId: undefined }))).toEqual(
      bad('projectId: Required'),
    )
  })

  test('error: an unknown project or a foreign origin is refused', async () => {
    expect(await status(await api.get(`/v1/account/${ME}/history`, { projectId: 'nope' }))).toEqual({
      status: 403,
      body: { code: 'invalid_key', message: 'Invalid key' },
    })
    expect(await status(await api.get('/v1/account//history', { projectId: 'nope' }))).toEqual({
      status: 403,
      body: { code: 'invalid_key', message: 'Invalid key' },
    })
    expect(
      await status(await api.get(`/v1/account/${ME}/history`, {}, { origin: 'https://evil.example' })),
    ).toEqual({ status: 403, body: { code: 'origin_not_allowed', message: 'Origin not allowed' } })
  })
})
