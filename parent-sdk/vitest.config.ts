import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'parent-sdk',
    // Node by default; files that need a DOM say `// @vitest-environment jsdom`.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
