import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'server-kit', environment: 'node', include: ['src/**/*.test.ts'] },
})
