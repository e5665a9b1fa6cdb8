import type { Stack } from '@keyframe/devstack'
import type { Browser } from 'playwright-core'
import { freshContext, median } from './browser.ts'

/**
 * Click on the connect button → Connect view visible, lazy chunk included: a fresh context per run (cold
 * cache), the click dispatched in the page, and the time taken when the dialog's heading is rendered
 * and visible on a painted frame.
 */
export async function measureClick(browser: Browser, stack: Stack, path = '', runs = 30) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const context = await freshContext(browser)
    const page = await context.newPage()
    await page.goto(`${stack.dappUrl}${path}`)
    await page.waitForLoadState('networkidle')
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === 'Connect',
          )!
          const visible = () => {
            const host = document.querySelector('[data-keyframe-modal]')
            const heading = host?.shadowRoot?.querySelector('[role="dialog"] h1, [role="dialog"] h2')
            return heading?.textContent?.trim() === 'Connect' && heading.getBoundingClientRect().height > 0
          }
          const start = performance.now()
          const tick = () =>
            visible()
              ? requestAnimationFrame(() => resolve(performance.now() - start))
              : requestAnimationFrame(tick)
          button.click()
          requestAnimationFrame(tick)
        }),
    )
    times.push(ms)
    await context.close()
  }
  return { median: median(times), runs: times }
}
