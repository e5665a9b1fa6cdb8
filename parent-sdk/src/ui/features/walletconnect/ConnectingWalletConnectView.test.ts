// @vitest-environment jsdom
// The ConnectingWalletConnect view in the real modal, over the instance's own store: the pairing's states as
// the WalletConnect core writes them, and what a person sees and can press in each. (The pairing itself, over
// a relay with a wallet, is e2e/tests/walletconnect*.spec.ts; the touch screen's deep link too.)
import { afterEach, describe, expect, test, vi } from 'vitest'
import { shadow, view } from '../../../../test/modal.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../../../core/createKeyframe.ts'
import {
  getWalletConnect,
  type WalletConnectState,
  type WalletConnectTarget,
} from '../../../core/walletConnect.ts'
import { qrPath } from '../../qr/qrPath.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
  walletConnect: { relayUrl: 'ws://127.0.0.1:5179' },
}
const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1764233000'
const zerion: WalletConnectTarget = {
  id: 'zerion',
  name: 'Zerion',
  imageUrl: 'http://localhost:5178/getWalletImage/zerion',
  mobileLink: 'zerion://',
  desktopLink: 'zerion://',
  webappLink: 'https://app.zerion.io',
}
const instances: Keyframe[] = []

/** An instance whose WalletConnect pairing stands at `state`, the modal open on the view. */
async function openAt(state: WalletConnectState | undefined, extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  kf._internal.store.setState({ walletConnect: state })
  await kf.open({ view: 'ConnectingWalletConnect' })
  // The view's code is a chunk of its own: wait until it replaced the loading spinner.
  await vi.waitFor(() => expect(shadow().querySelector('.kf-wc')).not.toBeNull())
  return kf
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const body = () => shadow().querySelector<HTMLElement>('.kf-body')!
const named = (selector: string, name: string) =>
  [...body().querySelectorAll<HTMLElement>(selector)].find(
    (el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === name,
  )
const links = () =>
  [...body().querySelectorAll('a')].map((a) => ({
    name: a.textContent,
    href: a.getAttribute('href'),
    target: a.getAttribute('target'),
    rel: a.getAttribute('rel'),
  }))

afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  await flush()
  document.body.innerHTML = ''
})

describe('ConnectingWalletConnectView', () => {
  test('default: the pairing URI as a QR code, Copy link, the chosen wallet and its desktop and web-app links', async () => {
    await openAt({ status: 'waiting', uri, wallet: zerion })
    expect(view()).toBe('ConnectingWalletConnect')
    expect(shadow().querySelector('h2')?.textContent).toBe('WalletConnect')
    const qr = named('svg[role="img"]', 'QR code to connect with WalletConnect')!
    // The code drawn is the URI's (the same component as Receive's; e2e decodes it from a screenshot).
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(uri).d)
    // Whole CSS pixels per module (65 modules of 4 px): at a 1× screen a screenshot of it decodes.
    expect(qr.getAttribute('width')).toBe(String(4 * qrPath(uri).size))
    expect(named('button', 'Copy link')).toBeDefined()
    expect(body().querySelector('.kf-wc-wallet')?.textContent).toBe('Zerion')
    expect(body().querySelector('.kf-wc-wallet img')?.getAttribute('src')).toBe(zerion.imageUrl)
    const encoded = encodeURIComponent(uri)
    // Not a touch screen: no mobile link, the code is there to scan with the phone.
    expect(links()).toEqual([
      { name: 'Open Zerion desktop app', href: `zerion://wc?uri=${encoded}`, target: '_self', rel: null },
      {
        name: 'Open Zerion web app',
        href: `https://app.zerion.io/wc?uri=${encoded}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    ])
  })

  test('behavior: a loading state until the URI exists, then the code', async () => {
    const kf = await openAt({ status: 'pairing', uri: undefined, wallet: undefined })
    expect(named('[role="status"]', 'Preparing the connection')).toBeDefined()
    expect(body().querySelector('svg')).toBeNull()
    expect(named('button', 'Copy link')).toBeUndefined()
    kf._internal.store.setState({ walletConnect: { status: 'waiting', uri, wallet: undefined } })
    await flush()
    expect(named('[role="status"]', 'Preparing the connection')).toBeUndefined()
    expect(named('svg[role="img"]', 'QR code to connect with WalletConnect')).toBeDefined()
    expect(body().textContent).toContain("Scan with your phone's wallet app")
    expect(links()).toEqual([])
  })

  test('behavior: a decline, an expiry or a failure says so and offers Try again', async () => {
    const kf = await openAt({ status: 'declined', uri, wallet: zerion })
    const alert = () => body().querySelector('[role="alert"]')?.textContent
    expect(alert()).toBe('Connection declined')
    expect(named('button', 'Try again')).toBeDefined()
    expect(body().querySelector('svg')).toBeNull()
    kf._internal.store.setState({ walletConnect: { status: 'expired', uri, wallet: zerion } })
    await flush()
    expect(alert()).toBe('The connection request expired')
    kf._internal.store.setState({
      walletConnect: {
        status: 'failed',
        uri: undefined,
        wallet: zerion,
        error: 'Please call connect() before request()',
      },
    })
    await flush()
    expect(alert()).toBe('Please call connect() before request()')
    expect(body().querySelector('.kf-wc-wallet')?.textContent).toBe('Zerion')
  })

  test('behavior: going back drops the pairing under way', async () => {
    const kf = createKeyframe(options)
    instances.push(kf)
    await kf.open()
    kf._internal.store.setState({ walletConnect: { status: 'waiting', uri, wallet: zerion } })
    kf._internal.navigate('ConnectingWalletConnect')
    await vi.waitFor(() => expect(shadow().querySelector('.kf-wc')).not.toBeNull())
    shadow().querySelector<HTMLButtonElement>('button[aria-label="Back"]')!.click()
    await flush()
    expect(view()).toBe('Connect')
    expect(getWalletConnect(kf)).toBeUndefined()
  })

  test('error: a wallet link that could run script in the page gets no link (control: the default test)', async () => {
    await openAt({
      status: 'waiting',
      uri,
      wallet: { ...zerion, desktopLink: 'javascript://%0Aalert(1)', webappLink: 'data://text/html,x' },
    })
    expect(links()).toEqual([])
    expect(named('svg[role="img"]', 'QR code to connect with WalletConnect')).toBeDefined()
  })

  test('behavior: without the walletConnect option the view says so and starts nothing', async () => {
    const kf = await openAtWithout()
    expect(body().querySelector('.kf-wc p')?.textContent).toBe('WalletConnect is not set up on this site.')
    expect(getWalletConnect(kf)).toBeUndefined()
  })
})

async function openAtWithout() {
  const { walletConnect: _, ...rest } = options
  const kf = createKeyframe(rest)
  instances.push(kf)
  await kf.open({ view: 'ConnectingWalletConnect' })
  await vi.waitFor(() => expect(shadow().querySelector('.kf-wc')).not.toBeNull())
  return kf
}
