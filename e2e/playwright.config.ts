import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './support/browser.ts'

export default defineConfig({
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Emptied when a run starts; the stacks' and browsers' logs and the secrets the tests saw go here too
  // (support/artifacts.ts), for the canary.
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  projects: [
    { name: 'e2e', testDir: 'tests' },
    // Last: reads what the whole run logged. Runs only after every e2e test ran (`dependencies`).
    { name: 'canary', testDir: 'canary', dependencies: ['e2e'] },
  ],
})
