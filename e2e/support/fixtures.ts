import { fileURLToPath } from 'node:url'
import { type Stack, type StackOptions, startStack } from '@keyframe/devstack'
import { type BrowserContext, test as base, expect } from '@playwright/test'
import { captureBrowserLogs, stackLogFile } from './artifacts.ts'
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

/**
 * Prepares a context the way every test needs it: offline, with the postMessage spy, its console and
 * errors written to the run's logs (for the canary).
 */
export async function prepareContext(
  context: BrowserContext,
  log: { workerIndex: number; test: string },
): Promise<void> {
  captureBrowserLogs(context, log.workerIndex, log.test)
  await context.addInitScript({ path: spyScript })
  await context.route('**/*', (route) =>
    isLoopback(route.request().url()) ? route.continue() : route.abort('internetdisconnected'),
  )
}

type Fixtures = { noWildcardTargets: undefined }
type WorkerFixtures = {
  /** Options of the worker's stack; a file that sets them (`test.use`) gets a worker of its own. */
  stackOptions: Omit<StackOptions, 'logFile'>
  stack: Stack
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  stackOptions: [{}, { scope: 'worker', option: true }],
  stack: [
    async ({ stackOptions }, use, workerInfo) => {
      // Every line the stack logs goes to the run's logs, for the canary.
      const stack = await startStack({ ...stackOptions, logFile: stackLogFile(workerInfo.workerIndex) })
      await use(stack)
      await stack.close()
    },
    // Two or three anvils, chain-api and the frame server: on a loaded machine their start passes 30 s.
    { scope: 'worker', timeout: 90_000 },
  ],
  context: async ({ context }, use, testInfo) => {
    await prepareContext(context, { workerIndex: testInfo.workerIndex, test: testInfo.titlePath.join(' › ') })
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
