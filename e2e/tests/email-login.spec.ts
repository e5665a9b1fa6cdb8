import type { Stack } from '@keyframe/devstack'
import {
  codeBox,
  codeFromMail,
  createPassphrase,
  dialog,
  expectConnected,
  framePrompt,
  frameToken,
  LOGIN_CACHE,
  logIn,
  mailsTo,
  newPassphrase,
  REFUSAL,
  rememberSessionToken,
  SUBJECT,
  submitEmail,
  typeCode,
  uniqueEmail,
  verify,
} from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'

// A stack with the dApp on a second top-level site too. The server's 30 s wait between two mails to one
// address is the server suite's to test (auth/email/routes.test.ts); here it would only add sleeps between
// the logins of one person, so it is 1 s. Every other limit (5 tries, 5 mails an hour, …) is the real one.
test.use({
  stackOptions: { secondSite: true, recoveryMode: 'passphrase', limits: { resendCooldownMs: 1_000 } },
})
// Each login runs scrypt in the frame (N = 2^17) and real mail: more than the default 30 s for a whole story.
test.describe.configure({ timeout: 90_000 })

function secondSite(stack: Stack): string {
  if (!stack.secondDappUrl) throw new Error('The stack has no second site (stackOptions.secondSite)')
  return stack.secondDappUrl
}

