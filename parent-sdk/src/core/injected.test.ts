// @vitest-environment jsdom
// Connecting an injected wallet through the modal, as a person does: the wallet announces itself (EIP-6963),
// the Connect view lists it, a click asks the wallet; the wallet here is a real EIP-1193 object answering
// the wallet methods (no chain is needed to connect).
import { afterEach, describe, expect, test, vi } from 'vitest'
import { announceWallet, createTestWallet, type TestWallet, WALLET_ADDRESS } from '../../test/anvilWallet.ts'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { frameCreatedByKeyframe, ok, USER } from '../../test/frameFlow.ts'
import { shadow, view } from '../../test/modal.ts'
import { getAccount, getConnection } from './account.ts'
import { CONNECTED_CONNECTOR_KEY } from './connectedConnector.ts'
import { disconnect } from './connection.ts'
import { getActiveConnector } from './connectors.ts'
import { createKeyframe, type Keyframe } from './createKeyframe.ts'
import { getInjectedWallets, watchInjectedWallets } from './injected.ts'
import { connectInjected } from './injectedConnect.ts'
import * as onDemand from './injectedOnDemand.ts'
import { saveLogin } from './loginCache.ts'
import { getRecentWallets, RECENT_WALLETS_KEY } from './recentWallets.ts'

const instances: Keyframe[] = []
const stops: (() => void)[] = []

afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  await tick()
  delete (window as { ethereum?: unknown }).ethereum
  localStorage.clear()
  document.body.innerHTML = ''
})

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Keyframe Local' }],
  })
  instances.push(kf)
  return kf
}

function wallet(name: string, rdns: string) {
  const provider = createTestWallet([{ chainId: 31337, rpcUrl: '', close: async () => {} }])
  stops.push(announceWallet(provider, { name, rdns }))
  return provider
}

const bodyText = () => shadow().querySelector('.kf-body')?.textContent
function button(name: string): HTMLButtonElement {
  const found = [...shadow().querySelectorAll('button')].find((b) => b.textContent?.trim() === name)
  if (!found)
    throw new Error(
      `No button named ${name}: ${[...shadow().querySelectorAll('button')].map((b) => b.textContent)}`,
    )
  return found
}

