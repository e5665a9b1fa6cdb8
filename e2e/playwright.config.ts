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
  outputDir: 'test-results',
  // Empties e2e/.artifacts, where the stacks' and browsers' logs and the secrets the tests saw go for the
  // canary (support/artifacts.ts).
  globalSetup: './support/globalSetup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  projects: [
    { name: 'e2e', testDir: 'tests' },
    // Firefox ESR and WebKitGTK, launched by the suite's own fixtures (support/engines/): the runner only runs it.
    { name: 'engines', testDir: 'engines' },
    // Last: reads what the whole run logged. Runs only after every e2e test ran (`dependencies`).
    { name: 'canary', testDir: 'canary', dependencies: ['e2e'] },
  ],
})
