// @vitest-environment jsdom
// Connecting an injected wallet through the modal, as a person does: the wallet announces itself (EIP-6963),
// the Connect view lists it, a click asks the wallet; the wallet here is a real EIP-1193 object answering
// the wallet methods (no chain is needed to connect).
import { afterEach, expect, test } from 'vitest'
import { announceWallet, createTestWallet, WALLET_ADDRESS } from '../../test/anvilWallet.ts'
import { disconnect, getAccount } from './connection.ts'
import { getActiveConnector } from './connectors.ts'
import { createKeyframe, type Keyframe } from './createKeyframe.ts'
import { connectInjected, getInjectedWallets, watchInjectedWallets } from './injected.ts'
import { getRecentWallets, RECENT_WALLETS_KEY } from './recentWallets.ts'

const instances: Keyframe[] = []
const stops: (() => void)[] = []

afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  await tick()
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

const shadow = () => document.querySelector('[data-keyframe-modal]')!.shadowRoot!
const view = () => shadow().querySelector('[role="dialog"]')?.getAttribute('data-view')
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
