import { fileURLToPath } from 'node:url'
import { type Stack, startStack } from '@keyframe/devstack'
import { type BrowserContext, test as base, expect } from '@playwright/test'
import { isLoopback } from './browser.ts'

const spyScript = fileURLToPath(new URL('./postMessageSpy.js', import.meta.url))

export type SpyRecord = { from: string; targetOrigin: string; message: string }

/** post-robot's own hello to the parent, sent once on load with target '*': only an instance id. */
export function isPostRobotHello(record: SpyRecord): boolean {
  try {
    const parsed = JSON.parse(record.message) as Record<string, unknown>
    const keys = Object.keys(parsed)
    if (keys.length !== 1 || !keys[0]!.startsWith('__post_robot_')) return false
    const batch = parsed[keys[0]!] as { name?: string; type?: string; data?: Record<string, unknown> }[]
    return (
      Array.isArray(batch) &&
      batch.length === 1 &&
      batch[0]!.name === 'postrobot_hello' &&
      batch[0]!.type === 'postrobot_message_request' &&
      Object.keys(batch[0]!.data ?? {}).every((k) => k === 'instanceID')
    )
  } catch {
    return false
  }
}

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
      const wildcard = (await spyRecords(context)).filter(
        (r) => r.targetOrigin === '*' && !isPostRobotHello(r),
      )
      expect(wildcard, 'postMessage calls with target origin "*"').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
