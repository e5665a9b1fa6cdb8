/**
 * The Receive view as a person uses it, for the receive spec and the wallet journey: open it from Account,
 * read its QR code the way a phone would (a screenshot of the code, decoded by jsQR), copy the address.
 * @module
 */
import { expect, type Page } from '@playwright/test'
import { dialog, openModal } from '../email.ts'
import { decodeQr } from '../qr.ts'

/** The QR code's figure in the modal. */
export const receiveQr = (page: Page) => dialog(page).getByTestId('kf-qr')

/** Opens the modal (on Account, connected) and its Receive view, and waits for the code. */
export async function openReceive(page: Page): Promise<void> {
  await openModal(page)
  await dialog(page).getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Receive', exact: true })).toBeVisible()
  await expect(receiveQr(page)).toBeVisible()
}

/** What a camera reads from the QR code on screen: its screenshot, decoded; fails when nothing decodes. */
export function decodeReceiveQr(page: Page): Promise<string> {
  return decodeQr(receiveQr(page))
}

/** Presses Copy address; returns what the clipboard then holds (the page is granted the clipboard). */
export async function copyReceiveAddress(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  })
  await page.evaluate(() => navigator.clipboard.writeText(''))
  await dialog(page).getByRole('button', { name: 'Copy address', exact: true }).click()
  await expect(dialog(page).getByText('Address copied')).toBeVisible()
  return page.evaluate(() => navigator.clipboard.readText())
}
