import { recordScripts, sumGzip } from '@keyframe/dev-fixtures'
import type { Stack } from '@keyframe/devstack'
import type { Browser } from 'playwright-core'
import { freshContext } from './browser.ts'

export type BundleFigures = {
  page: string
  beforeOpen: number
  beforeOpenWithReact: number
  afterOpen: number
  scripts: { url: string; gzip: number; when: 'before' | 'after' }[]
}

/** Gzip bytes of the JS the demo loads before open() (React excluded and included) and when opening. */
export async function measureBundle(browser: Browser, stack: Stack, path = ''): Promise<BundleFigures> {
  const context = await freshContext(browser)
  const page = await context.newPage()
  const recorder = recordScripts(page)
  await page.goto(`${stack.dappUrl}${path}`)
  await page.waitForLoadState('networkidle')
  const before = await recorder.take()
  await page.getByRole('button', { name: 'Connect' }).click()
  await page.getByRole('dialog').getByRole('heading', { name: 'Connect' }).waitFor()
  await page.waitForLoadState('networkidle')
  const after = await recorder.take()
  await context.close()
  const short = (u: string) => new URL(u).pathname
  return {
    page: path || 'index.html',
    beforeOpen: sumGzip(before),
    beforeOpenWithReact: sumGzip(before, { withReact: true }),
    afterOpen: sumGzip(after, { withReact: true }),
    scripts: [
      ...before.map((s) => ({ url: short(s.url), gzip: s.gzip, when: 'before' as const })),
      ...after.map((s) => ({ url: short(s.url), gzip: s.gzip, when: 'after' as const })),
    ],
  }
}
