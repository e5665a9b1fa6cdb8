/**
 * The licence guard: every package shipped with @keyframe/sdk, @keyframe/protocol, the frame app,
 * chain-api and server-kit (their production closure in package-lock.json) declares a licence we may ship.
 * Controls: the same walk over a copy of the lockfile fails on the WalletConnect Community License and on a
 * GPL package in a shipped closure.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { isAllowedLicence } from './allowedLicence.ts'
import { type Lockfile, productionClosure } from './productionClosure.ts'

/** The workspaces we publish (@keyframe/sdk, @keyframe/protocol) or deploy (the servers), as lockfile paths. */
const SHIPPED = ['parent-sdk', 'shared-protocol', 'frame-app', 'chain-api', 'server-kit']

const readLock = (): Lockfile =>
  JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as Lockfile

/** Each shipped package whose licence is refused, as "path@version: licence (needed by …)". */
function refused(lock: Lockfile): string[] {
  return productionClosure(lock, SHIPPED)
    .filter((p) => !isAllowedLicence(p.license))
    .map((p) => `${p.path}@${p.version}: ${p.license ?? 'no licence'} (needed by ${p.via})`)
}

test('every package in the production closure of the shipped packages has an allowed licence', () => {
  expect(refused(readLock())).toEqual([])
})

test('the walk covers what ships and only that: the WalletConnect provider in, dev-only GPL fixtures out', () => {
  const lock = readLock()
  const closure = productionClosure(lock, SHIPPED)
  const byName = (name: string) => closure.find((p) => p.name === name)
  // The SDK's lazily loaded WalletConnect provider, pinned to the last Apache-2.0 release, and its relay client.
  expect(byName('@walletconnect/universal-provider')).toMatchObject({
    version: '2.21.7',
    license: 'Apache-2.0',
  })
  expect(byName('@walletconnect/sign-client')?.license).toBe('Apache-2.0')
  for (const name of ['viem', 'zod', 'hono', 'preact', 'pg', 'nodemailer']) expect(byName(name)).toBeDefined()
  // In the lockfile but needed only by tests and tools: the Uniswap contracts (GPL, dev fixtures), the wallet
  // of the tests, the bundler.
  for (const path of [
    'node_modules/@uniswap/v2-core',
    'node_modules/@reown/walletkit',
    'node_modules/vite',
  ]) {
    expect(lock.packages[path], path).toBeDefined()
    expect(
      closure.some((p) => p.path === path),
      path,
    ).toBe(false)
  }
  expect(lock.packages['node_modules/@uniswap/v2-core']?.license).toBe('GPL-3.0-or-later')
})

describe('controls: the same walk over an altered copy of the lockfile', () => {
  test('@walletconnect/universal-provider under the WalletConnect Community License (2.21.9+) is refused', () => {
    const lock = readLock()
    const provider = lock.packages['node_modules/@walletconnect/universal-provider']!
    provider.license = 'SEE LICENSE IN LICENSE.md' // as universal-provider 2.25 declares it
    expect(refused(lock)).toEqual([
      'node_modules/@walletconnect/universal-provider@2.21.7: SEE LICENSE IN LICENSE.md (needed by @keyframe/sdk)',
    ])
  })

  test('a GPL package in a shipped closure is refused, with the package that pulled it in', () => {
    const lock = readLock()
    const serverKit = lock.packages['server-kit']!
    serverKit.dependencies = { ...serverKit.dependencies, '@uniswap/v2-core': '^1.0.1' }
    expect(refused(lock)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^node_modules\/@uniswap\/v2-core@[\d.]+: GPL-3\.0-or-later \(needed by @keyframe\/server-kit\)$/,
        ),
      ]),
    )
  })

  test('a dependency the lockfile does not resolve fails the walk instead of being skipped', () => {
    const lock = readLock()
    const protocol = lock.packages['shared-protocol']!
    protocol.dependencies = { ...protocol.dependencies, 'not-in-the-lockfile': '1.0.0' }
    expect(() => refused(lock)).toThrow(
      'shared-protocol depends on not-in-the-lockfile, which package-lock.json does not resolve',
    )
  })
})

test('licence expressions: permissive ids, OR takes an allowed side, AND needs both; copyleft and custom refused', () => {
  for (const ok of [
    'MIT',
    'ISC',
    'Apache-2.0',
    '0BSD',
    '(Apache-2.0 AND MIT)',
    '(MIT OR GPL-3.0-or-later)',
    'MIT OR Apache-2.0',
  ])
    expect(isAllowedLicence(ok), ok).toBe(true)
  for (const no of [
    'SEE LICENSE IN LICENSE.md',
    'SEE LICENSE IN LICENSE',
    'GPL-3.0-or-later',
    'LGPL-3.0-only',
    'AGPL-3.0-only',
    'MPL-2.0',
    'EUPL-1.1+',
    '(MIT AND GPL-3.0-or-later)',
    'GPL-2.0-only WITH Classpath-exception-2.0',
    'MIT WITH Classpath-exception-2.0',
    'UNLICENSED',
    'LicenseRef-WalletConnect',
    '(MIT',
    'MIT OR',
    '',
    undefined,
  ])
    expect(isAllowedLicence(no), String(no)).toBe(false)
})
