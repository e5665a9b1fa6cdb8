/**
 * axe-core (WCAG 2.1 A and AA) on every view a person meets, in the modal (the dApp page's shadow root) and
 * in the frame's own document, in the dark and the light theme and on a phone: Connect, the e-mail code
 * prompt, the new wallet's passphrase prompt, Account, Networks, Send, the approval screens of a
 * personal_sign, of typed data and of a transaction, UpdateEmail and its code prompt, a toast, UnsupportedChain,
 * and Connect offering a saved login after the dApp disconnected. Each view's violations are listed (rule, impact,
 * element, what is wrong) and the walk goes on, so one run names them all.
 */
import type { Frame, Page } from '@playwright/test'
import { getAddress } from 'viem'
import { axeViolations, expectAccessible } from '../support/axe.ts'
import { runAction } from '../support/demo.ts'
import {
  codeFromMail,
  createPassphrase,
  dialog,
  expectConnected,
  frameOf,
  framePrompt,
  logIn,
  newPassphrase,
  openModal,
  SUBJECT,
  submitEmail,
  typeCode,
  uniqueEmail,
} from '../support/email.ts'
import { approveButton, readToTheEnd, rejectButton } from '../support/evm.ts'
import { expect, prepareContext, test } from '../support/fixtures.ts'
import { DEV_WALLET_INFO, injectDevWallet } from '../support/injectedWallet.ts'

// The e-mail update mails the current address moments after its login code: a short resend cooldown.
// Reduced motion: the modal's views then appear without their fade, so axe never measures a colour half
// faded in (the views' final colours are what is checked; the fades are the same colours on the way there).
test.use({ stackOptions: { limits: { resendCooldownMs: 1_000 } }, reducedMotion: 'reduce' })

const openAccount = (page: Page) => page.getByRole('button', { name: 'Account', exact: true }).click()

for (const { name, theme, viewport } of [
  { name: 'dark', theme: 'dark', viewport: { width: 1280, height: 800 } },
  { name: 'light', theme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'phone, dark', theme: 'dark', viewport: { width: 375, height: 667 } },
  { name: 'phone, light', theme: 'light', viewport: { width: 375, height: 667 } },
] as const) {
  test(`accessibility: every view of the modal and the frame passes axe-core WCAG 2.1 AA (${name})`, async ({
    page,
    stack,
  }, testInfo) => {
    // A real login (scrypt in the frame for the new wallet) and two approval screens.
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    await page.goto(stack.dappUrl)
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme', exact: true }).click()
    const check = async (view: string) => {
      await testInfo.attach(`${view}, ${name}`, { body: await page.screenshot(), contentType: 'image/png' })
      // The frame document is there once the SDK made its iframe; before that, only the modal is.
      let frame: Frame | undefined
      try {
        frame = frameOf(page, stack)
      } catch {}
      await expectAccessible(view, { page, frame })
    }

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(dialog(page).getByLabel('E-mail', { exact: true })).toBeVisible()
    await check('Connect')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()

    const email = uniqueEmail(`axe.${theme}`)
    await submitEmail(page, email)
    await check('the e-mail code prompt')
    // The same prompt with its error shown (an incomplete code).
    await typeCode(page, '12')
    await expect(framePrompt(page).getByRole('alert')).not.toBeEmpty()
    await check('the e-mail code prompt with an error')

    await typeCode(page, await codeFromMail(stack, email, SUBJECT.login), { verify: false })
    await framePrompt(page).getByRole('button', { name: 'Verify', exact: true }).click()
    await expect(
      framePrompt(page).getByRole('heading', { name: 'Create a recovery passphrase' }),
    ).toBeVisible({ timeout: 15_000 })
    await check('the passphrase prompt (create)')
    await createPassphrase(page, newPassphrase())
    await stack.fund(getAddress(await expectConnected(page, email)))

    await openAccount(page)
    await expect(dialog(page).getByText(email)).toBeVisible()
    await check('Account')
    await dialog(page).getByRole('button', { name: 'Copy address', exact: true }).click()
    await expect(dialog(page).getByRole('status')).not.toBeEmpty()
    await check('Account with a toast')
    await dialog(page).getByRole('button', { name: 'Update e-mail', exact: true }).click()
    await expect(dialog(page).getByLabel('New e-mail', { exact: true })).toBeVisible()
    await check('UpdateEmail')
    await dialog(page)
      .getByLabel('New e-mail', { exact: true })
      .fill(uniqueEmail(`axe.new.${theme}`))
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(framePrompt(page).locator('form')).toContainText('your current e-mail', { timeout: 15_000 })
    await check('the current e-mail code prompt')
    // Cancel leaves the modal's own view of that step, with its way back into the prompt.
    await framePrompt(page).getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(dialog(page).getByRole('button', { name: 'Enter the code', exact: true })).toBeVisible()
    await check('UpdateEmailPrimaryOtp')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()

    await openAccount(page)
    await dialog(page).locator('.kf-chip').click()
    await expect(dialog(page).getByRole('heading', { name: 'Choose network' })).toBeVisible()
    await check('Networks')
    await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog(page).getByLabel('Amount', { exact: true })).toBeVisible()
    await check('Send')
    // With its errors shown.
    await dialog(page).getByLabel('Amount', { exact: true }).fill('abc')
    await dialog(page).getByLabel('To', { exact: true }).fill('0x12')
    await dialog(page).getByLabel('Amount', { exact: true }).focus()
    await expect(dialog(page).locator('[aria-invalid="true"]')).not.toHaveCount(0)
    await check('Send with errors')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()

    for (const action of ['Sign message', 'Sign typed data', 'Send ETH'] as const) {
      await runAction(page, 'viem', action)
      await expect(approveButton(page)).toBeVisible({ timeout: 15_000 })
      await readToTheEnd(page)
      await expect(approveButton(page)).toBeEnabled({ timeout: 15_000 })
      await check(`the approval screen (${action})`)
      await rejectButton(page).click()
      await expect(approveButton(page)).toBeHidden()
    }

    // The demo lists every chain the frame knows, so no connection lands on an unlisted one: the view is
    // opened through the SDK's public `open`, as the SDK opens it itself (core/network.ts).
    await page.evaluate(() =>
      (window as unknown as { keyframe: { open(o: { view: string }): Promise<void> } }).keyframe.open({
        view: 'UnsupportedChain',
      }),
    )
    await expect(dialog(page).getByRole('heading', { name: 'Switch network' })).toBeVisible()
    await check('UnsupportedChain')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()

    // The dApp's Disconnect keeps the login: Connect then offers to continue with it, or to log out.
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await openModal(page)
    await expect(
      dialog(page).getByRole('button', { name: `Continue as ${email}`, exact: true }),
    ).toBeVisible()
    await check('Connect with a saved login')
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`accessibility: the other ways in — a browser wallet listed, ConnectingExternal, a social login (not built yet: its note) and All wallets — pass axe-core (${theme})`, async ({
    page,
    stack,
  }) => {
    await injectDevWallet(page, stack)
    await page.goto(stack.dappUrl)
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme', exact: true }).click()
    await openModal(page)
    const wallet = dialog(page).getByRole('button', { name: DEV_WALLET_INFO.name })
    await expect(wallet).toBeVisible()
    await expectAccessible('Connect with a browser wallet listed', { page })
    for (const way of [/^Continue with /, /^All wallets$/]) {
      await dialog(page).getByRole('button', { name: way }).click()
      await expect(dialog(page).getByRole('button', { name: 'Back', exact: true })).toBeVisible()
      await expectAccessible(`the view behind "${way.source}"`, { page })
      await dialog(page).getByRole('button', { name: 'Back', exact: true }).click()
    }
    await wallet.click()
    await expect(dialog(page)).toContainText(`Continue in ${DEV_WALLET_INFO.name}`)
    await expectAccessible('ConnectingExternal', { page })
  })
}

