import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'dev-fixtures',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
