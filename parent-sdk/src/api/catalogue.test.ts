import { createHash } from 'node:crypto'
import { catalogueModule } from '@keyframe/chain-api/modules/catalogue'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ChainApiError } from './chainApiError.ts'
import { getAnalyticsConfig } from './getAnalyticsConfig.ts'
import { getWallets } from './getWallets.ts'
import { publicImageUrl } from './publicImageUrl.ts'
import { startTestApi, type TestApi } from './testing/startTestApi.ts'
import { walletImageUrl } from './walletImageUrl.ts'

const idOf = (rdns: string) => createHash('sha256').update(rdns).digest('hex')
const METAMASK = idOf('io.metamask')

// A real server over real chains on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let t: TestApi
beforeAll(async () => {
  t = await startTestApi({ modules: [supportedModule, catalogueModule], config: { analyticsEnabled: true } })
}, 60_000)
afterAll(() => t.close())

describe('getWallets', () => {
  test('default: the first page of the curated list, with the count of all wallets', async () => {
    const { data, count } = await getWallets(t.api)
    expect(data.length).toBeGreaterThan(0)
    expect(data.length).toBeLessThanOrEqual(40)
    expect(count).toBeGreaterThanOrEqual(data.length)
    expect(data[0]).toMatchObject({ id: METAMASK, name: 'MetaMask', rdns: 'io.metamask' })
  })

  test('parameters: page and entries', async () => {
    const first = await getWallets(t.api, { page: 1, entries: 2 })
    const second = await getWallets(t.api, { page: 2, entries: 2 })
    expect(first.data).toHaveLength(2)
    expect(second.data).toHaveLength(2)
    expect(second.count).toBe(first.count)
    expect(second.data.map((w) => w.id)).not.toContain(first.data[0]!.id)
  })

  test('parameters: search, include, exclude, chains', async () => {
    expect((await getWallets(t.api, { search: '  metaMASK ' })).data.map((w) => w.name)).toEqual(['MetaMask'])
    const rainbow = idOf('me.rainbow')
    expect((await getWallets(t.api, { include: [METAMASK, rainbow] })).data.map((w) => w.id).sort()).toEqual(
      [METAMASK, rainbow].sort(),
    )
    const excluded = await getWallets(t.api, { exclude: [METAMASK], entries: 100 })
    expect(excluded.data.map((w) => w.id)).not.toContain(METAMASK)
    const solana = await getWallets(t.api, {
      chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      entries: 100,
    })
    expect(solana.data.length).toBeGreaterThan(0)
    for (const wallet of solana.data)
      expect(wallet.chains).toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  test('behavior: empty lists are not sent', async () => {
    const before = t.requests.length
    const all = await getWallets(t.api, { include: [], entries: 100 })
    expect(all.count).toBeGreaterThan(1)
    expect(t.requests.length - before).toBe(1)
  })

  test("error: entries over 100 is the server's 400", async () => {
    const error = await getWallets(t.api, { entries: 101 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 400, code: 'invalid_params' })
    expect((error as Error).message).toBe('entries: Expected at most 100')
  })
})

describe('walletImageUrl / publicImageUrl', () => {
  test('default: the URLs serve SVG images, without project parameters', async () => {
    const url = walletImageUrl(t.api, METAMASK)
    expect(url).toBe(`${t.server.url}/getWalletImage/${METAMASK}`)
    const image = await fetch(url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await image.text()).toMatch(/^<svg[\s>]/)
    for (const kind of ['asset', 'currency', 'token'] as const) {
      const response = await fetch(publicImageUrl(t.api, kind, 'ETH'))
      expect(response.status).toBe(200)
      expect(await response.text()).toMatch(/^<svg[\s>]/)
    }
  })

  test('behavior: an unknown wallet id has no image (404)', async () => {
    expect((await fetch(walletImageUrl(t.api, '0'.repeat(64)))).status).toBe(404)
  })
})

describe('getAnalyticsConfig', () => {
  test('default: the server switch, asked once', async () => {
    const before = t.count('GET /getAnalyticsConfig')
    expect(await getAnalyticsConfig(t.api)).toEqual({ isAnalyticsEnabled: true })
    expect(await getAnalyticsConfig(t.api)).toEqual({ isAnalyticsEnabled: true })
    expect(t.count('GET /getAnalyticsConfig') - before).toBe(1)
  })
})
