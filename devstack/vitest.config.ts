import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'devstack',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