for (const theme of ['dark', 'light'] as const) {
  test(`accessibility: a second device's passphrase prompt (enter) passes axe-core (${theme})`, async ({
    page,
    browser,
    stack,
  }) => {
    test.setTimeout(90_000)
    const email = uniqueEmail(`axe.device.${theme}`)
    await logIn(page, stack, { url: stack.dappUrl, email, passphrase: newPassphrase(), prompt: 'create' })
    const context = await browser.newContext()
    await prepareContext(context, {
      workerIndex: test.info().workerIndex,
      test: test.info().titlePath.join(' › '),
    })
    const other = await context.newPage()
    await other.goto(stack.dappUrl)
    if (theme === 'light') await other.getByRole('button', { name: 'Light theme', exact: true }).click()
    await other.waitForTimeout(1_100) // past the resend cooldown of the first login's code
    await submitEmail(other, email)
    await typeCode(other, await codeFromMail(stack, email, SUBJECT.login))
    await expect(
      framePrompt(other).getByRole('heading', { name: 'Enter your recovery passphrase' }),
    ).toBeVisible({ timeout: 15_000 })
    await expectAccessible('the passphrase prompt (enter)', { page: other, frame: frameOf(other, stack) })
    await context.close()
  })
}

test('accessibility: the approval popup document (/approve, for engines without IntersectionObserver v2) opened on its own passes axe-core', async ({
  page,
  stack,
}) => {
  // Without an offer from its opener it only says what it is for; the screen it shows once offered one is the
  // frame's approval screen, checked above.
  await page.goto(`${stack.frameOrigin}/approve`)
  await expect(page.locator('body')).toContainText('for one approval')
  await expectAccessible('the approval popup document', { frame: page.mainFrame() })
})

test('accessibility: control — the check names a nameless button put in the modal and an image without text put in the frame', async ({
  page,
  stack,
}) => {
  await page.goto(stack.dappUrl)
  await submitEmail(page, uniqueEmail('axe.control'))
  await page.evaluate(() => {
    const body = document.querySelector('[data-keyframe-modal]')?.shadowRoot?.querySelector('.kf-body')
    body?.append(Object.assign(document.createElement('button'), { className: 'kf-planted' }))
  })
  await frameOf(page, stack).evaluate(() => {
    const image = document.createElement('img')
    image.className = 'kf-planted'
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
    document.querySelector('form')?.append(image)
  })
  const violations = await Promise.all([axeViolations(page), axeViolations(frameOf(page, stack))])
  expect(violations.map((found) => found.map((v) => `${v.rule}: ${v.nodes.length}`))).toEqual([
    ['button-name: 1'],
    ['image-alt: 1'],
  ])
  expect(violations[0]?.[0]?.nodes[0]).toContain('.kf-planted')
})
