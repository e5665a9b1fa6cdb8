import { chromiumLaunchOptions } from '@keyframe/dev-fixtures'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export async function launch(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions)
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

/**
 * A fresh context (cold cache). tsx compiles page functions with esbuild's keepNames, which calls a
 * `__name` helper that only exists in Node; the page gets a no-op one.
 */
export async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext()
  await context.addInitScript('globalThis.__name = (f) => f')
  return context
}

/** Node's clock in the page's units: ms since the epoch, high resolution. */
export const nodeNow = () => performance.timeOrigin + performance.now()

/**
 * The page clock minus Node's, from the quickest of a few round trips (NTP's estimate): a figure that starts
 * in Node or in another page and ends in this one is taken on one clock. `error` bounds the estimate (half the trip).
 */
export async function pageClockOffset(page: Page): Promise<{ offset: number; error: number }> {
  let best = { offset: 0, error: Number.POSITIVE_INFINITY }
  for (let i = 0; i < 7; i++) {
    const sent = nodeNow()
    const pageTime = await page.evaluate(() => performance.timeOrigin + performance.now())
    const back = nodeNow()
    if ((back - sent) / 2 < best.error)
      best = { offset: pageTime - (sent + back) / 2, error: (back - sent) / 2 }
  }
  return best
}
