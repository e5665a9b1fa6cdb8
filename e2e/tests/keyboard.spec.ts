import type { Page } from '@playwright/test'
import {
  codeBox,
  codeFromMail,
  expectConnected,
  framePrompt,
  newPassphrase,
  SUBJECT,
  uniqueEmail,
} from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'

/** The element that has focus, looking through shadow roots. */
function focused(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    const dialog = el?.closest('[role="dialog"]')
    return {
      tag: el?.tagName.toLowerCase(),
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      inDialog: !!dialog,
    }
  })
}

test('behavior: the modal works by keyboard alone', async ({ page, stack }) => {
  await page.goto(stack.dappUrl)
  // Reach the Connect button with Tab, open with Enter.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab')
    if ((await focused(page)).label === 'Connect') break
  }
  expect((await focused(page)).label).toBe('Connect')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true)

  // Tab and Shift+Tab stay inside the dialog (focus trap), however far we go.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab')
    expect((await focused(page)).inDialog).toBe(true)
  }
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).inDialog).toBe(true)
  }

  // Every control in the dialog has an accessible name.
  const unlabelled = await page.getByRole('dialog').evaluate((dialog) =>
    [...dialog.querySelectorAll('button, input, select, textarea, a[href]')]
      .filter((el) => {
        const id = el.getAttribute('id')
        const root = el.getRootNode() as ShadowRoot | Document
        const labelled = id ? root.querySelector(`label[for="${id}"]`) : null
        return !(
          el.getAttribute('aria-label') ||
          el.getAttribute('aria-labelledby') ||
          labelled ||
          el.textContent?.trim()
        )
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  )
  expect(unlabelled).toEqual([])

  // Esc closes and focus returns to the button that opened the modal.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  expect((await focused(page)).label).toBe('Connect')
})

test('behavior: a whole e-mail login by keyboard alone: the address, then the code typed into the frame and Enter', async ({
  page,
  stack,
}) => {
  // scrypt in the frame for the new wallet's passphrase, and real mail.
  test.setTimeout(60_000)
  const email = uniqueEmail('keys')
  await page.goto(stack.dappUrl)
  await page.getByRole('button', { name: 'Connect', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  const field = page.getByRole('dialog').getByLabel('E-mail', { exact: true })
  for (let i = 0; i < 10 && !(await field.evaluate((el) => el.matches(':focus'))); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(field).toBeFocused()
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')

  // The frame's prompt takes the focus: the code goes in key by key, Enter verifies it.
  await expect(codeBox(page, 1)).toBeFocused({ timeout: 15_000 })
  await page.keyboard.type(await codeFromMail(stack, email, SUBJECT.login))
  await page.keyboard.press('Enter')

  // A new wallet's passphrase, in the same prompt: field, Tab, field, Enter.
  const prompt = framePrompt(page)
  await expect(prompt.getByLabel('Passphrase', { exact: true })).toBeFocused({ timeout: 15_000 })
  const passphrase = newPassphrase()
  await page.keyboard.type(passphrase)
  await page.keyboard.press('Tab')
  await page.keyboard.type(passphrase)
  await page.keyboard.press('Enter')
  await expectConnected(page, email)
})
