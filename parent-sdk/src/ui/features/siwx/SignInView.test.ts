// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest'
import { shadow } from '../../../../test/modal.ts'
import { SIGNING_WALLET_ID, signingWallet } from '../../../../test/signingWallet.ts'
import type { Connector } from '../../../connectors/types.ts'
import { createKeyframe, type Keyframe } from '../../../core/createKeyframe.ts'
import { getInjectedWallets } from '../../../core/injected.ts'
import { connectInjected } from '../../../core/injectedConnect.ts'
import type { KeyframeState } from '../../../core/store.ts'
import { createSiwx } from '../../../siwx/createSiwx.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const instances: Keyframe[] = []

const stops: (() => void)[] = []

afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  document.body.innerHTML = ''
})

/** A modal on the sign-in view for an account connected on Anvil through `wallet`, in the sign-in state `siwx`. */
async function signInView(siwx: KeyframeState['siwx'], wallet?: Pick<Connector, 'type' | 'name'>) {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Anvil' }],
    metadata: { name: 'Demo dApp', description: '', url: 'http://localhost', icons: [] },
  })
  instances.push(kf)
  const { connections } = kf.getState()
  const refuse = () => Promise.reject(new Error('not in this test'))
  const connector: Connector | undefined = wallet && {
    ...wallet,
    id: wallet.type,
    namespace: 'eip155',
    getProvider: refuse,
    switchChain: refuse,
    disconnect: refuse,
  }
  kf._internal.store.setState({
    siwx,
    activeConnectors: connector ? { eip155: connector } : {},
    connections: {
      ...connections,
      eip155: {
        status: 'connected',
        address: ADDRESS,
        chainId: 'eip155:31337',
        caipAddress: `eip155:31337:${ADDRESS}`,
      },
    },
  })
  await kf.open({ view: 'SIWXSignMessage' })
  await vi.waitFor(() => expect(shadow().querySelector('.kf-siwx')).not.toBeNull())
  return kf
}

const IDLE = {
  view: 'SIWXSignMessage',
  required: false,
  session: undefined,
  status: 'idle',
  error: undefined,
} as const
const INJECTED = { name: 'Dev Wallet', type: 'injected' } as const

const text = () => shadow().querySelector('.kf-siwx')?.textContent ?? ''
const buttons = () => [...shadow().querySelectorAll<HTMLButtonElement>('.kf-siwx button')]

test('default: who asks, what it costs, the account and network; Cancel and Sign', async () => {
  await signInView(IDLE, INJECTED)
  expect(shadow().querySelector('h2')?.textContent).toBe('Sign in')
  expect(shadow().querySelector('h3')?.textContent).toBe('Sign in to Demo dApp')
  expect(text()).toContain(
    `${location.host} asks you to sign a message with your wallet to prove this address is yours. It costs nothing and sends no transaction.`,
  )
  const address = shadow().querySelector('[data-testid="kf-siwx-address"]')
  expect(address?.textContent).toBe('0x70...dc79C8')
  expect(address?.getAttribute('title')).toBe(ADDRESS)
  expect(text()).toContain('Anvil')
  expect(text()).not.toContain('Cancelling disconnects your wallet.')
  expect(buttons().map((b) => b.textContent)).toEqual(['Cancel', 'Sign'])
  expect(shadow().querySelector('[role="alert"]')?.textContent).toBe('')
})

test('behavior: required says Cancel disconnects, and the close control is the router’s to disable', async () => {
  await signInView({ ...IDLE, required: true })
  expect(text()).toContain('Cancelling disconnects your wallet.')
})

test('behavior: while an injected wallet signs, Sign says Signing… (aria-disabled) and names the wallet', async () => {
  await signInView({ ...IDLE, status: 'signing' }, INJECTED)
  const sign = buttons()[1]!
  expect(sign.textContent).toBe('Signing…')
  expect(sign.getAttribute('aria-disabled')).toBe('true')
  expect(shadow().querySelector('.kf-siwx [role="status"]')?.textContent).toBe('Confirm in Dev Wallet')
})

test('behavior: a WalletConnect wallet app not chosen by name is "your wallet app"', async () => {
  await signInView({ ...IDLE, status: 'signing' }, { name: 'WalletConnect', type: 'walletConnect' })
  expect(shadow().querySelector('.kf-siwx [role="status"]')?.textContent).toBe('Confirm in your wallet app')
})

test('behavior: the embedded wallet signs in its own approval: no Confirm in hint', async () => {
  await signInView({ ...IDLE, status: 'signing' }, { name: 'Keyframe', type: 'embedded' })
  expect(text()).not.toContain('Confirm in')
})

test('behavior: a declined signature shows in an alert, and Sign is offered again', async () => {
  await signInView({ ...IDLE, error: 'Signature declined' }, INJECTED)
  expect(shadow().querySelector('[role="alert"]')?.textContent).toBe('Signature declined')
  expect(buttons()[1]?.textContent).toBe('Sign')
  expect(buttons()[1]?.hasAttribute('aria-disabled')).toBe(false)
})

test('behavior: on a site without sign-in the view says so', async () => {
  await signInView(undefined)
  expect(shadow().querySelector('.kf-siwx .kf-note')?.textContent).toBe('Sign-in is not set up on this site.')
  expect(buttons()).toEqual([])
})

/** A dApp with sign-in (`required` or not) and MetaMask connected: the modal asks on the sign-in view. */
async function connectedWithSignIn(required: boolean) {
  const { wallet, stop } = signingWallet()
  stops.push(stop)
  let n = 0
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Anvil' }],
    announceProvider: false,
    siwx: createSiwx({ getNonce: async () => `n0nce${++n}abcdefgh`, storage: null, required }),
  })
  instances.push(kf)
  await vi.waitFor(() => expect(getInjectedWallets(kf).map((w) => w.id)).toContain(SIGNING_WALLET_ID))
  await connectInjected(kf, SIGNING_WALLET_ID)
  await vi.waitFor(() => expect(buttons().map((b) => b.textContent)).toEqual(['Cancel', 'Sign']))
  return { kf, wallet }
}

test('behavior: Sign has the wallet sign; declined, the alert says so and Sign signs in on the next press', async () => {
  const { kf, wallet } = await connectedWithSignIn(false)
  expect(text()).toContain('Sign in to ')
  wallet.decline = true
  buttons()[1]!.click()
  await vi.waitFor(() =>
    expect(shadow().querySelector('[role="alert"]')?.textContent).toBe('Signature declined'),
  )
  expect(kf.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })

  wallet.decline = false
  buttons()[1]!.click()
  await vi.waitFor(() => expect(kf.getState().open).toBe(false))
  expect(kf.getState().siwx?.session?.data.accountAddress).toBe(ADDRESS)
  expect(wallet.calls.filter((m) => m === 'personal_sign')).toHaveLength(2)
})

test('behavior: Cancel closes an optional sign-in, still connected; a required one disconnects', async () => {
  const optional = await connectedWithSignIn(false)
  buttons()[0]!.click()
  await vi.waitFor(() => expect(optional.kf.getState().open).toBe(false))
  expect(optional.kf.getState().connections.eip155.status).toBe('connected')
  optional.kf.destroy()
  document.body.innerHTML = ''

  const required = await connectedWithSignIn(true)
  expect(text()).toContain('Cancelling disconnects your wallet.')
  buttons()[0]!.click()
  await vi.waitFor(() => expect(required.kf.getState().connections.eip155.status).toBe('disconnected'))
  expect(required.kf.getState().siwx?.session).toBeUndefined()
})
