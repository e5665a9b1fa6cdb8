import type { Stack } from '@keyframe/devstack'
import type { Browser } from 'playwright-core'
import { freshContext, median } from './browser.ts'

/**
 * Frame READY after the iframe is inserted: the dApp page inserts the frame and its READY listener, and
 * the time runs from the insertion to READY. Each run is a fresh context (cold cache).
 */
export async function measureReady(
  browser: Browser,
  stack: Stack,
  runs = 30,
): Promise<{ median: number; runs: number[] }> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const context = await freshContext(browser)
    const page = await context.newPage()
    await page.goto(stack.dappUrl)
    // Load the frame client chunk first, so only the iframe itself is timed.
    const ms = await page.evaluate(async () => {
      const kf = (window as unknown as { keyframe: { frame(): Promise<{ ensure(): Promise<void> }> } })
        .keyframe
      const client = await kf.frame()
      const observer = new Promise<number>((resolve) => {
        new MutationObserver((_, obs) => {
          if (document.querySelector('iframe')) {
            obs.disconnect()
            resolve(performance.now())
          }
        }).observe(document.body, { childList: true, subtree: true })
      })
      const existing = document.querySelector('iframe') ? performance.now() : undefined
      await client.ensure()
      const end = performance.now()
      return end - (existing ?? (await observer))
    })
    times.push(ms)
    await context.close()
  }
  return { median: median(times), runs: times }
}
