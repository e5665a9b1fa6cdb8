import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@keyframe/dev-fixtures'
import type { HistoryPage } from '@keyframe/protocol/chain-api/history'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { indexerModule } from './module.ts'

const [, bob, carol] = DEV_ACCOUNTS

let anvil: Anvil
let api: TestChainApi | undefined
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
}, 60_000)
afterAll(async () => {
  await api?.close()
  await anvil?.close()
})

test('behavior: a chain with indexFromBlock is followed from that block on, nothing before it', async () => {
  const wallet = createWalletClient({ account: bob, transport: http(anvil.rpcUrl) })
  const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
  const send = async () => {
    const hash = await wallet.sendTransaction({ chain: null, to: carol, value: parseEther('0.1') })
    return (await reader.waitForTransactionReceipt({ hash })).blockNumber
  }
  const before = await send()
  api = await startTestChainApi({
    modules: [indexerModule],
    background: true,
    config: {
      indexer: { pollIntervalMs: 50 },
      chains: [
        {
          id: 31337,
          name: 'Local',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexFromBlock: Number(before) + 1,
        },
      ],
    },
  })
  const after = await send()

  const deadline = Date.now() + 15_000
  let page: HistoryPage = { data: [], next: null }
  while (Date.now() < deadline && page.data.length === 0) {
    const response = await api.get(`/v1/account/${carol}/history`, { chainId: 'eip155:31337' })
    page = (await response.json()) as HistoryPage
    if (page.data.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
  }
  // Only the transfer after the start block: the one in block `before` was never read.
  expect(page.data).toHaveLength(1)
  expect(page.data[0]!.metadata).toMatchObject({ operationType: 'receive' })
  const receipt = await reader.getTransactionReceipt({ hash: page.data[0]!.metadata.hash as `0x${string}` })
  expect(receipt.blockNumber).toBe(after)
})
