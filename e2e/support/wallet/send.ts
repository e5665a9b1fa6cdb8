/**
 * Send in the modal as a person does it (issue 15, build point 4): open it from Account, fill token, amount
 * and receiver, press Send, approve in the frame (embedded wallet; an injected wallet answers by itself),
 * read the hash off the 'Transaction started' panel. Reused by the wallet journey spec.
 * @module
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'
import { approve } from '../evm.ts'

/** Which wallet the person connected: the embedded one approves in the frame, an injected one by itself. */
export type SendWallet = 'embedded' | 'injected'

export type SendForm = {
  /** In token units, as typed (e.g. `'0.25'`). */
  amount: string
  to: string
  /** The token's symbol as the token list shows it (e.g. `'kUSD'`); the native currency when absent. */
  token?: string
}

export const amountField = (page: Page) => dialog(page).getByLabel('Amount', { exact: true })
export const receiverField = (page: Page) => dialog(page).getByLabel('To', { exact: true })
export const sendButton = (page: Page) => dialog(page).getByRole('button', { name: 'Send', exact: true })
/** The 'Transaction started' panel of the Send view. */
export const sendStarted = (page: Page) => dialog(page).getByTestId('kf-send-started')

/** The error a field names in its `aria-describedby` (empty when it has none). */
export async function fieldError(field: Locator): Promise<Locator> {
  const id = await field.getAttribute('aria-describedby')
  if (!id) throw new Error('The field names no error element (aria-describedby)')
  return dialog(field.page()).locator(`[id="${id}"]`)
}

/**
 * `address` (checksummed, EIP-55) with the case of one letter flipped: the same 40 hex digits, a wrong
 * checksum, the typo a checksum exists to catch.
 */
export function withWrongChecksum(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2
  if (at < 2) throw new Error(`${address} has no letter whose case could be wrong`)
  const letter = address[at]!
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()
  return `${address.slice(0, at)}${flipped}${address.slice(at + 1)}`
}

/** Opens the modal on Account (the dApp's Account button) and goes to Send, its form ready. */
export async function openSend(page: Page): Promise<void> {
  await openModal(page)
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(amountField(page)).toBeVisible()
  // The token list holds the account's balances once read.
  await expect(dialog(page).getByLabel('Token', { exact: true })).toContainText(/\(\d/, { timeout: 15_000 })
}

/** Fills the form as typed (token, amount, receiver). */
export async function fillSend(page: Page, form: SendForm): Promise<void> {
  if (form.token) {
    const select = dialog(page).getByLabel('Token', { exact: true })
    const option = select.locator('option', { hasText: `${form.token} (` })
    await select.selectOption({ label: (await option.textContent()) ?? form.token })
  }
  await amountField(page).fill(form.amount)
  await receiverField(page).fill(form.to)
}

/**
 * Presses Send, approves in the frame for the embedded wallet, and waits for the 'Transaction started'
 * panel; returns the hash it shows.
 */
export async function confirmSend(page: Page, wallet: SendWallet): Promise<`0x${string}`> {
  await expect(sendButton(page)).toBeEnabled({ timeout: 15_000 })
  await sendButton(page).click()
  if (wallet === 'embedded') await approve(page)
  await expect(sendStarted(page)).toBeVisible({ timeout: 15_000 })
  const hash = (await sendStarted(page).getByTestId('kf-send-hash').textContent())?.trim() ?? ''
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  return hash as `0x${string}`
}

/** The whole send from a connected dApp: open Send, fill it, confirm; returns the hash. */
export async function sendFromModal(page: Page, wallet: SendWallet, form: SendForm): Promise<`0x${string}`> {
  await openSend(page)
  await fillSend(page, form)
  return confirmSend(page, wallet)
}

/** Leaves the 'Transaction started' panel for the Account view. */
export async function backToAccount(page: Page): Promise<void> {
  await sendStarted(page).getByRole('button', { name: 'Back to Account', exact: true }).click()
  await expect(sendStarted(page)).toBeHidden()
}
