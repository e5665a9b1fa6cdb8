/**
 * The e2e fixtures for MetaMask's test dApp: its site (started before the worker's stack, whose dev project
 * then allows its origin) and the SDK bundle its page gets at document start.
 * @module
 */
import type { StaticSite } from '@keyframe/dev-fixtures'
import { test as base } from '../fixtures.ts'
import { buildSdkBundle } from './bundle.ts'
import { startTestDappSite } from './site.ts'

type WorkerFixtures = { testDappSite: StaticSite; sdkBundle: string }

export const test = base.extend<object, WorkerFixtures>({
  testDappSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const site = await startTestDappSite()
      await use(site)
      await site.close()
    },
    { scope: 'worker' },
  ],
  // The dev project (frame server, chain-api, faucet) allows the test dApp's origin; the chain main.js's
  // "Add Localhost 8546" adds (1338 on 127.0.0.1:8546) runs, and the operator's policy lets it be added.
  stackOptions: [
    async ({ testDappSite }, use) => {
      await use({ extraOrigins: [testDappSite.origin], addableChain: { chainId: 1338, port: 8546 } })
    },
    { scope: 'worker' },
  ],
  sdkBundle: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      await use(await buildSdkBundle())
    },
    { scope: 'worker' },
  ],
})

export { expect } from '../fixtures.ts'
