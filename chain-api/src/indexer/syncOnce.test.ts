import {
  type Anvil,
  DEV_ACCOUNTS,
  type DeployedContracts,
  deployDevContracts,
  startAnvil,
} from '@keyframe/dev-fixtures'
import { type Database, openDatabase } from '@keyframe/server-kit'
import { createTestDatabase, testBackends } from '@keyframe/server-kit/testing'
import { and, asc, count, eq } from 'drizzle-orm'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { silentLogger } from '../logger.ts'
import { idxAccountTransactions, idxTokens, idxTransactions, idxTransfers } from './db/schema.ts'
import { INDEXER_MIGRATIONS } from './module.ts'
import { tokenContractsOf } from './queries.ts'
import { type IndexedChain, syncOnce } from './syncOnce.ts'

const [, bob, carol] = DEV_ACCOUNTS.map((a) => a.toLowerCase()) as [string, string, string]
const mintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'to', type: 'address' }],
    outputs: [{ name: 'id', type: 'uint256' }],
  },
] as const

describe.each(testBackends())('syncOnce (%s)', (backend) => {
  let anvil: Anvil
  let contracts: DeployedContracts
  let database: Database
  let chain: IndexedChain
  let ctx: { db: Database['db']; log: typeof silentLogger }

  const wallet = (account: string) =>
    createWalletClient({ account: account as `0x${string}`, transport: http(anvil.rpcUrl) })
  const send = async (
    from: string,
    tx: { to: string; value?: bigint; data?: `0x${string}`; gas?: bigint },
  ) => {
    const hash = await wallet(from).sendTransaction({
      chain: null,
      to: tx.to as `0x${string}`,
      ...(tx.value === undefined ? {} : { value: tx.value }),
      ...(tx.data === undefined ? {} : { data: tx.data }),
      ...(tx.gas === undefined ? {} : { gas: tx.gas }),
    })
    await chain.client.waitForTransactionReceipt({ hash })
    return hash.toLowerCase() as Hash
  }
  const rpc = (method: string, params: unknown[] = []) =>
    (chain.client.request as unknown as (a: { method: string; params: unknown[] }) => Promise<unknown>)({
      method,
      params,
    })
  const transactionsOf = (hash: string) =>
    ctx.db.select().from(idxTransactions).where(eq(idxTransactions.hash, hash))

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    contracts = await deployDevContracts(anvil)
    database = await createTestDatabase(backend, (url) =>
      openDatabase(
        { ...(url ? { url } : {}), dataDir: 'memory://' },
        { schema: {}, migrations: [INDEXER_MIGRATIONS] },
      ),
    )
    chain = {
      id: 31337,
      caip2: 'eip155:31337',
      client: createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 50 }) as PublicClient,
    }
    ctx = { db: database.db, log: silentLogger }
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await anvil?.close()
  })

  test('default: indexes every block from genesis, with token metadata and the tokens an account holds', async () => {
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const result = await syncOnce(ctx, chain)
    expect(result).toEqual({ head, cursor: head, written: head + 1 })

    const [kft, kusd] = contracts.tokens
    expect(await tokenContractsOf(ctx.db, 'eip155:31337', DEV_ACCOUNTS[1])).toEqual(
      [kft!.address, kusd!.address].sort(),
    )
    expect(await tokenContractsOf(ctx.db, 'eip155:31338', DEV_ACCOUNTS[1])).toEqual([])
    expect(await tokenContractsOf(ctx.db, 'solana:x', DEV_ACCOUNTS[1])).toEqual([])

    const tokens = await ctx.db
      .select({
        address: idxTokens.address,
        standard: idxTokens.standard,
        symbol: idxTokens.symbol,
        decimals: idxTokens.decimals,
      })
      .from(idxTokens)
      .orderBy(asc(idxTokens.symbol))
    expect(tokens).toEqual([
      { address: contracts.nft.toLowerCase(), standard: 'erc721', symbol: 'KFNFT', decimals: 0 },
      { address: kft!.address.toLowerCase(), standard: 'erc20', symbol: 'KFT', decimals: 18 },
      { address: kusd!.address.toLowerCase(), standard: 'erc20', symbol: 'kUSD', decimals: 6 },
    ])
    // Bob's seed: one mint of each token and one NFT, all from the zero address.
    const seeds = await ctx.db
      .select({ kind: idxTransfers.kind, from: idxTransfers.from, amount: idxTransfers.amount })
      .from(idxTransfers)
      .where(eq(idxTransfers.to, bob))
      .orderBy(asc(idxTransfers.blockNumber))
    expect(seeds).toEqual([
      {
        kind: 'erc20',
        from: '0x0000000000000000000000000000000000000000',
        amount: parseUnits('10000', 18).toString(),
      },
      {
        kind: 'erc20',
        from: '0x0000000000000000000000000000000000000000',
        amount: parseUnits('10000', 6).toString(),
      },
      { kind: 'erc721', from: '0x0000000000000000000000000000000000000000', amount: '2' },
    ])
  })

  test('behavior: an ETH transfer, a token transfer and a reverted call, each with its outcome and fee', async () => {
    const kusd = contracts.tokens[1]!.address
    const ethHash = await send(bob, { to: carol, value: parseEther('1.5') })
    const tokenHash = await send(bob, {
      to: kusd,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [DEV_ACCOUNTS[2], 2_500_000n],
      }),
    })
    // Only the deployer may mint: this one reverts (gas given, so that no estimate refuses it first).
    const revertedHash = await send(bob, {
      to: contracts.nft,
      data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [DEV_ACCOUNTS[1]] }),
      gas: 200_000n,
    })
    expect((await syncOnce(ctx, chain)).written).toBe(3)

    const [eth] = await transactionsOf(ethHash)
    expect(eth).toMatchObject({
      from: bob,
      to: carol,
      value: parseEther('1.5').toString(),
      status: 'success',
      selector: '0x',
    })
    expect(BigInt(eth!.fee)).toBeGreaterThan(0n)
    const [reverted] = await transactionsOf(revertedHash)
    expect(reverted).toMatchObject({
      from: bob,
      to: contracts.nft.toLowerCase(),
      status: 'reverted',
      selector: '0x6a627842',
    })

    const moved = await ctx.db
      .select({
        txHash: idxTransfers.txHash,
        kind: idxTransfers.kind,
        from: idxTransfers.from,
        to: idxTransfers.to,
        amount: idxTransfers.amount,
      })
      .from(idxTransfers)
      .where(eq(idxTransfers.from, bob))
      .orderBy(asc(idxTransfers.blockNumber))
    expect(moved).toEqual([
      { txHash: ethHash, kind: 'native', from: bob, to: carol, amount: parseEther('1.5').toString() },
      { txHash: tokenHash, kind: 'erc20', from: bob, to: carol, amount: '2500000' },
    ])
    // The reverted call is in Bob's (and the NFT contract's) history, and moved nothing.
    const concerned = await ctx.db
      .select({ address: idxAccountTransactions.address })
      .from(idxAccountTransactions)
      .where(eq(idxAccountTransactions.txHash, revertedHash))
      .orderBy(asc(idxAccountTransactions.address))
    expect(concerned.map((r) => r.address)).toEqual([bob, contracts.nft.toLowerCase()].sort())
  })

  test('behavior: a round with no new block writes nothing', async () => {
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    expect(await syncOnce(ctx, chain)).toEqual({ head, cursor: head, written: 0 })
  })

  test('behavior: two indexers on one database (two chain-api processes) write each block once', async () => {
    const fresh = await createTestDatabase(backend, (url) =>
      openDatabase(
        { ...(url ? { url } : {}), dataDir: 'memory://' },
        { schema: {}, migrations: [INDEXER_MIGRATIONS] },
      ),
    )
    try {
      const both = { db: fresh.db, log: silentLogger }
      const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
      const [a, b] = await Promise.all([syncOnce(both, chain), syncOnce(both, chain)])
      expect(a.written + b.written).toBe(head + 1)
      const rows = await fresh.db.select({ hash: idxTransactions.hash }).from(idxTransactions)
      expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length)
      const [mine] = await ctx.db.select({ n: count() }).from(idxTransactions)
      expect(rows).toHaveLength(mine!.n)
    } finally {
      await fresh.close()
    }
  })

  test('behavior: after anvil_revert and new blocks, reverted-away rows are gone and nothing is doubled', async () => {
    const before = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
    const snapshot = await rpc('anvil_snapshot')
    const gone = [await send(bob, { to: carol, value: 1n }), await send(bob, { to: carol, value: 2n })]
    await syncOnce(ctx, chain)
    expect(await transactionsOf(gone[0]!)).toHaveLength(1)

    // A longer fork: the revert drops two blocks, three new ones follow.
    expect(await rpc('evm_revert', [snapshot])).toBe(true)
    const kept = [
      await send(bob, { to: carol, value: 3n }),
      await send(bob, { to: carol, value: 4n }),
      await send(bob, { to: carol, value: 5n }),
    ]
    const result = await syncOnce(ctx, chain)
    expect(result).toMatchObject({ rewoundTo: before, written: 3, cursor: before + 3 })
    for (const hash of gone) expect(await transactionsOf(hash)).toEqual([])
    for (const hash of kept) expect(await transactionsOf(hash)).toHaveLength(1)

    // Same height: revert one block, mine one different block.
    const snapshot2 = await rpc('anvil_snapshot')
    const replaced = await send(bob, { to: carol, value: 6n })
    await syncOnce(ctx, chain)
    await rpc('evm_revert', [snapshot2])
    const replacement = await send(carol, { to: bob, value: 7n })
    expect(await syncOnce(ctx, chain)).toMatchObject({ rewoundTo: before + 3, written: 1 })
    expect(await transactionsOf(replaced)).toEqual([])
    expect(await transactionsOf(replacement)).toHaveLength(1)

    const rows = await ctx.db
      .select({ txHash: idxAccountTransactions.txHash })
      .from(idxAccountTransactions)
      .where(and(eq(idxAccountTransactions.address, bob), eq(idxAccountTransactions.chainId, 31337)))
    expect(new Set(rows.map((r) => r.txHash)).size).toBe(rows.length)
    // Bob's transactions: his 3 seeds, 3 from the last test, 3 kept here, the replacement.
    expect(rows).toHaveLength(10)
  })
})
