/**
 * Fixtures of the cross-engine suite (`engines/`, project `engines`): Playwright's runner runs it, but the
 * browsers are Firefox ESR and WebKitGTK, launched here for each test and closed after it, with their
 * helper processes. One stack per worker, as in the Chromium suites (`../fixtures.ts`). A failed test keeps
 * screenshots of the page and of the popup, if one is open.
 */
import { writeFileSync } from 'node:fs'
import { type Stack, startStack } from '@keyframe/devstack'
import { test as base, expect } from '@playwright/test'
import { stackLogFile } from '../artifacts.ts'
import type { EngineDriver, EngineName } from './driver.ts'
import { launchFirefox } from './firefox.ts'
import { launchWebKit } from './webkit.ts'

type Fixtures = {
  /** Which engine the test runs in (`test.use({ engineName })`). */
  engineName: EngineName
  engine: EngineDriver
}
type WorkerFixtures = { stack: Stack }

export const test = base.extend<Fixtures, WorkerFixtures>({
  engineName: ['firefox', { option: true }],
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const stack = await startStack({ logFile: stackLogFile(workerInfo.workerIndex, 'engines') })
      await use(stack)
      await stack.close()
    },
    // Anvil, the contracts, chain-api's first indexing: slow on a busy 2-core machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  engine: async ({ engineName, stack }, use, testInfo) => {
    const engine = engineName === 'firefox' ? await launchFirefox(stack.frameOrigin) : await launchWebKit()
    try {
      await use(engine)
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const where of ['page', 'popup'] as const) {
          if (where === 'popup' && !(await engine.hasPopup().catch(() => false))) continue
          const body = await engine.screenshot(where).catch(() => undefined)
          if (!body) continue
          const path = testInfo.outputPath(`${engineName}-${where}.png`)
          writeFileSync(path, body)
          await testInfo.attach(`${engineName} ${where}`, { path, contentType: 'image/png' })
        }
      }
    } finally {
      await engine.close()
    }
  },
})

export { expect }
