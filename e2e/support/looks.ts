/**
 * How a wallet view looks: screenshots in the dark and light theme and on a phone, each attached to the
 * test's report and kept beside its results, with axe-core (WCAG 2.1 AA) on each. One place for what the
 * send, swap, buy and activity specs each did with a copy of their own.
 * @module
 */
import type { Page, TestInfo } from '@playwright/test'
import { animationsDone, expectAccessible } from './axe.ts'

export type Theme = 'light' | 'dark'
export type Look = { name: string; theme: Theme; viewport: { width: number; height: number } }

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 375, height: 667 }

/** Dark and light on a desktop window, and light on a phone. */
export const LOOKS: readonly Look[] = [
  { name: 'dark', theme: 'dark', viewport: DESKTOP },
  { name: 'light', theme: 'light', viewport: DESKTOP },
  { name: 'phone', theme: 'light', viewport: PHONE },
]

/**
 * The demo's theme switch, pressed through the page (it is outside the dialog, so this works while the
 * modal is open). The switch names the other theme: in `theme` already, there is nothing to press.
 */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((mode) => {
    const label = mode === 'light' ? 'Light theme' : 'Dark theme'
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
    )
    button?.click()
  }, theme)
}

/**
 * The page as it is now: a screenshot attached to the report as `name` (and written to the test's output
 * folder), then axe on the modal's part of the page (a soft failure naming `name`).
 */
export async function checkLook(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name.replace(/\W+/g, '-')}.png`)
  await animationsDone(page)
  await page.screenshot({ path })
  await testInfo.attach(name, { path, contentType: 'image/png' })
  await expectAccessible(name, { page })
}

/**
 * For each look: the window's size and the theme, then `show` (what to bring on screen in it, e.g. opening
 * and filling a form; nothing when the view stays), `checkLook` as `${view} (${look})`, then `leave`. Ends on a desktop
 * window in the dark theme, the demo's own.
 */
export async function lookAt(
  page: Page,
  testInfo: TestInfo,
  view: string,
  steps: {
    looks?: readonly Look[]
    show?: (look: Look) => Promise<void>
    leave?: (look: Look) => Promise<void>
  } = {},
): Promise<void> {
  for (const look of steps.looks ?? LOOKS) {
    await page.setViewportSize(look.viewport)
    await setTheme(page, look.theme)
    await steps.show?.(look)
    await checkLook(page, testInfo, `${view} (${look.name})`)
    await steps.leave?.(look)
  }
  await page.setViewportSize(DESKTOP)
  await setTheme(page, 'dark')
}
