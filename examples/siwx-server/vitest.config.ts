import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // @keyframe/sdk from its sources (the `@keyframe/source` export condition), not its dist/.
  ssr: { resolve: { conditions: ['@keyframe/source', ...defaultServerConditions] } },
  test: {
    name: 'example-siwx-server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
