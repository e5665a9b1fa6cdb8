/**
 * Issue 15, build point 9: closing the modal while the embedded wallet's approval waits for the person
 * rejects the dApp's request with 4001 at once (measured in the page, from the close click to the
 * rejection, ≤ 100 ms), and the frame's screen goes with it; a request that arrives while another waits is
 * queued visibly ('1 more request waiting'). An injected wallet's approval is the extension's own window,
 * which the modal neither shows nor closes, so this runs with the e-mail login only.
 */
import type { Page } from '@playwright/test'
import { toHex } from 'viem'
import { expectAccessible } from '../support/axe.ts'
import { dialog, frameOf, framePrompt } from '../support/email.ts'
import { approveButton, discoverKeyframe, newWallet } from '../support/evm.ts'
import { expect, test } from '../support/fixtures.ts'

// A login (scrypt in the frame, real mail), then two approvals on screen.
test.describe.configure({ timeout: 90_000 })

type Timed = { code: unknown; at: number }

/** Starts personal_sign of `message` on the discovered provider; its rejection's code and time are kept. */
function startSign(page: Page, message: string, address: string): Promise<void> {
  return page.evaluate(
    ({ data, address }) => {
      const w = window as unknown as {
        __kf: { provider: { request(args: unknown): Promise<unknown> } }
        __rejected: Timed[]
      }
      w.__rejected ??= []
      w.__kf.provider.request({ method: 'personal_sign', params: [data, address] }).then(
        () => w.__rejected.push({ code: 'resolved', at: performance.now() }),
        (error: { code?: unknown }) => w.__rejected.push({ code: error?.code, at: performance.now() }),
      )
    },
    { data: toHex(message), address },
  )
}

/** Keeps the time of the next click anywhere in the page (capture, before the modal's own handler). */
function timeNextClick(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.addEventListener('click', () => Object.assign(window, { __clickedAt: performance.now() }), {
      capture: true,
      once: true,
    })
  })
}

test('behavior: closing the modal during an approval rejects the request with 4001 within 100 ms; a second request shows as queued', async ({
  page,
  stack,
}) => {
  const address = await newWallet(page, stack, 'closer')
  await discoverKeyframe(page)

  await startSign(page, 'First request', address)
  await expect(framePrompt(page).getByText('First request')).toBeVisible()
  const queue = dialog(page).getByTestId('kf-approve-queue')
  await expect(queue).toHaveText('')

  await startSign(page, 'Second request', address)
  await expect(queue).toHaveText('1 more request waiting')
  // The first stays on screen: the second waits behind it in the frame.
  await expect(framePrompt(page).getByText('First request')).toBeVisible()
  await expectAccessible('the approval with a request queued behind it', {
    page,
    frame: frameOf(page, stack),
  })
  // The queue note as people see it: dark (the demo's), light, and on a phone; kept with the test's output.
  for (const [name, mode, width] of [
    ['dark', 'dark', 1280],
    ['light', 'light', 1280],
    ['phone', 'dark', 390],
  ] as const) {
    await page.evaluate(
      (m) => (window as unknown as { keyframe: { setThemeMode(m: string): void } }).keyframe.setThemeMode(m),
      mode,
    )
    await page.setViewportSize({ width, height: 844 })
    await expect(queue).toBeVisible()
    // The frame lays its screen out again for the new width in its own process: let it settle.
    await page.waitForTimeout(500)
    await page.screenshot({ path: test.info().outputPath(`approval-queue-${name}.png`) })
  }

  await timeNextClick(page)
  await dialog(page).getByRole('button', { name: 'Close' }).click()
  const { rejected, clickedAt } = await page
    .waitForFunction(() => {
      const w = window as unknown as { __rejected: Timed[]; __clickedAt?: number }
      return w.__rejected.length === 2 ? { rejected: w.__rejected, clickedAt: w.__clickedAt } : undefined
    })
    .then((handle) => handle.jsonValue() as Promise<{ rejected: Timed[]; clickedAt: number }>)
  expect(rejected.map((r) => r.code)).toEqual([4001, 4001])
  for (const { at } of rejected) expect(at - clickedAt).toBeLessThan(100)

  // The frame's screen is gone, and opening the modal again shows no approval.
  await expect(dialog(page)).toBeHidden()
  await expect(approveButton(page)).toBeHidden()
  await page.getByRole('button', { name: 'Account' }).click()
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page).getByTestId('kf-approve-slot')).toHaveCount(0)
})
