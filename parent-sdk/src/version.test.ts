import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { SDK_VERSION } from './version.ts'

test('default: SDK_VERSION equals the package version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  expect(SDK_VERSION).toBe(pkg.version)
})
