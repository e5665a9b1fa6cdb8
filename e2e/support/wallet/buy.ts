/**
 * The Buy view and the on-ramp sandbox as a person uses them, for the buy spec and the wallet journey: open
 * Buy from Account, choose what to buy and how to pay, read the quote, choose the provider, continue to its
 * page (a new tab), pay there, and see the modal back on Account.
 * @module
 */
import { expect, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'

export type Purchase = {
  /** Symbol of the asset (`ETH`, `kUSD`). */
  asset: string
  /** Fiat amount typed (`'100'`). */
  amount: string
  /** Default `USD`. */
  currency?: string
  /** Default `Card`. */
  method?: 'Card' | 'Bank transfer'
}

/** A quote as the Buy view shows it. */
export type ShownQuote = {
  /** `0.03687 ETH`. */
  receive: string
  /** `2.00 USD (2 %)`. */
  fee: string
}

/** Opens the modal (on Account, connected) and its Buy view, and waits until it offers something. */
export async function openBuy(page: Page): Promise<void> {
  await openModal(page)
  await dialog(page).getByRole('button', { name: 'Buy', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Buy crypto', exact: true })).toBeVisible()
  await expect(dialog(page).getByLabel('You buy', { exact: true })).toBeVisible({ timeout: 10_000 })
}

/** Fills the form: asset, currency, method and amount. */
export async function fillPurchase(page: Page, purchase: Purchase): Promise<void> {
  const currency = purchase.currency ?? 'USD'
  await dialog(page).getByLabel('You buy', { exact: true }).selectOption(purchase.asset)
  await dialog(page).getByLabel('Pay in', { exact: true }).selectOption(currency)
  await dialog(page)
    .getByLabel('Payment method', { exact: true })
    .selectOption({ label: purchase.method ?? 'Card' })
  await dialog(page).getByLabel(`Amount (${currency})`, { exact: true }).fill(purchase.amount)
}

/** Waits for the provider's quote and returns what it shows. */
export async function readQuote(page: Page): Promise<ShownQuote> {
  const receive = dialog(page).getByTestId('kf-quote-receive')
  await expect(receive).toBeVisible({ timeout: 10_000 })
  return {
    receive: (await receive.textContent()) ?? '',
    fee: (await dialog(page).getByTestId('kf-quote-fee').textContent()) ?? '',
  }
}

/** Chooses a provider by name (its radio button). */
export async function chooseProvider(page: Page, name = 'Sandbox'): Promise<void> {
  const radio = dialog(page).getByRole('radio', { name: new RegExp(`^${name}\\b`) })
  await radio.check()
  await expect(radio).toBeChecked()
}

/** Continues to the chosen provider; returns its page (the new tab), once it shows the purchase. */
export async function openProviderPage(page: Page, name = 'Sandbox'): Promise<Page> {
  const opened = page.waitForEvent('popup')
  await dialog(page)
    .getByRole('button', { name: `Continue to ${name}`, exact: true })
    .click()
  const provider = await opened
  await provider.waitForURL(/\/sandbox\/onramp\/[A-Za-z0-9_-]{22}$/)
  await expect(provider.getByRole('button', { name: 'Pay', exact: true })).toBeVisible()
  return provider
}

/** Pays on the sandbox provider's page; returns the hash of the transfer it reports. */
export async function payAtProvider(provider: Page): Promise<`0x${string}`> {
  await provider.getByRole('button', { name: 'Pay', exact: true }).click()
  const tx = provider.locator('#tx')
  await expect(tx).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 30_000 })
  return (await tx.textContent()) as `0x${string}`
}

/** Waits until the modal, having seen the purchase arrive, is back on Account with its toast. */
export async function expectBackOnAccount(page: Page): Promise<void> {
  await expect(dialog(page).getByText(/^Purchase received/)).toBeVisible({ timeout: 20_000 })
  await expect(dialog(page).getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
}

/** The whole purchase: Buy, the form, the quote, the provider, its page paid, back on Account. */
export async function buyInSandbox(
  page: Page,
  purchase: Purchase,
): Promise<{ quote: ShownQuote; txHash: `0x${string}` }> {
  await openBuy(page)
  await fillPurchase(page, purchase)
  const quote = await readQuote(page)
  await chooseProvider(page)
  const provider = await openProviderPage(page)
  const txHash = await payAtProvider(provider)
  await provider.close()
  await expectBackOnAccount(page)
  return { quote, txHash }
}
