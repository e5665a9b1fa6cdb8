/**
 * The history client against a real chain-api whose indexer has read a real anvil chain.
 */

import { syncOnce } from '@keyframe/chain-api/indexer/syncOnce'
import { indexerModule } from '@keyframe/chain-api/modules/indexer'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { type Anvil, DEV_ACCOUNTS, devClient, startAnvil } from '@keyframe/dev-fixtures'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ChainApiError } from './chainApiError.ts'
import { getHistory } from './getHistory.ts'
import { anvilChain, startTestApi, type TestApi } from './testing/startTestApi.ts'

const CHAIN_ID = 31337
const CHAIN = `eip155:${CHAIN_ID}`
const [, SENDER, RECEIVER] = DEV_ACCOUNTS

// A real server over a real chain on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let anvil: Anvil
let t: TestApi
let hash: `0x${string}`
beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  const chain = anvilChain(anvil.rpcUrl, { chainId: CHAIN_ID })
  t = await startTestApi({ chains: [chain], modules: [supportedModule, indexerModule] })
  const client = devClient(anvil, SENDER)
  hash = await client.sendTransaction({
    account: SENDER,
    chain: client.chain,
    to: RECEIVER,
    value: parseEther('1.5'),
  })
  await client.waitForTransactionReceipt({ hash })
  await syncOnce(t.server.ctx, t.server.ctx.chains.get(CHAIN)!)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await anvil?.close()
})

describe('getHistory', () => {
  test('default: a transfer shows as a send for the sender and a receive for the receiver', async () => {
    const sent = await getHistory(t.api, { address: SENDER, chainId: CHAIN })
    expect(sent.next).toBeNull()
    expect(sent.data).toHaveLength(1)
    expect(sent.data[0]).toMatchObject({
      id: `${CHAIN}:${hash}`,
      metadata: { operationType: 'send', hash, status: 'confirmed', chain: CHAIN },
      transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'ETH' } }],
    })
    const received = await getHistory(t.api, { address: RECEIVER })
    expect(received.data.map((tx) => [tx.metadata.operationType, tx.metadata.hash])).toEqual([
      ['receive', hash],
    ])
  })

  test('behavior: not cached: each call asks', async () => {
    const before = t.count('GET /v1/account/')
    await getHistory(t.api, { address: SENDER, chainId: CHAIN })
    await getHistory(t.api, { address: SENDER, chainId: CHAIN })
    expect(t.count('GET /v1/account/') - before).toBe(2)
  })

  test('behavior: an unsupported network answers { data: [], next: null } without a request', async () => {
    const before = t.count('GET /v1/account/')
    expect(await getHistory(t.api, { address: SENDER, chainId: 'eip155:1' })).toEqual({
      data: [],
      next: null,
    })
    expect(t.count('GET /v1/account/') - before).toBe(0)
  })

  test("error: no address is the spec's message, without a request", async () => {
    const before = t.requests.length
    const error = await getHistory(t.api, { address: '' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect((error as Error).message).toBe("Transactions can't be fetched without an accountAddress")
    expect(t.requests.length - before).toBe(0)
  })

  test("error: a bad address or cursor is the server's 400", async () => {
    const bad = await getHistory(t.api, { address: '0x12' }).catch((e: unknown) => e)
    expect(bad).toMatchObject({ status: 400, code: 'invalid_params' })
    expect((bad as Error).message).toBe('address: Invalid address')
    const cursor = await getHistory(t.api, { address: SENDER, cursor: 'nonsense' }).catch((e: unknown) => e)
    expect((cursor as Error).message).toBe('cursor: Invalid cursor')
  })
})