test('default: connecting from the Connect view sets the eip155 connection and closes the modal', async () => {
  const metamask = wallet('MetaMask', 'io.metamask')
  const kf = setup()
  await kf.open()
  const item = button('MetaMask')
  expect(item.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\//)
  item.click()
  await tick()
  expect(getAccount(kf)).toMatchObject({
    status: 'connected',
    namespace: 'eip155',
    address: WALLET_ADDRESS,
    caipAddress: `eip155:31337:${WALLET_ADDRESS}`,
    chainId: 'eip155:31337',
  })
  expect(getActiveConnector(kf)).toMatchObject({ id: 'injected:io.metamask', type: 'injected' })
  expect(kf.getState().open).toBe(false)
  expect(getRecentWallets(kf)).toEqual([{ id: 'injected:io.metamask', name: 'MetaMask' }])

  // The wallet's own changes reach the account; an empty account list is a disconnect.
  metamask.emit('chainChanged', '0x7a6a')
  expect(getAccount(kf).chainId).toBe('eip155:31338')
  metamask.emit('accountsChanged', [])
  expect(getAccount(kf).status).toBe('disconnected')
  expect(getActiveConnector(kf)).toBeUndefined()
  // A wallet that dropped the account is not restored on the next start.
  expect(localStorage.getItem(CONNECTED_CONNECTOR_KEY)).toBeNull()
})

test('behavior: ConnectingExternal says "Continue in {name}", then "Connection declined" with Try again', async () => {
  const metamask = wallet('MetaMask', 'io.metamask')
  let answer: (accounts: string[]) => void = () => {}
  const request = metamask.request
  metamask.request = (args) =>
    args.method === 'eth_requestAccounts' && !metamask.approve.connect
      ? Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
      : args.method === 'eth_requestAccounts'
        ? new Promise((resolve) => (answer = resolve))
        : request(args)
  const kf = setup()
  await kf.open()
  metamask.approve.connect = false
  button('MetaMask').click()
  await tick()
  expect(view()).toBe('ConnectingExternal')
  expect(bodyText()).toContain('Connection declined')
  expect(getAccount(kf).status).toBe('disconnected')

  metamask.approve.connect = true
  button('Try again').click()
  await tick()
  expect(bodyText()).toContain('Continue in MetaMask')
  expect(shadow().querySelector('.kf-body img')?.getAttribute('src')).toMatch(/^data:image\//)
  answer([WALLET_ADDRESS])
  await tick()
  await tick()
  expect(getAccount(kf).status).toBe('connected')
  expect(kf.getState().open).toBe(false)
})

test('error: connectInjected rejects with UserRejectedRequestError (4001) when the person declines', async () => {
  const metamask = wallet('MetaMask', 'io.metamask')
  metamask.approve.connect = false
  const kf = setup()
  await expect(connectInjected(kf, 'injected:io.metamask')).rejects.toMatchObject({
    name: 'UserRejectedRequestError',
    code: 4001,
  })
  await expect(connectInjected(kf, 'injected:nope')).rejects.toThrow(
    'Keyframe: no injected wallet "injected:nope"; the page offers "injected:io.metamask".',
  )
})

test("behavior: the @keyframe/sdk entry's connectInjected loads injectedConnect.ts on first call and connects", async () => {
  wallet('MetaMask', 'io.metamask')
  const kf = setup()
  const { address, chainId } = await onDemand.connectInjected(kf, 'injected:io.metamask')
  expect(chainId).toBe('eip155:31337')
  expect(getConnection(kf)).toMatchObject({ status: 'connected', address, chainId })
  await expect(onDemand.connectInjected(kf, 'injected:nope')).rejects.toThrow(
    'no injected wallet "injected:nope"',
  )
})

test('behavior: recent wallets are the last 2 connected, newest first, listed first and labelled Recent', async () => {
  wallet('MetaMask', 'io.metamask')
  wallet('Rabby', 'io.rabby')
  wallet('Zerion', 'io.zerion')
  const kf = setup()
  for (const id of [
    'injected:io.zerion',
    'injected:io.metamask',
    'injected:io.rabby',
    'injected:io.metamask',
  ]) {
    await connectInjected(kf, id)
  }
  expect(getRecentWallets(kf)).toEqual([
    { id: 'injected:io.metamask', name: 'MetaMask' },
    { id: 'injected:io.rabby', name: 'Rabby' },
  ])
  expect(JSON.parse(localStorage.getItem(RECENT_WALLETS_KEY)!)).toHaveLength(2)
  await disconnect(kf)
  await kf.open()
  const items = [...shadow().querySelectorAll('.kf-wallets button')].map((b) => b.textContent)
  expect(items).toEqual(['MetaMaskRecent', 'RabbyRecent', 'Zerion'])
})

test('behavior: disconnect() revokes the injected wallet’s permission and disconnects eip155 only', async () => {
  const metamask = wallet('MetaMask', 'io.metamask')
  const kf = setup()
  await connectInjected(kf, 'injected:io.metamask')
  await disconnect(kf)
  expect(metamask.calls.at(-1)).toBe('wallet_revokePermissions')
  expect(getAccount(kf).status).toBe('disconnected')
  expect(getActiveConnector(kf)).toBeUndefined()
  expect(metamask.listenerCount()).toBe(0)
  expect(localStorage.getItem(CONNECTED_CONNECTOR_KEY)).toBeNull()
})

test('behavior: a connect overtaken by a newer one leaves no listener on its wallet', async () => {
  const metamask = wallet('MetaMask', 'io.metamask')
  const rabby = wallet('Rabby', 'io.rabby')
  // MetaMask's prompt stays open while the person picks Rabby instead; MetaMask answers last.
  let answer: (accounts: string[]) => void = () => {}
  const request = metamask.request
  metamask.request = (args) =>
    args.method === 'eth_requestAccounts' ? new Promise((resolve) => (answer = resolve)) : request(args)
  const kf = setup()
  const first = connectInjected(kf, 'injected:io.metamask')
  await connectInjected(kf, 'injected:io.rabby')
  answer([WALLET_ADDRESS])
  await first
  expect(getActiveConnector(kf)?.id).toBe('injected:io.rabby')
  expect(metamask.listenerCount()).toBe(0)
  expect(rabby.listenerCount()).toBe(3)

  // A connector another one takes over from stops listening too.
  metamask.request = request
  await connectInjected(kf, 'injected:io.metamask')
  expect(rabby.listenerCount()).toBe(0)
  expect(metamask.listenerCount()).toBe(3)
  kf.destroy()
  expect(metamask.listenerCount()).toBe(0)
})

test('behavior: the list follows announcements while watched; nothing stays on window once unwatched', async () => {
  const kf = setup()
  expect(getInjectedWallets(kf)).toEqual([])
  const seen: string[][] = []
  const unwatch = watchInjectedWallets(kf, { onChange: (wallets) => seen.push(wallets.map((w) => w.id)) })
  wallet('MetaMask', 'io.metamask')
  expect(seen).toEqual([['injected:io.metamask']])
  const listed = getInjectedWallets(kf)
  expect(getInjectedWallets(kf)).toBe(listed)
  unwatch()
  const announced = new CustomEvent('eip6963:announceProvider', { detail: {} })
  window.dispatchEvent(announced)
  expect(getInjectedWallets(kf).map((w) => w.id)).toEqual(['injected:io.metamask'])
})

describe('restore on start (SPEC §4)', () => {
  let frames: ReturnType<typeof installFakeFrames> | undefined
  afterEach(() => {
    frames?.restore()
    frames = undefined
  })

  const stored = () => JSON.parse(localStorage.getItem(CONNECTED_CONNECTOR_KEY) ?? 'null')
  /** The page before the reload connected `id`, then went away. */
  const connectedBefore = (id: string) =>
    localStorage.setItem(CONNECTED_CONNECTOR_KEY, JSON.stringify({ eip155: id }))
  /** `wallet` answers `eth_accounts` with `accounts` (a locked wallet, a revoked site: none). */
  function accountsOf(provider: TestWallet, accounts: string[]) {
    const request = provider.request
    provider.request = async (args) => {
      const answer = await request(args)
      return args.method === 'eth_accounts' ? accounts : answer
    }
  }

  test('default: after a reload the wallet is connected again through eth_accounts, without a prompt', async () => {
    const metamask = wallet('MetaMask', 'io.metamask')
    const before = setup()
    await connectInjected(before, 'injected:io.metamask')
    expect(stored()).toEqual({ eip155: 'injected:io.metamask' })
    before.destroy()
    expect(metamask.listenerCount()).toBe(0)
    metamask.calls.splice(0)

    const kf = setup()
    expect(getAccount(kf).status).toBe('connecting')
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(getAccount(kf)).toMatchObject({ address: WALLET_ADDRESS, chainId: 'eip155:31337' })
    expect(getActiveConnector(kf)).toMatchObject({ id: 'injected:io.metamask', type: 'injected' })
    expect(metamask.calls).toEqual(['eth_accounts', 'eth_chainId'])
    expect(kf.getState().open).toBe(false)
    expect(kf._internal.frameStarted()).toBe(false)
    // It follows the wallet as after a connect.
    metamask.emit('chainChanged', '0x7a6a')
    expect(getAccount(kf).chainId).toBe('eip155:31338')
  })

  test('behavior: a wallet with no account for the site → disconnected, and it is forgotten', async () => {
    const metamask = wallet('MetaMask', 'io.metamask')
    accountsOf(metamask, [])
    connectedBefore('injected:io.metamask')
    const kf = setup()
    expect(getAccount(kf).status).toBe('connecting')
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('disconnected'))
    expect(metamask.calls).toEqual(['eth_accounts'])
    expect(getActiveConnector(kf)).toBeUndefined()
    expect(stored()).toBeNull()
    expect(metamask.listenerCount()).toBe(0)
  })

  test('behavior: a wallet that never answers eth_accounts → disconnected after 5 s, and it is forgotten', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const metamask = wallet('MetaMask', 'io.metamask')
      const request = metamask.request
      metamask.request = (args) => (args.method === 'eth_accounts' ? new Promise(() => {}) : request(args))
      connectedBefore('injected:io.metamask')
      const kf = setup()
      await vi.advanceTimersByTimeAsync(4_900)
      expect(getAccount(kf).status).toBe('connecting')
      await vi.advanceTimersByTimeAsync(200)
      expect(getAccount(kf).status).toBe('disconnected')
      expect(stored()).toBeNull()
      expect(metamask.listenerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: the wallet gone from the page → disconnected after a short wait, and it is forgotten', async () => {
    wallet('Rabby', 'io.rabby')
    connectedBefore('injected:io.metamask')
    const started = Date.now()
    const kf = setup()
    expect(getAccount(kf).status).toBe('connecting')
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('disconnected'), { timeout: 2000 })
    expect(Date.now() - started).toBeLessThan(1500)
    expect(stored()).toBeNull()
  })

  test('behavior: a wallet announcing itself late, and a plain window.ethereum, are restored', async () => {
    connectedBefore('injected:io.metamask')
    const metamask = createTestWallet([{ chainId: 31337, rpcUrl: '', close: async () => {} }])
    const kf = setup()
    setTimeout(() => stops.push(announceWallet(metamask, { name: 'MetaMask', rdns: 'io.metamask' })), 100)
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(metamask.calls).toEqual(['eth_accounts', 'eth_chainId'])

    const ethereum = createTestWallet([{ chainId: 31338, rpcUrl: '', close: async () => {} }])
    ;(window as { ethereum?: unknown }).ethereum = ethereum
    connectedBefore('injected')
    const again = setup()
    await vi.waitFor(() => expect(getAccount(again).status).toBe('connected'))
    expect(getAccount(again).chainId).toBe('eip155:31338')
    expect(getActiveConnector(again)?.id).toBe('injected')
    expect(ethereum.calls).toEqual(['eth_accounts', 'eth_chainId'])
  })

  test('behavior: the connection made last wins over an earlier e-mail login, and the other way round', async () => {
    frames = installFakeFrames()
    const metamask = wallet('MetaMask', 'io.metamask')
    saveLogin(localStorage, { email: USER.email, chainId: 'eip155:31337' })
    connectedBefore('injected:io.metamask')
    const kf = setup()
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(getActiveConnector(kf)?.id).toBe('injected:io.metamask')
    expect(kf._internal.frameStarted()).toBe(false)
    kf.destroy()

    // The e-mail login came after the wallet: the frame restores it, the wallet is not asked.
    metamask.calls.splice(0)
    connectedBefore('embedded')
    const next = setup()
    expect(getAccount(next).status).toBe('connecting')
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await vi.waitFor(() => expect(getAccount(next).status).toBe('connected'))
    expect(getAccount(next).address).toBe(USER.address)
    expect(getActiveConnector(next)?.id).toBe('embedded')
    expect(metamask.calls).toEqual([])
    expect(stored()).toEqual({ eip155: 'embedded' })
  })

  test('behavior: a wallet that cannot be restored gives way to the e-mail login stored before it', async () => {
    frames = installFakeFrames()
    saveLogin(localStorage, { email: USER.email, chainId: 'eip155:31337' })
    connectedBefore('injected:io.metamask')
    const kf = setup()
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(getActiveConnector(kf)?.id).toBe('embedded')
    // The e-mail login is now the one that connected last.
    expect(stored()).toEqual({ eip155: 'embedded' })
  })

  test('behavior: destroy during the wait leaves nothing behind and changes nothing', async () => {
    connectedBefore('injected:io.metamask')
    const kf = setup()
    kf.destroy()
    // No one listens for the wallet any more: announcing it now asks it nothing.
    const metamask = wallet('MetaMask', 'io.metamask')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(metamask.calls).toEqual([])
    expect(getAccount(kf).status).toBe('connecting')
    expect(stored()).toEqual({ eip155: 'injected:io.metamask' })
  })
})
