/**
 * The frame's code prompt as a person meets it: in the light and the dark theme and on a phone, shown in
 * the modal over the dApp (screenshots attached to the report), with its names, roles, live error, fit,
 * axe-core (WCAG 2.1 AA) and the boxes' edges (WCAG 1.4.11, which axe does not check) checked.
 */

import type { Stack } from '@keyframe/devstack'
import { CONTROL_CONTRAST, leastContrast } from '@keyframe/protocol/core'
import type { Page } from '@playwright/test'
import { expectAccessible } from '../support/axe.ts'
import {
  codeBox,
  dialog,
  frameOf,
  framePrompt,
  submitEmail,
  typeCode,
  uniqueEmail,
  verify,
} from '../support/email.ts'
import { expect, test } from '../support/fixtures.ts'

test.use({ stackOptions: { recoveryMode: 'operator' } })

/** `rgb(r, g, b)` → `#rrggbb`. */
function hex(rgb: string): string {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number)
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

/** Each code box's edge as drawn, with the colours on either side of it: its own fill and the form's. */
async function boxEdges(page: Page, stack: Stack) {
  return frameOf(page, stack).evaluate(() => {
    const form = document.querySelector('form')
    if (!form) throw new Error('no prompt')
    return [...form.querySelectorAll('.kfp-code input')].map((box) => ({
      what: box.getAttribute('aria-label') ?? '',
      edge: getComputedStyle(box).borderTopColor,
      sides: [getComputedStyle(box).backgroundColor, getComputedStyle(form).backgroundColor],
    }))
  })
}

for (const { name, theme, viewport } of [
  { name: 'dark', theme: 'dark', viewport: { width: 1280, height: 800 } },
  { name: 'light', theme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'phone', theme: 'dark', viewport: { width: 375, height: 667 } },
] as const) {
  test(`default: the code prompt in the modal (${name}) — one named group of six labelled boxes, Verify, a countdown, an announced error, no axe-core violation, boxes' edges at ≥ 3:1`, async ({
    page,
    stack,
  }, testInfo) => {
    await page.setViewportSize(viewport)
    await page.goto(stack.dappUrl)
    if (theme === 'light') await page.getByRole('button', { name: 'Light theme', exact: true }).click()
    const email = uniqueEmail(`prompt.${name}`)
    await submitEmail(page, email)
    const prompt = framePrompt(page)
    await expect(dialog(page).getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()
    await expect(prompt.locator('form')).toHaveAccessibleName('Check your e-mail')
    await expect(prompt.getByRole('group')).toHaveAccessibleName(
      `Enter the 6-digit code we sent to ${email}.`,
    )
    await expect(prompt.getByRole('textbox')).toHaveCount(6)
    for (let n = 1; n <= 6; n++) await expect(codeBox(page, n)).toHaveAttribute('inputmode', 'numeric')
    await expect(prompt.getByRole('button', { name: 'Verify', exact: true })).toBeVisible()
    await expect(prompt.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible()
    await expect(prompt.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeVisible()
    // The whole prompt fits its place in the modal: nothing to scroll to reach Verify.
    const fits = await prompt
      .locator('form')
      .evaluate((form) => form.scrollHeight <= form.clientHeight && form.scrollWidth <= form.clientWidth)
    expect(fits, 'the prompt fits without scrolling').toBe(true)
    // WCAG 1.4.11: an empty box (all but the focused first) is found by its edge alone.
    const edges = await boxEdges(page, stack)
    expect(edges).toHaveLength(6)
    for (const box of edges.slice(1)) {
      expect(
        leastContrast(hex(box.edge), box.sides.map(hex)),
        `${box.what}: its edge ${box.edge} against ${box.sides.join(' and ')}`,
      ).toBeGreaterThanOrEqual(CONTROL_CONTRAST)
    }
    await testInfo.attach(`code prompt, ${name}`, { body: await page.screenshot(), contentType: 'image/png' })

    // An incomplete code: the error is in the alert region the boxes point to, and nothing is sent.
    await typeCode(page, '12', { verify: false })
    await verify(page)
    await expect(prompt.getByRole('alert')).toHaveText('Enter the 6-digit code')
    await expect(codeBox(page, 1)).toHaveAttribute('aria-invalid', 'true')
    await expect(codeBox(page, 1)).toHaveAttribute('aria-describedby', 'kfp-error')
    await expect(codeBox(page, 3)).toBeFocused()
    await page.screenshot({ path: testInfo.outputPath(`code-prompt-${name}.png`) })
    await testInfo.attach(`code prompt with an error, ${name}`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    })
    await expectAccessible(`the code prompt with an error, ${name}`, { page, frame: frameOf(page, stack) })
  })
}
