// @vitest-environment jsdom
// The Account view of an injected wallet on a real chain (anvil), as a person sees it.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import {
  type Anvil,
  announceWallet,
  createTestWallet,
  rpc,
  startAnvil,
  WALLET_ADDRESS,
} from '../../../test/anvilWallet.ts'
import { shadow } from '../../../test/modal.ts'
import { createKeyframe, type Keyframe } from '../../core/createKeyframe.ts'
import { connectInjected } from '../../core/injectedConnect.ts'

let anvil: Anvil
const instances: Keyframe[] = []
const stops: (() => void)[] = []

beforeAll(async () => {
  anvil = await startAnvil(31337)
}, 30_000)
afterAll(() => anvil?.close())
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

/** An instance with the test wallet connected, the modal not opened yet. */
async function connected(explorer = true) {
  // 1.23789 ETH: two decimals, truncated, read as 1.23.
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [
    WALLET_ADDRESS,
    `0x${(1_237_890_000_000_000_000n).toString(16)}`,
  ])
  stops.push(announceWallet(createTestWallet([anvil]), { name: 'Test Wallet', rdns: 'io.test' }))
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [
      {
        id: 31337,
        name: 'Keyframe Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        ...(explorer ? { blockExplorers: { default: { name: 'Scan', url: 'https://scan.example/' } } } : {}),
      },
    ],
  })
  instances.push(kf)
  await connectInjected(kf, 'injected:io.test')
  return kf
}

async function openAccount(explorer = true) {
  const kf = await connected(explorer)
  await kf.open()
  // The view is a chunk of its own: wait for it, and for the balance it reads.
  await vi.waitFor(() => expect(text('[data-testid="kf-balance"]')).toMatch(/\d ETH$/), { timeout: 10_000 })
  return kf
}

const text = (selector: string) => shadow().querySelector(selector)?.textContent
const button = (name: string) =>
  [...shadow().querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as HTMLButtonElement

test('default: address 4 + 6, balance with 2 decimals and its symbol, network, explorer link', async () => {
  await openAccount()
  expect(shadow().querySelector('[role="dialog"]')?.getAttribute('data-view')).toBe('Account')
  expect(text('[data-testid="kf-address"]')).toBe('0x70...dc79C8')
  expect(text('[data-testid="kf-balance"]')).toBe('1.23 ETH')
  expect(button('Network: Keyframe Local')).toBeDefined()
  const link = shadow().querySelector('a')!
  expect(link.getAttribute('href')).toBe(`https://scan.example/address/${WALLET_ADDRESS}`)
  expect(link.getAttribute('target')).toBe('_blank')
  expect(link.getAttribute('rel')).toContain('noopener')
  expect(link.textContent).toBe('View on Scan')
})

test("behavior: open() resolves with the Account view on screen (its chunk, off the Connect view's path, loaded first)", async () => {
  const kf = await connected()
  await kf.open()
  expect(shadow().querySelector('[role="dialog"]')?.getAttribute('data-view')).toBe('Account')
  expect(shadow().querySelector('[role="status"][aria-label="Loading"]')).toBeNull()
  expect(button('Disconnect')).toBeDefined()
  expect(text('[data-testid="kf-address"]')).toBe('0x70...dc79C8')
})

test('behavior: no explorer link when the network has no explorer', async () => {
  await openAccount(false)
  expect(shadow().querySelector('a')).toBeNull()
})

test('behavior: Copy address puts the full address on the clipboard and says "Address copied"', async () => {
  const writeText = vi.fn(async (_: string) => {})
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
  const kf = await openAccount()
  button('Copy address').click()
  await vi.waitFor(() => expect(kf.getState().toast?.message).toBe('Address copied'))
  expect(writeText).toHaveBeenCalledWith(WALLET_ADDRESS)
  expect(text('.kf-toasts')).toContain('Address copied')
})

test('behavior: Send and the network button lead to their views', async () => {
  const kf = await openAccount()
  button('Send').click()
  await vi.waitFor(() => expect(kf.getState().view).toBe('Send'))
  kf._internal.goBack()
  await vi.waitFor(() => expect(button('Network: Keyframe Local')).toBeDefined())
  button('Network: Keyframe Local').click()
  await vi.waitFor(() => expect(kf.getState().view).toBe('Networks'))
})
