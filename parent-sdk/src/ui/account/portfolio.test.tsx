// @vitest-environment jsdom
/** @jsxImportSource preact */
// usePortfolio against a small chain-api stand-in over real HTTP whose balance answer can fail: the loading
// flag, 'Token Balance Unavailable' on failure, SPEC §4's 30 s retry guard (no request while it holds, one
// after), and a network chain-api does not serve.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { render } from 'preact'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { createKeyframe, type Keyframe } from '../../core/createKeyframe.ts'
import { TOKEN_BALANCE_UNAVAILABLE, usePortfolio } from './portfolio.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const KFT = {
  name: 'Keyframe Token',
  symbol: 'KFT',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  value: 20,
  price: 2,
  quantity: { decimals: '18', numeric: '10' },
  iconUrl: 'http://127.0.0.1/public/getTokenImage/KFT',
}

let server: Server
let url = ''
let balanceFails = true
const balanceRequests: string[] = []
const instances: Keyframe[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    res.setHeader('content-type', 'application/json')
    if (path === '/v1/supported-chains') return res.end(JSON.stringify({ http: ['eip155:31337'], ws: [] }))
    if (path.endsWith('/balance')) {
      balanceRequests.push(path)
      if (balanceFails) {
        res.statusCode = 502
        return res.end(JSON.stringify({ code: 'chain_unavailable', message: TOKEN_BALANCE_UNAVAILABLE }))
      }
      return res.end(JSON.stringify({ balances: [KFT] }))
    }
    res.statusCode = 404
    res.end(JSON.stringify({ code: 'not_found', message: 'Not found' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

function Probe({ kf, chainId }: { kf: Keyframe; chainId: string }) {
  const portfolio = usePortfolio(kf, ADDRESS, chainId, 0)
  return (
    <p data-status={portfolio.status}>
      {portfolio.status === 'ready' ? portfolio.balances.map((b) => b.symbol).join(',') : ''}
    </p>
  )
}

/** Mounts the probe afresh (as the Account view mounts on each visit) and returns its status reader. */
function mount(kf: Keyframe, chainId = 'eip155:31337') {
  const host = document.createElement('div')
  document.body.append(host)
  render(<Probe kf={kf} chainId={chainId} />, host)
  return {
    status: () => host.querySelector('p')?.getAttribute('data-status'),
    unmount: () => render(null, host),
  }
}

function keyframe(): Keyframe {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Keyframe Local' }],
    chainApiUrl: url,
    announceProvider: false,
    storage: null,
  })
  instances.push(kf)
  return kf
}

test('loading, then a failure: the toast, and no new request for 30 s; after 30 s it asks again', async () => {
  balanceFails = true
  balanceRequests.length = 0
  const kf = keyframe()
  const first = mount(kf)
  expect(first.status()).toBe('loading')
  await vi.waitFor(() => expect(first.status()).toBe('failed'))
  expect(kf.getState().toast?.message).toBe(TOKEN_BALANCE_UNAVAILABLE)
  expect(balanceRequests).toHaveLength(1)
  first.unmount()

  // Within the guard: shown as unavailable at once, without asking.
  balanceFails = false
  const now = Date.now()
  vi.spyOn(Date, 'now').mockReturnValue(now + 29_000)
  const again = mount(kf)
  await vi.waitFor(() => expect(again.status()).toBe('failed'))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(balanceRequests).toHaveLength(1)
  again.unmount()

  // Control: past 30 s the same mount asks, and shows the balances.
  vi.spyOn(Date, 'now').mockReturnValue(now + 30_001)
  const later = mount(kf)
  await vi.waitFor(() => expect(later.status()).toBe('ready'))
  expect(balanceRequests).toHaveLength(2)
  expect(document.body.textContent).toContain('KFT')
})

test('a network chain-api does not serve: unavailable with the toast, and no balance request', async () => {
  balanceRequests.length = 0
  const kf = keyframe()
  const probe = mount(kf, 'eip155:1')
  await vi.waitFor(() => expect(probe.status()).toBe('failed'))
  expect(kf.getState().toast?.message).toBe(TOKEN_BALANCE_UNAVAILABLE)
  expect(balanceRequests).toEqual([])
})
