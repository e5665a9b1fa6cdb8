import { fileURLToPath } from 'node:url'
import { type Stack, startStack } from '@keyframe/devstack'
import { type BrowserContext, test as base, expect } from '@playwright/test'
import { isLoopback } from './browser.ts'

const spyScript = fileURLToPath(new URL('./postMessageSpy.js', import.meta.url))

export type SpyRecord = { from: string; targetOrigin: string; message: string }

/** Every postMessage the documents of a context sent, as the spy recorded them. */
export async function spyRecords(context: BrowserContext): Promise<SpyRecord[]> {
  const all: SpyRecord[] = []
  for (const page of context.pages()) {
    for (const frame of page.frames()) {
      const records = await frame
        .evaluate(() => (window as unknown as { __postMessageSpy?: SpyRecord[] }).__postMessageSpy ?? [])
        .catch(() => [])
      all.push(...records)
    }
  }
  return all
}

/** Prepares a context the way every test needs it: offline, with the postMessage spy. */
export async function prepareContext(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: spyScript })
  await context.route('**/*', (route) =>
    isLoopback(route.request().url()) ? route.continue() : route.abort('internetdisconnected'),
  )
}

type Fixtures = { noWildcardTargets: undefined }
type WorkerFixtures = { stack: Stack }

export const test = base.extend<Fixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const stack = await startStack()
      await use(stack)
      await stack.close()
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await prepareContext(context)
    await use(context)
  },
  // Every test of the run checks what its documents posted: no '*' target origin, ever.
  noWildcardTargets: [
    async ({ context }, use) => {
      await use(undefined)
      const wildcard = (await spyRecords(context)).filter((r) => r.targetOrigin === '*')
      expect(wildcard, 'postMessage calls with target origin "*"').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
