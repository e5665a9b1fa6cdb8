import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStaticSite } from '@keyframe/dev-fixtures'
import type { Stack } from '@keyframe/devstack'
import type { Browser } from 'playwright-core'
import { freshContext, median } from './browser.ts'

/**
 * The floor under the READY figure: a bare cross-origin iframe (no framework, no bundle) whose inline
 * script posts one message to its parent, timed the same way as the frame (insertion → message).
 */
export async function measureFloor(browser: Browser, stack: Stack, runs = 30) {
  const root = mkdtempSync(join(tmpdir(), 'keyframe-floor-'))
  writeFileSync(
    join(root, 'bare.html'),
    '<!doctype html><script>parent.postMessage("ready", location.ancestorOrigins[0])</script>',
  )
  const site = await startStaticSite({ root, host: '127.0.0.1', port: 0 })
  const bareUrl = `http://localhost:${new URL(site.url).port}/bare.html`
  const times: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const context = await freshContext(browser)
      const page = await context.newPage()
      await page.goto(stack.dappUrl)
      times.push(
        await page.evaluate(
          (src) =>
            new Promise<number>((resolve) => {
              const iframe = document.createElement('iframe')
              iframe.style.display = 'none'
              iframe.src = src
              addEventListener('message', (e) => {
                if (e.data === 'ready') resolve(performance.now() - start)
              })
              const start = performance.now()
              document.body.append(iframe)
            }),
          bareUrl,
        ),
      )
      await context.close()
    }
  } finally {
    await site.close()
    rmSync(root, { recursive: true, force: true })
  }
  return { median: median(times), runs: times }
}
