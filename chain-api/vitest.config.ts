import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Workspace packages from their sources (the `@keyframe/source` export condition), not their dist/:
  // `resolve` serves tests in a DOM environment, `ssr.resolve` those in Node.
  resolve: { conditions: ['@keyframe/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@keyframe/source', ...defaultServerConditions] } },
  test: {
    name: 'chain-api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
