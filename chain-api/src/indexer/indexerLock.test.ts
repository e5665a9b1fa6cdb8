/**
 * Several chain-api processes on one PostgreSQL database: the indexer runs in the one holding its advisory
 * lock, and another takes over when that one stops. (The e2e `scale-out` spec kills the holder with SIGKILL.)
 */
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@keyframe/dev-fixtures'
import type { HistoryPage } from '@keyframe/protocol/chain-api/history'
import { createPostgresDatabase, testBackends } from '@keyframe/server-kit/testing'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLogger } from '../logger.ts'
import { anvilChain, startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { indexerModule } from './module.ts'

const [, bob, carol] = DEV_ACCOUNTS

describe.runIf(testBackends().includes('postgres'))('indexer lock (PostgreSQL)', () => {
  let anvil: Anvil
  let drop: (() => Promise<void>) | undefined
  const apis: TestChainApi[] = []
  const lines: { name: string; message: string }[] = []

  const start = (name: string, url: string) =>
    startTestChainApi({
      chains: [anvilChain(anvil.rpcUrl)],
      modules: [indexerModule],
      background: true,
      database: { url },
      config: { indexer: { pollIntervalMs: 50 } },
      logger: createLogger({ write: (line) => lines.push({ name, message: JSON.parse(line).message }) }),
    })
  const leaders = () => lines.filter((l) => l.message === 'indexer: leading').map((l) => l.name)

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    const database = await createPostgresDatabase()
    drop = database.drop
    apis.push(await start('a', database.url))
    apis.push(await start('b', database.url))
  }, 60_000)

  afterAll(async () => {
    for (const api of apis) await api.close()
    await drop?.()
    await anvil?.close()
  })

  test('behavior: one of two processes indexes; when it stops the other takes over, with no gap and no duplicate', async () => {
    const wallet = createWalletClient({ account: bob, transport: http(anvil.rpcUrl) })
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    const send = async () => {
      const hash = await wallet.sendTransaction({ chain: null, to: carol, value: parseEther('0.01') })
      await reader.waitForTransactionReceipt({ hash })
      return hash
    }
    const historyOf = async (api: TestChainApi) =>
      (
        (await (
          await api.get(`/v1/account/${carol}/history`, { chainId: 'eip155:31337' })
        ).json()) as HistoryPage
      ).data
    const listed = async (api: TestChainApi, hashes: string[]) => {
      const deadline = Date.now() + 15_000
      for (;;) {
        const found = (await historyOf(api)).map((t) => t.metadata.hash)
        if (hashes.every((h) => found.includes(h)) || Date.now() > deadline) return found
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    const sent = [await send(), await send()]
    expect(await listed(apis[1]!, sent)).toEqual(expect.arrayContaining(sent))
    // Both run their indexer's background work; only one of them took the lock.
    expect(leaders()).toHaveLength(1)
    const [first] = leaders()
    const holder = apis[first === 'a' ? 0 : 1]!
    const other = apis[first === 'a' ? 1 : 0]!

    await holder.close()
    sent.push(await send(), await send())
    const found = await listed(other, sent)
    expect(leaders()).toEqual([first, first === 'a' ? 'b' : 'a'])
    expect(found.toSorted()).toEqual(sent.toSorted())
  })
})
