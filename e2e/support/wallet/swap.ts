/**
 * The Swap view as a person uses it, for the swap spec and the wallet journey: fund the wallet from the demo's
 * faucet button, open Swap from the Account view, pick the tokens, type an amount, read the quote, swap (an
 * approve first when the token needs one) through the connected wallet's own approval, and read the Tokens tab.
 * @module
 */
import { expect, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'
import { approve } from '../evm.ts'

/** The demo's "Fund wallet" (the devstack faucet: ETH and kUSD on both chains), as a person presses it. */
export async function fundFromFaucet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Fund wallet', exact: true }).click()
  await expect(page.getByTestId('fund-result')).toHaveText('funded', { timeout: 15_000 })
}

/** Opens the modal on Account (connected), unless it is open there, and its Swap view from the wallet feature row. */
export async function openSwap(page: Page): Promise<void> {
  if (!(await dialog(page).isVisible())) await openModal(page)
  await dialog(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Swap', exact: true })).toBeVisible()
}

/** Waits until Swap offers tokens (or says why it cannot). */
export async function expectSwapReady(page: Page): Promise<void> {
  await expect(dialog(page).getByLabel('You pay', { exact: true })).toBeVisible({ timeout: 15_000 })
}

export type SwapInput = {
  /** Symbol of the token given (`ETH`). */
  from: string
  /** Symbol of the token received (`kUSD`, `KFT`). */
  to: string
  /** Amount typed, in units of `from` (`'0.1'`). */
  amount: string
}

/** Picks the tokens and types the amount. */
export async function fillSwap(page: Page, { from, to, amount }: SwapInput): Promise<void> {
  await expectSwapReady(page)
  await dialog(page).getByLabel('Token you pay', { exact: true }).selectOption({ label: from })
  await dialog(page).getByLabel('Token you receive', { exact: true }).selectOption({ label: to })
  await dialog(page).getByLabel('You pay', { exact: true }).fill(amount)
}

/** The quote as the view shows it. */
export type ShownSwapQuote = {
  /** The amount received, e.g. `298.502112`. */
  receive: string
  priceImpact: string
  minimumReceived: string
  networkFee: string
  /** The submit button's label: `Swap`, or `Approve KFT and swap`. */
  action: string
}

/** Waits for the quote and its details; returns what they show. */
export async function readSwapQuote(page: Page): Promise<ShownSwapQuote> {
  const details = dialog(page).getByRole('definition')
  await expect(dialog(page).getByText('Minimum received', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(dialog(page).getByTestId('kf-swap-out')).not.toHaveText('0.0')
  const submit = dialog(page).locator('button[type="submit"]')
  await expect(submit).toBeEnabled({ timeout: 15_000 })
  const [priceImpact, minimumReceived, networkFee] = await details.allTextContents()
  return {
    receive: (await dialog(page).getByTestId('kf-swap-out').textContent()) ?? '',
    priceImpact: priceImpact ?? '',
    minimumReceived: minimumReceived ?? '',
    networkFee: networkFee ?? '',
    action: ((await submit.textContent()) ?? '').trim(),
  }
}

/**
 * Presses Swap (or "Approve … and swap") and accepts each transaction in the wallet: the embedded wallet's
 * in-frame approval (`approvals` of them: 2 with an approve), an injected wallet's own prompt (the test wallet
 * signs by itself). Ends back on Account with 'Transaction started'.
 */
export async function confirmSwap(
  page: Page,
  wallet: { embedded: boolean; approvals?: number },
): Promise<void> {
  await dialog(page).locator('button[type="submit"]').click()
  if (wallet.embedded) for (let i = 0; i < (wallet.approvals ?? 1); i++) await approve(page)
  await expectSwapStarted(page)
}

/** Waits for 'Transaction started' back on Account; fails at once with the error Swap shows instead. */
export async function expectSwapStarted(page: Page): Promise<void> {
  const started = dialog(page).getByText('Transaction started')
  const failed = dialog(page).getByRole('alert').filter({ hasText: /\S/ })
  await expect(started.or(failed).first()).toBeVisible({ timeout: 30_000 })
  expect(await failed.allTextContents(), 'the error Swap shows').toEqual([])
  await expect(dialog(page).getByRole('heading', { name: 'Account', exact: true })).toBeVisible()
}

/** The quantity of `symbol` the Account view's Tokens tab shows, as a number (undefined without a row). */
export async function tokensTabQuantity(page: Page, symbol: string): Promise<number | undefined> {
  const tokens = dialog(page).getByRole('list', { name: 'Tokens' })
  await expect(tokens).toBeVisible({ timeout: 15_000 })
  const row = tokens.locator(`li[data-symbol="${symbol}"] .kf-token-quantity`)
  if ((await row.count()) === 0) return undefined
  return Number(((await row.textContent()) ?? '').replace(/[^\d.]/g, ''))
}
