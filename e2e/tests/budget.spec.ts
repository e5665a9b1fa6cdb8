import { recordScripts, sumGzip } from '@keyframe/dev-fixtures'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'

// Bundle sizes are deterministic, so the budget is a hard limit checked on every run.
const BUDGET = 25 * 1024

for (const path of ['', 'vanilla.html']) {
  test(`budget: the demo (${path || 'React'}) loads ≤ 25 kB gzip of JS before open(), React excluded`, async ({
    page,
    stack,
  }) => {
    const recorder = recordScripts(page)
    await page.goto(`${stack.dappUrl}${path}`)
    await page.waitForLoadState('networkidle')
    const before = await recorder.take()
    expect(before.length).toBeGreaterThan(0)
    const bytes = sumGzip(before)
    expect(bytes, `JS before open(): ${bytes} B gzip (budget ${BUDGET} B)`).toBeLessThanOrEqual(BUDGET)

    await page.getByRole('button', { name: 'Connect' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect((await recorder.take()).length, 'open() loads the modal on demand').toBeGreaterThan(0)
  })
}

test('budget: on the page without React, open() loads ≤ 25 kB gzip of JS, none of it React', async ({
  page,
  stack,
}) => {
  const recorder = recordScripts(page)
  await page.goto(`${stack.dappUrl}vanilla.html`)
  await page.waitForLoadState('networkidle')
  await recorder.take()
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const opened = await recorder.take()
  expect(opened.length, 'open() loads the modal on demand').toBeGreaterThan(0)
  // The modal renders with Preact: the demo's react-vendor chunk must not come with it.
  expect(opened.filter((s) => s.react).map((s) => s.url)).toEqual([])
  const bytes = sumGzip(opened, { withReact: true })
  expect(bytes, `JS loaded by open(): ${bytes} B gzip (budget ${BUDGET} B)`).toBeLessThanOrEqual(BUDGET)
})

/**
 * The network log: no script of WalletConnect's (its relay client) before open() nor on open(); once WalletConnect
 * is chosen, its chunk (the control: the same check finds it).
 */
async function walletConnectOnlyWhenChosen(page: Page, dappUrl: string) {
  const recorder = recordScripts(page)
  const walletConnectScripts = async () =>
    (await recorder.take()).filter((s) => s.walletConnect).map((s) => new URL(s.url).pathname)
  await page.goto(dappUrl)
  await page.waitForLoadState('networkidle')
  expect(await walletConnectScripts(), 'WalletConnect fetched before open()').toEqual([])

  await page.getByRole('button', { name: 'Connect' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Connect' })).toBeVisible()
  await recorder.settled()
  expect(await walletConnectScripts(), 'WalletConnect fetched by open(), before it was chosen').toEqual([])

  await dialog.getByRole('button', { name: 'WalletConnect', exact: true }).click()
  await expect(page.locator('[role="dialog"][data-view="ConnectingWalletConnect"]')).toBeVisible()
  await recorder.settled()
  expect((await walletConnectScripts()).length, 'choosing WalletConnect fetches its chunk').toBeGreaterThan(0)
}

test("budget: WalletConnect's chunk is fetched when WalletConnect is chosen, not before open() nor on open()", async ({
  page,
  stack,
}) => walletConnectOnlyWhenChosen(page, stack.dappUrl))

test.describe('on a phone (touch), where wallets open by deep link', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  test("budget: WalletConnect's chunk is fetched when WalletConnect is chosen, not before open() nor on open()", async ({
    page,
    stack,
  }) => walletConnectOnlyWhenChosen(page, stack.dappUrl))
})