test.describe('e-mail login (two dApp sites, the frame on its own origin, real mail)', () => {
  test("behavior: log in by e-mail, the code typed into the frame's six boxes and a recovery passphrase created", async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('ada')
    await page.goto(stack.dappUrl)
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await submitEmail(page, email)
    // The code is asked for in the frame's own document; the dApp's modal holds no field for it.
    const prompt = framePrompt(page)
    await expect(prompt.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
    await expect(prompt.getByRole('group')).toHaveAccessibleName(
      `Enter the 6-digit code we sent to ${email}.`,
    )
    await expect(dialog(page).getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()
    await expect(dialog(page).locator('input')).toHaveCount(0)
    await expect(codeBox(page, 1)).toBeFocused()
    const code = await codeFromMail(stack, email, SUBJECT.login)
    // Six digits and no submit of their own: nothing is checked until Verify.
    await typeCode(page, code, { verify: false })
    await expect(codeBox(page, 6)).toHaveValue(code[5]!)
    await expect(prompt.getByRole('alert')).toHaveText('')
    await verify(page)

    // The frame asks for the passphrase in its own document; the dApp page never holds the field.
    await expect(prompt.getByRole('heading', { name: 'Create a recovery passphrase' })).toBeVisible({
      timeout: 15_000,
    })
    await expect(page.locator('input[type="password"]')).toHaveCount(0)
    const passphrase = newPassphrase()
    await prompt.getByLabel('Passphrase', { exact: true }).fill(passphrase)
    await prompt.getByLabel('Repeat passphrase', { exact: true }).fill(passphrase)
    await prompt.getByRole('button', { name: 'Continue', exact: true }).click()

    const address = await expectConnected(page, email)
    await expect(dialog(page)).toBeHidden()
    await rememberSessionToken(page, stack)
    // The modal's Account view shows the same account.
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await expect(dialog(page).getByTitle(address)).toBeVisible()
    await expect(dialog(page)).toContainText(email)
    // One mail: the code. A new account gets no "new device" notice.
    expect(mailsTo(stack, email).map((m) => m.subject)).toEqual([expect.stringMatching(SUBJECT.login)])
  })

  test('behavior: a reload keeps the session (same address, no new mail, no prompt)', async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('reload')
    const passphrase = newPassphrase()
    const address = await logIn(page, stack, { url: stack.dappUrl, email, passphrase, prompt: 'create' })
    const mails = mailsTo(stack, email).length

    await page.reload()
    expect(await expectConnected(page, email)).toBe(address)
    await expect(framePrompt(page).getByRole('heading')).toHaveCount(0)
    // Give a stray mail time to arrive before counting.
    await page.waitForTimeout(500)
    expect(mailsTo(stack, email)).toHaveLength(mails)
  })

  test("behavior: the modal's Log out signs out and wipes the login cache; a reload stays disconnected without the iframe", async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('bye')
    await logIn(page, stack, { url: stack.dappUrl, email, passphrase: newPassphrase(), prompt: 'create' })
    const cache = () =>
      page.evaluate(
        (keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])),
        Object.values(LOGIN_CACHE),
      )
    expect(await cache()).toEqual({ [LOGIN_CACHE.email]: email, [LOGIN_CACHE.used]: 'true' })

    // The dApp's Disconnect only ends this site's connection (disconnect-keeps-login.spec.ts); Log out ends the login.
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Log out', exact: true }).click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await expect.poll(cache).toEqual({ [LOGIN_CACHE.email]: null, [LOGIN_CACHE.used]: null })
    // The frame forgot its session token too.
    await expect.poll(() => frameToken(page, stack)).toBeNull()

    const frameRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(stack.frameOrigin)) frameRequests.push(r.url())
    })
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
    await expect(page.locator('iframe')).toHaveCount(0)
    expect(frameRequests).toEqual([])
  })

  test('behavior: the same person on a second top-level site logs in with a code and the passphrase, and gets the same address', async ({
    page,
    context,
    stack,
  }) => {
    const email = uniqueEmail('grace')
    const passphrase = newPassphrase()
    const address = await logIn(page, stack, { url: stack.dappUrl, email, passphrase, prompt: 'create' })

    // Another site in the same browser: the frame's storage there is another partition, a new device.
    const other = await context.newPage()
    await other.goto(secondSite(stack))
    await expect(other.getByTestId('account-status')).toHaveText('disconnected')
    expect(
      await logIn(other, stack, { email, passphrase, prompt: 'enter', entry: 'paste' }),
      'the same wallet on the second site',
    ).toBe(address)
    await stack.mail.waitFor(email, { subject: SUBJECT.newDevice, timeoutMs: 10_000 })
    // The first site is still logged in.
    expect(await expectConnected(page, email)).toBe(address)
  })

  test('behavior: update e-mail, a code to the old address then one to the new; the new e-mail logs in to the same address', async ({
    page,
    stack,
  }) => {
    const oldEmail = uniqueEmail('old')
    const newEmail = uniqueEmail('new')
    const passphrase = newPassphrase()
    const address = await logIn(page, stack, {
      url: stack.dappUrl,
      email: oldEmail,
      passphrase,
      prompt: 'create',
    })

    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Update e-mail', exact: true }).click()
    await dialog(page).getByLabel('New e-mail', { exact: true }).fill(newEmail)
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()

    // Both codes go into the frame's prompt; the modal says where they went and holds no field.
    const prompt = framePrompt(page)
    await expect(prompt.locator('form')).toContainText(
      `Enter the 6-digit code we sent to your current e-mail, ${oldEmail}.`,
    )
    await expect(dialog(page).locator('input')).toHaveCount(0)
    await typeCode(page, await codeFromMail(stack, oldEmail, SUBJECT.changePrimary))
    await expect(prompt.locator('form')).toContainText(
      `Enter the 6-digit code we sent to your new e-mail, ${newEmail}.`,
    )
    await typeCode(page, await codeFromMail(stack, newEmail, SUBJECT.changeSecondary))

    // Back on the Account view, with the new address everywhere.
    await expect(dialog(page).getByRole('button', { name: 'Update e-mail', exact: true })).toBeVisible()
    await expect(dialog(page)).toContainText(newEmail)
    await expect(page.getByTestId('account-email')).toHaveText(newEmail)
    expect(await page.evaluate((key) => localStorage.getItem(key), LOGIN_CACHE.email)).toBe(newEmail)
    // The old address is told.
    await stack.mail.waitFor(oldEmail, { subject: SUBJECT.changed, timeoutMs: 10_000 })
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click()

    // Signed out, the new address logs in to the same wallet (this storage keeps its device: no prompt).
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Log out', exact: true }).click()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
    // The new address got its code moments ago: past this spec's 1 s resend cooldown first.
    await page.waitForTimeout(1_100)
    expect(await logIn(page, stack, { email: newEmail, passphrase, prompt: 'none' })).toBe(address)
  })

  test('behavior: a wrong code says "Invalid code" in the frame; fixing a digit sends nothing until Verify or Enter; after 5 wrong tries even the right code is refused', async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('typo')
    await page.goto(stack.dappUrl)
    await submitEmail(page, email)
    const code = await codeFromMail(stack, email, SUBJECT.login)
    const last = Number(code[5])
    const wrongLast = [1, 2, 3, 4, 5].map((n) => String((last + n) % 10))
    const verifies: number[] = []
    page.on('response', (r) => {
      const { pathname } = new URL(r.url())
      if (
        r.url().startsWith(stack.frameOrigin) &&
        r.request().method() === 'POST' &&
        pathname.endsWith('/verify')
      )
        verifies.push(r.status())
    })
    const prompt = framePrompt(page)
    const form = prompt.locator('form')
    const error = prompt.getByRole('alert')

    // Try 1: the whole code typed, its last digit wrong. The digits stay, to be fixed in place.
    await typeCode(page, `${code.slice(0, 5)}${wrongLast[0]}`)
    await expect(error).toHaveText(REFUSAL.wrong)
    await expect(codeBox(page, 1)).toHaveAttribute('aria-invalid', 'true')
    await expect(codeBox(page, 1)).toHaveValue(code[0]!)
    expect(verifies).toEqual([400])

    // Tries 2–5: the person fixes the last digit, which sends nothing; Enter does.
    for (const [i, digit] of wrongLast.slice(1).entries()) {
      await codeBox(page, 6).click()
      await page.keyboard.press(digit)
      await page.waitForTimeout(300)
      expect(verifies, 'a corrected digit alone is not a try').toHaveLength(i + 1)
      await page.keyboard.press('Enter')
      await expect.poll(() => verifies.length).toBe(i + 2)
      await expect(form).not.toHaveAttribute('aria-busy', 'true')
      await expect(error).toHaveText(REFUSAL.wrong)
    }

    // The sixth try, with the right code: the challenge is dead; the prompt says so and offers a new code.
    await codeBox(page, 6).click()
    await page.keyboard.press(code[5]!)
    await verify(page)
    await expect(error).toHaveText(REFUSAL.dead)
    expect(verifies).toEqual([400, 400, 400, 400, 400, 429])
    await expect(prompt.getByRole('button', { name: /^Resend code( in \d+s)?$/ })).toBeVisible()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  })

  test("behavior: 'Resend code' counts down from 30 s and says how long to wait; Cancel brings the modal's code view back and 'Enter the code' opens the prompt again; after 30 s a new code clears the boxes and the error and logs in", async ({
    page,
    stack,
  }) => {
    const email = uniqueEmail('wait')
    await page.goto(stack.dappUrl)
    await submitEmail(page, email)
    const prompt = framePrompt(page)
    const resend = prompt.getByRole('button', { name: /^Resend code in \d+s$/ })
    await expect(resend).toHaveAttribute('aria-disabled', 'true')
    const first = Number(/\d+/.exec((await resend.textContent()) ?? '')?.[0])
    expect(first).toBeGreaterThan(25)
    await expect
      .poll(async () => Number(/\d+/.exec((await resend.textContent()) ?? '')?.[0]))
      .toBeLessThan(first)
    // Still focusable while it counts (aria-disabled): pressed by keyboard, it says how long to wait.
    await resend.focus()
    await page.keyboard.press('Enter')
    await expect(prompt.getByRole('alert')).toHaveText(/^Please try again after \d+ seconds$/)
    expect(mailsTo(stack, email)).toHaveLength(1)

    await prompt.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(dialog(page).getByRole('button', { name: 'Enter the code', exact: true })).toBeVisible()
    await expect(dialog(page)).toContainText(`We sent a 6-digit code to ${email}.`)
    await dialog(page).getByRole('button', { name: 'Enter the code', exact: true }).click()
    const old = await codeFromMail(stack, email, SUBJECT.login)
    await typeCode(page, old === '000000' ? '111111' : '000000')
    await expect(prompt.getByRole('alert')).toHaveText(REFUSAL.wrong)

    // The spec's 30 s from the first mail (the frame counts them, whatever the server's own wait).
    const ready = prompt.getByRole('button', { name: 'Resend code', exact: true })
    await expect(ready).toBeVisible({ timeout: 35_000 })
    await ready.click()
    await expect(prompt.getByRole('status')).toHaveText(`A new code was sent to ${email}.`)
    await expect(prompt.getByRole('alert')).toHaveText('')
    for (let n = 1; n <= 6; n++) await expect(codeBox(page, n)).toHaveValue('')
    await expect(codeBox(page, 1)).not.toHaveAttribute('aria-invalid', 'true')
    await expect(prompt.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeVisible()
    await typeCode(page, await codeFromMail(stack, email, SUBJECT.login))
    await createPassphrase(page, newPassphrase())
    await expectConnected(page, email)
  })
})
