import { chromiumLaunchOptions } from '@keyframe/dev-fixtures'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'

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
