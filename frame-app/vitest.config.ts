import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'frame-app',
    environment: 'node',
    include: ['web/**/*.test.ts', 'server/**/*.test.ts'],
  },
})
