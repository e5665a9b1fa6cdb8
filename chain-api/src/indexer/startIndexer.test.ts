import { type Anvil, DEV_ACCOUNTS, deployDevContracts, startAnvil } from '@keyframe/dev-fixtures'
import type { HistoryPage } from '@keyframe/protocol/chain-api/history'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { chainFromDevChain } from '../chains/devChains.ts'
import { createLogger } from '../logger.ts'
import { anvilChain, startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { indexerModule } from './module.ts'

const [, bob, carol] = DEV_ACCOUNTS

let anvil: Anvil
let api: TestChainApi | undefined
const lines: string[] = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  const { tokens } = await deployDevContracts(anvil)
  const chain = anvilChain(anvil.rpcUrl, { tokens })
  api = await startTestChainApi({
    chains: [chain],
    modules: [indexerModule],
    background: true,
    logger: createLogger({ write: (line) => lines.push(line) }),
    config: {
      indexer: { pollIntervalMs: 50 },
      // A second chain whose node is down: its loop fails and backs off, the other one is not held up.
      chains: [
        chainFromDevChain(chain),
        { id: 31338, name: 'Down', rpcUrl: 'http://127.0.0.1:9', nativeCurrency: chain.nativeCurrency },
      ],
    },
  })
}, 60_000)

afterAll(async () => {
  await api?.close()
  await anvil?.close()
})

test('default: the background indexer lists a new transaction within a few polls, whatever another chain does', async () => {
  const wallet = createWalletClient({ account: bob, transport: http(anvil.rpcUrl) })
  const hash = await wallet.sendTransaction({ chain: null, to: carol, value: parseEther('0.5') })
  await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash })

  const deadline = Date.now() + 15_000
  let page: HistoryPage = { data: [], next: null }
  while (Date.now() < deadline) {
    const response = await api!.get(`/v1/account/${carol}/history`, { chainId: 'eip155:31337' })
    page = (await response.json()) as HistoryPage
    if (page.data.some((t) => t.metadata.hash === hash)) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(page.data[0]).toMatchObject({ metadata: { hash, operationType: 'receive', status: 'confirmed' } })

  const failures = lines.map((line) => JSON.parse(line)).filter((l) => l.message === 'indexer: sync failed')
  expect(failures.length).toBeGreaterThan(0)
  expect(failures.every((l) => l.level === 'warn' && l.chain === 'eip155:31338')).toBe(true)
})

test('behavior: closing stops the loops', async () => {
  const closing = api!.close()
  await expect(closing).resolves.toBeUndefined()
  api = undefined
  const count = lines.length
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(lines.length).toBe(count)
})
