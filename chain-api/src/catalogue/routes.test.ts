import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { catalogue } from './catalogue.ts'
import { catalogueModule } from './module.ts'
import { svgImage } from './svgImage.ts'

let api: TestChainApi
beforeAll(async () => {
  api = await startTestChainApi({ modules: [catalogueModule], config: { analyticsEnabled: true } })
}, 60_000)
afterAll(() => api?.close())

const json = async (res: Response) => ({ status: res.status, body: await res.json() })
const idOf = (name: string) => catalogue().find((w) => w.name === name)!.id
type Page = { data: { id: string; name: string; chains: string[] }[]; count: number }

describe('GET /getWallets', () => {
  test('default: the first 40 in curated order with the total count', async () => {
    const { status, body } = await json(await api.get('/getWallets'))
    expect(status).toBe(200)
    expect(body.count).toBe(catalogue().length)
    expect(body.data).toEqual(catalogue().slice(0, 40))
    expect(body.data[0]).toEqual({
      id: createHash('sha256').update('io.metamask').digest('hex'),
      image_id: createHash('sha256').update('io.metamask').digest('hex'),
      name: 'MetaMask',
      rdns: 'io.metamask',
      chains: ['eip155:1', 'eip155:10', 'eip155:56', 'eip155:137', 'eip155:8453', 'eip155:42161'],
      mobile_link: 'metamask://',
      desktop_link: null,
      webapp_link: null,
      homepage: 'https://metamask.io/',
      badge_type: 'none',
    })
  })

  test('parameters: pages of 40 go through every wallet once', async () => {
    const seen: string[] = []
    for (let page = 1; page <= 2; page++) {
      const body = (await (await api.get('/getWallets', { page })).json()) as Page
      expect(body.data).toHaveLength(page === 1 ? 40 : catalogue().length - 40)
      expect(body.count).toBe(catalogue().length)
      seen.push(...body.data.map((w) => w.id))
    }
    expect(seen).toEqual(catalogue().map((w) => w.id))
  })

  test('parameters: search (trimmed, any case), include, exclude, chains, badge_type', async () => {
    const get = async (query: Record<string, string>) =>
      (await (await api.get('/getWallets', query)).json()) as Page
    expect((await get({ search: '  RAINBOW ' })).data.map((w) => w.name)).toEqual(['Rainbow'])
    const include = `${idOf('Safe')},${idOf('MetaMask')},${idOf('Safe')}`
    expect(await get({ include })).toMatchObject({ count: 2, data: [{ name: 'MetaMask' }, { name: 'Safe' }] })
    expect((await get({ exclude: idOf('MetaMask') })).data.map((w) => w.name)).not.toContain('MetaMask')
    const solana = await get({
      chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp,eip155:43114',
      entries: '100',
    })
    expect(
      solana.data.every(
        (w) => w.chains.includes('eip155:43114') || w.chains.some((c) => c.startsWith('solana:')),
      ),
    ).toBe(true)
    expect(solana.data.map((w) => w.name)).toContain('Phantom')
    expect(await get({ badge_type: 'certified' })).toEqual({ data: [], count: 0 })
  })

  test('error: bad input is a 400 with the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ page: '0' }, 'page: Expected a positive integer'],
      [{ entries: '101' }, 'entries: Expected at most 100'],
      [{ entries: 'ten' }, 'entries: Expected a positive integer'],
      [{ include: 'metamask' }, 'include: Invalid wallet id'],
      [{ chains: 'ethereum' }, 'chains: Invalid CAIP-2 network id'],
      [{ badge_type: 'gold' }, 'badge_type: Expected none or certified'],
    ]
    for (const [query, message] of cases)
      expect(await json(await api.get('/getWallets', query))).toEqual({
        status: 400,
        body: { code: 'invalid_params', message },
      })
  })

  test('error: a missing or unknown project', async () => {
    expect(await json(await api.get('/getWallets', { projectId: undefined }))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'projectId: Required' },
    })
    expect(await json(await api.get('/getWallets', { projectId: 'nope' }))).toEqual({
      status: 403,
      body: { code: 'invalid_key', message: 'Invalid key' },
    })
  })
})

describe('images', () => {
  /** The label drawn in an SVG answer (its well-formedness is proven once, in `svgImage.test.ts`). */
  const labelOf = (svg: string) => svg.match(/<text [^>]*>([^<]*)<\/text>/)?.[1]

  test("default: a wallet's image is its initials as SVG, cacheable, fetchable from any page", async () => {
    const res = await api.get(`/getWalletImage/${idOf('Trust Wallet')}`, {}, { origin: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'")
    const id = idOf('Trust Wallet')
    expect(await res.text()).toBe(svgImage({ id, label: 'TW' }))
  })

  test('behavior: an unchanged image answers 304 to its ETag', async () => {
    const path = `/getWalletImage/${idOf('MetaMask')}`
    const etag = (await api.get(path)).headers.get('etag')!
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    const again = await api.get(path, {}, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  test('default: asset, currency and token images for any id', async () => {
    for (const [path, label] of [
      ['/public/getAssetImage/ETH', 'ETH'],
      ['/public/getCurrencyImage/USD', 'USD'],
      ['/public/getTokenImage/kUSD', 'kUSD'],
      ['/public/getTokenImage/wrapped-ether', 'WE'],
    ] as const) {
      const res = await api.get(path, { projectId: undefined, st: undefined, sv: undefined })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      const svg = await res.text()
      expect(svg).toBe(svgImage({ id: path.split('/').pop()!, label }))
      expect(labelOf(svg)).toBe(label)
    }
  })

  test('error: an unknown wallet image is 404, a malformed id 400', async () => {
    expect(await json(await api.get(`/getWalletImage/${'0'.repeat(64)}`))).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Unknown wallet image' },
    })
    expect(await json(await api.get('/public/getTokenImage/a%3Cb'))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'id: Invalid image id' },
    })
  })
})

describe('GET /getAnalyticsConfig', () => {
  test('default: the configured switch', async () => {
    expect(await json(await api.get('/getAnalyticsConfig'))).toEqual({
      status: 200,
      body: { isAnalyticsEnabled: true },
    })
  })
})

describe('contract', () => {
  test('behavior: answers match openapi.yaml', async () => {
    const checks: [string, Response][] = [
      ['/getWallets', await api.get('/getWallets', { entries: 100 })],
      ['/getWallets', await api.get('/getWallets', { entries: 101 })],
      ['/getWallets', await api.get('/getWallets', { projectId: 'nope' })],
      ['/getWalletImage/{id}', await api.get(`/getWalletImage/${idOf('Rabby')}`)],
      ['/getWalletImage/{id}', await api.get(`/getWalletImage/${'0'.repeat(64)}`)],
      ['/public/getAssetImage/{id}', await api.get('/public/getAssetImage/KFT')],
      ['/public/getCurrencyImage/{id}', await api.get('/public/getCurrencyImage/EUR')],
      ['/public/getTokenImage/{id}', await api.get('/public/getTokenImage/a%3Cb')],
      ['/getAnalyticsConfig', await api.get('/getAnalyticsConfig')],
    ]
    for (const [template, res] of checks) await expectMatchesSpec('get', template, res)
  })
})
