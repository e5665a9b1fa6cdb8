// Issue 13: a dApp's disconnect (its Disconnect button, or wallet_revokePermissions) ends the site's
// connection but keeps the person's login in the frame, so reconnecting asks nothing: no mailed code, no
// passphrase. The modal's Log out still ends the login, and then a code is needed.

import type { Page } from '@playwright/test'
import {
  codeBox,
  dialog,
  expectConnected,
  framePrompt,
  frameToken,
  LOGIN_CACHE,
  logIn,
  mailsTo,
  newPassphrase,
  openModal,
  SUBJECT,
  submitEmail,
  uniqueEmail,
} from '../support/email.ts'
import { approved, discoverKeyframe, request, resultOf } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// The server's 30 s wait between two mails to one address is the server suite's to test; here the Log out
// test mails a second code at once, so it is 1 s.
test.use({ stackOptions: { limits: { resendCooldownMs: 1_000 } } })
// Each login runs scrypt in the frame (N = 2^17) and real mail.
test.describe.configure({ timeout: 90_000 })

/** The parent's mark of a site the dApp disconnected (`parent-sdk/src/core/loginCache.ts`). */
const SITE_DISCONNECTED = '@keyframe/site_disconnected'

const cacheOf = (page: Page) =>
  page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])),
    [LOGIN_CACHE.email, LOGIN_CACHE.used, SITE_DISCONNECTED],
  )

test.describe('disconnect keeps the login (issue 13)', () => {
  test("behavior: the dApp's Disconnect keeps the login; after a reload nothing restores, and Connect's 'Continue as' reconnects with no code", async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('stay')
    const address = await logIn(page, stack, {
      url: stack.dappUrl,
      email,
      passphrase: newPassphrase(),
      prompt: 'create',
    })
    const mails = mailsTo(stack, email).length

    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    expect(await cacheOf(page)).toEqual({
      [LOGIN_CACHE.email]: email,
      [LOGIN_CACHE.used]: 'true',
      [SITE_DISCONNECTED]: 'true',
    })
    // The frame still holds its session.
    expect(await frameToken(page, stack)).toBeTruthy()

    // A disconnected site does not connect again by itself on a reload.
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await expect(page.locator('iframe')).toHaveCount(0)

    await openModal(page)
    await dialog(page)
      .getByRole('button', { name: `Continue as ${email}`, exact: true })
      .click()
    expect(await expectConnected(page, email)).toBe(address)
    await expect(dialog(page)).toBeHidden()
    await expect(framePrompt(page).getByRole('heading')).toHaveCount(0)
    expect(await cacheOf(page)).toMatchObject({ [SITE_DISCONNECTED]: null })
    await page.waitForTimeout(500)
    expect(mailsTo(stack, email), 'no new mail').toHaveLength(mails)
  })

  test('behavior: wallet_revokePermissions disconnects; eth_requestAccounts reconnects at once, and a signature needs no passphrase', async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('revoke')
    const address = await logIn(page, stack, {
      url: stack.dappUrl,
      email,
      passphrase: newPassphrase(),
      prompt: 'create',
    })
    const mails = mailsTo(stack, email).length
    await discoverKeyframe(page)

    resultOf(await request(page, 'wallet_revokePermissions', [{ eth_accounts: {} }]))
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    expect(resultOf(await request(page, 'eth_accounts'))).toEqual([])

    const accounts = resultOf(await request(page, 'eth_requestAccounts')) as string[]
    expect(accounts).toEqual([address.toLowerCase()])
    expect(await expectConnected(page, email)).toBe(address)
    // Nothing was asked: the modal never opened.
    await expect(dialog(page)).toBeHidden()

    const signature = resultOf(await approved(page, 'personal_sign', ['0x68656c6c6f', address]))
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    await expect(framePrompt(page).getByRole('heading', { name: /passphrase/i })).toHaveCount(0)
    await page.waitForTimeout(500)
    expect(mailsTo(stack, email), 'no new mail').toHaveLength(mails)
  })

  test("behavior: the modal's Log out ends the login: the cache and the frame's token go, and the next login needs a code", async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('logout')
    await logIn(page, stack, { url: stack.dappUrl, email, passphrase: newPassphrase(), prompt: 'create' })
    const mails = mailsTo(stack, email).length

    await openModal(page)
    await dialog(page).getByRole('button', { name: 'Log out', exact: true }).click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await expect(dialog(page)).toBeHidden()
    await expect
      .poll(() => cacheOf(page))
      .toEqual({
        [LOGIN_CACHE.email]: null,
        [LOGIN_CACHE.used]: null,
        [SITE_DISCONNECTED]: null,
      })
    await expect.poll(() => frameToken(page, stack)).toBeNull()

    // No saved login to continue with; the e-mail gets a new code.
    await openModal(page)
    await expect(dialog(page).getByRole('button', { name: /^Continue as / })).toHaveCount(0)
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click()
    await page.waitForTimeout(1_100)
    await submitEmail(page, email)
    await expect(codeBox(page, 1)).toBeVisible()
    await expect.poll(() => mailsTo(stack, email).filter((m) => SUBJECT.login.test(m.subject)).length).toBe(2)
    expect(mails).toBe(1)
  })
})
