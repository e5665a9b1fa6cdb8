import { defineConfig } from 'vitest/config'

// One run over every package's unit tests; each package keeps its own settings.
export default defineConfig({
  test: {
    projects: [
      'shared-protocol',
      'server-kit',
      'chain-api',
      'frame-app',
      'parent-sdk',
      'dev-fixtures',
      'devstack',
      'examples/siwx-server',
    ],
  },
})
