/**
 * WalletConnect on a phone (issue 16, acceptance 3 and build point 4): on a touch viewport, choosing a
 * catalogue wallet opens its deep link with the pairing URI (no QR code to scan on the phone's own screen);
 * the modal waits for the wallet, through the tab going to the background and back; the wallet app pairs
 * from the URI the link carried and the dApp is connected.
 */
import type { Page } from '@playwright/test'
import { dialog, openModal } from '../support/email.ts'
import { expect } from '../support/fixtures.ts'
import { checkLook } from '../support/looks.ts'
import { expectWalletConnected, pairingQr, test } from '../support/wallet/walletConnect.ts'

/** MetaMask's catalogue deep link: a native scheme, as most wallets publish. */
const METAMASK_LINK = 'metamask://'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** Sets the page's visibility as a phone does when the person switches to the wallet app and back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
    Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  }, state)
}

test('behavior: on a phone, choosing MetaMask opens its deep link with the pairing URI; the modal waits through the background; the wallet pairs from the link and the dApp connects', async ({
  page,
  stack,
  walletApp,
}, testInfo) => {
  // The browser hands a native scheme to the OS: Playwright sees it as a request that goes nowhere.
  const opened: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(METAMASK_LINK)) opened.push(request.url())
  })
  await page.goto(stack.dappUrl)
  await openModal(page)
  await dialog(page)
    .getByRole('button', { name: /^(All wallets|Connect a wallet)$/ })
    .click()
  await dialog(page).getByRole('searchbox', { name: 'Search wallets' }).fill('MetaMask')
  await dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'MetaMask' }).click()

  // The press opens the wallet at once when the list had the URI ready (iOS needs it before the press);
  // otherwise the view offers the link as soon as the URI exists.
  const open = dialog(page).getByRole('link', { name: 'Open MetaMask', exact: true })
  await expect(open.or(dialog(page).getByText('Waiting for your wallet')).first()).toBeVisible()
  const openedByPress = await expect
    .poll(() => opened.length, { timeout: 1_000 })
    .toBe(1)
    .then(
      () => true,
      () => false,
    )
  if (!openedByPress) await open.click()
  await expect.poll(() => opened.length).toBe(1)
  const link = new URL(opened[0]!)
  expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('metamask://wc')
  const uri = link.searchParams.get('uri') ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(opened[0]).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`)

  // No QR code on the phone's own screen: it waits for the wallet app, also after a trip to the background.
  await expect(dialog(page).getByText('Waiting for your wallet')).toBeVisible()
  await expect(pairingQr(page)).toBeHidden()
  await checkLook(page, testInfo, 'ConnectingWalletConnect (touch phone, waiting)')
  await setVisibility(page, 'hidden')
  await page.waitForTimeout(200)
  await setVisibility(page, 'visible')
  await expect(dialog(page).getByText('Waiting for your wallet')).toBeVisible()
  await expect(dialog(page).getByRole('alert')).toHaveCount(0)

  // The wallet app, opened by the link, pairs with the URI it carried and approves.
  await walletApp.connect(uri)
  await expectWalletConnected(page, walletApp)
})
