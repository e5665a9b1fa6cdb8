import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ChainApiError } from './chainApiError.ts'
import { createChainApi } from './createChainApi.ts'
import { getSupportedChains } from './getSupportedChains.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'
import { startTestApi, type TestApi } from './testing/startTestApi.ts'

// Chains are configured, not started: listing them needs no RPC.
const chains = [31337, 31338].map((id) => ({
  id,
  name: `Local ${id}`,
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}))

// A real server over real chains on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let t: TestApi
beforeAll(async () => {
  t = await startTestApi({ modules: [supportedModule], config: { chains } })
}, 60_000)
afterAll(() => t.close())

describe('getSupportedChains', () => {
  test('default: the configured networks, fetched once', async () => {
    const api = createChainApi({ baseUrl: t.api.baseUrl, projectId: t.api.projectId, fetch: t.api.fetch! })
    const before = t.count('GET /v1/supported-chains')
    expect(await getSupportedChains(api)).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    expect(await getSupportedChains(api)).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    expect(t.count('GET /v1/supported-chains') - before).toBe(1)
  })

  test('parameters: forceUpdate asks again', async () => {
    const api = createChainApi({ baseUrl: t.api.baseUrl, projectId: t.api.projectId, fetch: t.api.fetch! })
    const before = t.count('GET /v1/supported-chains')
    await getSupportedChains(api)
    await getSupportedChains(api, { forceUpdate: true })
    expect(t.count('GET /v1/supported-chains') - before).toBe(2)
  })

  test("error: an unknown project is 403 'Invalid key'", async () => {
    const api = createChainApi({ baseUrl: t.api.baseUrl, projectId: 'nobody' })
    const error = await getSupportedChains(api).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 403, code: 'invalid_key' })
    expect((error as Error).message).toBe('Invalid key')
  })
})

describe('isSupportedNetwork', () => {
  test('default: configured networks are supported, others not, with one request in all', async () => {
    const api = createChainApi({ baseUrl: t.api.baseUrl, projectId: t.api.projectId, fetch: t.api.fetch! })
    const before = t.count('GET /v1/supported-chains')
    const answers = await Promise.all(
      ['eip155:31337', 'eip155:31338', 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'].map((id) =>
        isSupportedNetwork(api, id),
      ),
    )
    expect(answers).toEqual([true, true, false, false])
    expect(t.count('GET /v1/supported-chains') - before).toBe(1)
  })

  test('behavior: when the list cannot be fetched, the network counts as supported (the call decides)', async () => {
    const api = createChainApi({ baseUrl: 'http://127.0.0.1:9', projectId: 'p' })
    expect(await isSupportedNetwork(api, 'eip155:1')).toBe(true)
  })
})
