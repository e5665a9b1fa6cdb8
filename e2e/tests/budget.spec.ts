import { recordScripts, sumGzip } from '@keyframe/dev-fixtures'
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
