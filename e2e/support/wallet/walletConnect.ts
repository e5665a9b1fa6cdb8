/**
 * WalletConnect as a person uses it, for the WalletConnect specs: a wallet app (the devstack's Node wallet,
 * `@reown/walletkit` over the stack's relay, an account funded on the stack's anvil chains) scans the pairing
 * QR code off the screen — a screenshot decoded by jsQR, never the DOM — or is opened by a wallet's deep link,
 * and approves; the dApp's provider is followed for the events the wallet sends.
 * @module
 */
import { startWalletConnectDevWallet, type WalletConnectDevWallet } from '@keyframe/devstack'
import { expect, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'
import { test as base } from '../fixtures.ts'
import { decodeQr } from '../qr.ts'

/** The Connect view's WalletConnect entry. */
export const WALLETCONNECT = 'WalletConnect'

/** The pairing QR code in the ConnectingWalletConnect view. */
export const pairingQr = (page: Page) =>
  dialog(page).getByRole('img', { name: 'QR code to connect with WalletConnect' })

/** The suite's stack and a wallet app on its relay, funded on every chain; the wallet stops after the test. */
export const test = base.extend<{ walletApp: WalletConnectDevWallet }>({
  walletApp: async ({ stack }, use) => {
    const wallet = await startWalletConnectDevWallet({ relayUrl: stack.relayUrl, chains: stack.chains })
    await stack.fund(wallet.address)
    await use(wallet)
    await wallet.close()
  },
})

/** Opens the modal and chooses WalletConnect on Connect; waits for the pairing QR code. */
export async function chooseWalletConnect(page: Page): Promise<void> {
  await openModal(page)
  await dialog(page).getByRole('button', { name: WALLETCONNECT, exact: true }).click()
  await expect(pairingQr(page)).toBeVisible()
}

/** What the wallet app's camera reads from the QR code on screen: the pairing URI. */
export async function scanPairingQr(page: Page): Promise<string> {
  const uri = await decodeQr(pairingQr(page))
  expect(uri, 'the QR code holds a WalletConnect pairing URI').toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/** The demo opened, WalletConnect chosen, the QR scanned by `wallet`, approved; the dApp shows it connected. */
export async function connectWalletApp(page: Page, url: string, wallet: WalletConnectDevWallet) {
  await page.goto(url)
  await chooseWalletConnect(page)
  await wallet.connect(await scanPairingQr(page))
  await expectWalletConnected(page, wallet)
}

/** The dApp shows the wallet app's account connected and the modal closed. */
export async function expectWalletConnected(page: Page, wallet: WalletConnectDevWallet) {
  await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
  await expect(page.getByTestId('account-address')).toHaveText(wallet.address, { ignoreCase: true })
  await expect(dialog(page)).toBeHidden()
}

/**
 * Follows the dApp's provider (the connector's, as `getProvider(kf)` gives it to the dApp's library) for
 * `chainChanged` and `disconnect`; read what it heard with {@link providerEvents}.
 */
export async function followProvider(page: Page): Promise<void> {
  await page.evaluate(async () => {
    type Provider = { on(event: string, listener: (value: unknown) => void): void }
    type Kf = { getState(): { activeConnectors: { eip155?: { getProvider(): Promise<Provider> } } } }
    const connector = (window as unknown as { keyframe: Kf }).keyframe.getState().activeConnectors.eip155
    if (!connector) throw new Error('No eip155 connector is active')
    const provider = await connector.getProvider()
    const heard: [string, unknown][] = []
    for (const event of ['chainChanged', 'disconnect'])
      provider.on(event, (value) => heard.push([event, event === 'disconnect' ? null : value]))
    Object.assign(window, { __wcHeard: heard, __wcProvider: provider })
  })
}

/** What the followed provider answers `method` now: its result, or the message it rejects with. */
export function askFollowedProvider(page: Page, method: string, params: unknown[] = []): Promise<unknown> {
  return page.evaluate(
    async ([method, params]) => {
      type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> }
      const provider = (window as unknown as { __wcProvider: Provider }).__wcProvider
      return provider.request({ method, params }).catch((error: Error) => ({ rejected: error.message }))
    },
    [method, params] as const,
  )
}

/** The events the followed provider emitted so far, in order. */
export function providerEvents(page: Page): Promise<[string, unknown][]> {
  return page.evaluate(() => [...(window as unknown as { __wcHeard: [string, unknown][] }).__wcHeard])
}

/** The chain the dApp's eip155 connection is on (CAIP-2), as the SDK holds it. */
export function connectionChain(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      (
        window as unknown as { keyframe: { getState(): { connections: { eip155: { chainId?: string } } } } }
      ).keyframe.getState().connections.eip155.chainId,
  )
}
