import type { Page } from '@playwright/test'
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
