/**
 * The All-wallets view as a person uses it, for the all-wallets spec: open it from Connect, read the list,
 * search, page on; and a second browser wallet announced through EIP-6963 under a catalogue wallet's rdns.
 * @module
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'

/** The search field of All wallets. */
export const walletSearch = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Search wallets' })

/** The wallet list of All wallets (the Connect view's own list is also named "Wallets": one view shows). */
export const walletList = (page: Page) => dialog(page).getByRole('list', { name: 'Wallets' })

/** The rows of the list. */
export const walletRows = (page: Page): Locator => walletList(page).getByRole('listitem')

/** Opens the modal on Connect, then All wallets, and waits for the first page of the catalogue. */
export async function openAllWallets(page: Page): Promise<void> {
  await openModal(page)
  await dialog(page)
    .getByRole('button', { name: /^(All wallets|Connect a wallet)$/ })
    .click()
  await expect(dialog(page).getByRole('heading', { name: 'Connect a wallet', exact: true })).toBeVisible()
  await expect(walletSearch(page)).toBeVisible()
  await expect(walletList(page)).not.toHaveAttribute('aria-busy', 'true')
}

/** The rows' texts, each the wallet's name and its badge if any ("MetaMaskInstalled"). */
export function rowTexts(page: Page): Promise<string[]> {
  return walletRows(page).allTextContents()
}

/**
 * Announces a wallet through EIP-6963 in every later document of the page, as an extension does: `name`
 * and `rdns`, a provider that answers nothing (this spec only lists wallets).
 */
export async function announceWallet(page: Page, info: { name: string; rdns: string }): Promise<void> {
  await page.addInitScript((announced) => {
    const icon = `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2563eb"/></svg>',
    )}`
    const detail = Object.freeze({
      info: Object.freeze({ uuid: crypto.randomUUID(), name: announced.name, rdns: announced.rdns, icon }),
      provider: { request: () => new Promise(() => {}), on() {}, removeListener() {} },
    })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, info)
}
