/**
 * Sign In With Farcaster (issue 17, acceptance 3): the ConnectingFarcaster view shows a QR code; what a phone
 * reads from it (its screenshot decoded, never the DOM) is a `farcaster://connect` URI, which the devstack's
 * scripted Farcaster client signs with a dev fid's custody key on the local Id registry: the dApp is
 * connected and the person's Farcaster username shown. The same with a key that is not the fid's custody
 * address is refused with the server's words. Then the view's looks, axe and keyboard.
 */
import { authenticateWithFarcaster } from '@keyframe/dev-fixtures'
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialog, expectConnected, openModal, rememberSessionToken } from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'
import { tabTo } from '../support/keyboard.ts'
import { checkLook, lookAt } from '../support/looks.ts'
import { decodeQr } from '../support/qr.ts'
import { SOCIAL_STACK } from '../support/socialLogin.ts'

test.use({ stackOptions: SOCIAL_STACK })

/** The server's refusal of a signature by another key (owners' shared decisions, 401 invalid_signature). */
const NOT_CUSTODY = "The Farcaster signature is not from the account's custody address"

const farcasterView = (page: Page) => page.locator('[role="dialog"][data-view="ConnectingFarcaster"]')
/** The QR code in the ConnectingFarcaster view. */
const farcasterQr = (page: Page) => farcasterView(page).getByRole('img', { name: /^QR code/ })

/** Connect → Farcaster; returns what a phone's camera reads from the QR code on screen. */
async function scanFarcasterQr(page: Page): Promise<string> {
  if (!(await dialog(page).isVisible())) await openModal(page)
  await dialog(page).getByRole('button', { name: 'Farcaster', exact: true }).click()
  await expect(farcasterQr(page)).toBeVisible({ timeout: 15_000 })
  const uri = await decodeQr(farcasterQr(page))
  expect(uri, 'the QR code holds a Sign In With Farcaster URI').toMatch(/^farcaster:\/\/connect\?\S+$/)
  return uri
}

test("behavior: the QR code's URI signed by the fid's custody key connects, with the Farcaster username shown", async ({
  page,
  stack,
}) => {
  const dev = stack.farcasterFids[0]!
  await page.goto(stack.dappUrl)
  const uri = await scanFarcasterQr(page)
  await authenticateWithFarcaster({
    relayUrl: stack.farcasterRelayUrl,
    url: uri,
    account: privateKeyToAccount(dev.privateKey),
    fid: dev.fid,
    username: dev.username,
  })

  await expectConnected(page)
  await rememberSessionToken(page, stack)
  // The Account view names the login by its provider and the Farcaster username.
  await openModal(page)
  await expect(dialog(page).getByText(`Logged in with Farcaster as ${dev.username}`)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  // The person's Farcaster name is what the modal knows them by: the dApp's Disconnect keeps the login, and
  // the Connect view offers to continue as them (the login cache keeps the username).
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  await openModal(page)
  await dialog(page)
    .getByRole('button', { name: `Continue as ${dev.username}`, exact: true })
    .click()
  await expectConnected(page)
})

test("attack: a signature by a key that is not the custody address is refused with its message; control: Try again, the custody key's signature connects", async ({
  page,
  stack,
}, testInfo) => {
  const dev = stack.farcasterFids[0]!
  await page.goto(stack.dappUrl)
  const uri = await scanFarcasterQr(page)
  // The fid and username are the dev's, the key someone else's.
  const impostor = privateKeyToAccount(generatePrivateKey())
  await authenticateWithFarcaster({
    relayUrl: stack.farcasterRelayUrl,
    url: uri,
    account: impostor,
    fid: dev.fid,
    username: dev.username,
  })

  await expect(farcasterView(page).getByRole('alert')).toHaveText(NOT_CUSTODY, { timeout: 15_000 })
  await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  await checkLook(page, testInfo, 'ConnectingFarcaster refused (dark)')

  // The same flow with the custody key: a new code, and it connects.
  await farcasterView(page).getByRole('button', { name: 'Try again', exact: true }).click()
  await expect(farcasterQr(page)).toBeVisible({ timeout: 15_000 })
  const again = await decodeQr(farcasterQr(page))
  expect(again).not.toBe(uri)
  await authenticateWithFarcaster({
    relayUrl: stack.farcasterRelayUrl,
    url: again,
    account: privateKeyToAccount(dev.privateKey),
    fid: dev.fid,
    username: dev.username,
  })
  await expectConnected(page)
})

test('accessibility: ConnectingFarcaster passes axe-core, its code decodes in dark, light and on a phone, and works by keyboard', async ({
  page,
  stack,
}, testInfo) => {
  await page.goto(stack.dappUrl)
  await lookAt(page, testInfo, 'ConnectingFarcaster', {
    show: async () => {
      await scanFarcasterQr(page)
    },
    leave: async () => {
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
    },
  })

  // By keyboard alone: Tab to Farcaster on Connect, Enter; Tab to Copy link, Enter copies the URI the code
  // holds; Esc closes.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  })
  await page.getByRole('button', { name: 'Connect', exact: true }).focus()
  await page.keyboard.press('Enter')
  await tabTo(page, dialog(page).getByRole('button', { name: 'Farcaster', exact: true }))
  await page.keyboard.press('Enter')
  await expect(farcasterQr(page)).toBeVisible({ timeout: 15_000 })
  const uri = await decodeQr(farcasterQr(page))
  const copy = dialog(page).getByRole('button', { name: 'Copy link', exact: true })
  await tabTo(page, copy)
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(uri)
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
})
