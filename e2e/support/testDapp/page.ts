/**
 * Driving MetaMask's test dApp: its page opened with the SDK injected at document start, its buttons and
 * result fields (by the ids of its `main.js`), and the requests it made through the Keyframe provider as
 * the harness recorded them (`metaMaskFlag.js`).
 * @module
 */
import { fileURLToPath } from 'node:url'
import type { StaticSite } from '@keyframe/dev-fixtures'
import type { Stack } from '@keyframe/devstack'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { dialog } from '../email.ts'
import { approve, approveButton, rejectButton } from '../evm.ts'
import { configScript, testDappConfig } from './config.ts'

const flagScript = fileURLToPath(new URL('./metaMaskFlag.js', import.meta.url))

/** A request the dApp made through the Keyframe provider, and how it ended. */
export type DappRequest = {
  method: string
  params: unknown
  settled: boolean
  result?: unknown
  error?: { code: unknown; message: string; data?: unknown }
}

/**
 * Opens the test dApp with, at document start and in this order: the stack's configuration, the harness
 * (the `isMetaMask` flag and the request log) and the SDK bundle, which creates Keyframe.
 */
export async function openTestDapp(page: Page, stack: Stack, site: StaticSite, sdkBundle: string) {
  await page.addInitScript({ content: configScript(testDappConfig(stack, site.origin)) })
  await page.addInitScript({ path: flagScript })
  await page.addInitScript({ content: sdkBundle })
  await page.goto(site.url)
}

/** An element of the dApp by its id. */
export const byId = (page: Page, id: string): Locator => page.locator(`#${id}`)

function requestLog(page: Page): Promise<DappRequest[]> {
  return page.evaluate(() => (window as unknown as { __testDappRequests: DappRequest[] }).__testDappRequests)
}

/** How many `method` requests the dApp has made so far. */
export async function requestCount(page: Page, method: string): Promise<number> {
  return (await requestLog(page)).filter((r) => r.method === method).length
}

/** The `index`th `method` request (from 0), once it has ended. */
export async function settledRequest(page: Page, method: string, index: number): Promise<DappRequest> {
  let found: DappRequest | undefined
  await expect
    .poll(
      async () => {
        found = (await requestLog(page)).filter((r) => r.method === method)[index]
        return found?.settled ?? false
      },
      { message: `the dApp's ${method} request #${index} ends`, timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

/** Whether the `index`th `method` request has ended. */
export async function isSettled(page: Page, method: string, index: number): Promise<boolean> {
  return (await requestLog(page)).filter((r) => r.method === method)[index]?.settled ?? false
}

/**
 * Presses a dApp button whose request needs an approval, approves it in the frame (unless the request
 * ended first, refused), and returns the request once it has ended and the modal has closed.
 */
export async function pressAndApprove(page: Page, id: string, method: string): Promise<DappRequest> {
  const index = await requestCount(page, method)
  await byId(page, id).click()
  await expect
    .poll(async () => (await isSettled(page, method, index)) || (await approveButton(page).isVisible()), {
      message: `${id}: an approval screen or the end of its ${method}`,
      timeout: 20_000,
    })
    .toBe(true)
  if (!(await isSettled(page, method, index))) await approve(page)
  const request = await settledRequest(page, method, index)
  await expect(dialog(page)).toBeHidden()
  return request
}

/** The result of a request that must have succeeded (its error in the failure's message otherwise). */
export function succeeded(request: DappRequest, button: string): unknown {
  expect(request.error, `${button}: ${request.method} failed`).toBeUndefined()
  return request.result
}

/**
 * One button of the dApp (or a few that belong together), as a step of its own: a failure is recorded
 * (the test fails at its end) and the test goes on to the next button, so one run reports every button
 * that fails. An approval the failure left on screen is rejected first. Returns whether it passed.
 */
export async function button(page: Page, name: string, body: () => Promise<void>): Promise<boolean> {
  return test.step(name, async () => {
    try {
      await body()
      return true
    } catch (error) {
      expect.soft(error instanceof Error ? error.message : String(error), `${name} failed`).toBe('')
      if (await rejectButton(page).isVisible()) await rejectButton(page).click()
      await expect(dialog(page))
        .toBeHidden()
        .catch(() => {})
      return false
    }
  })
}
