import { afterAll, beforeAll, expect, test } from 'vitest'
import { otpChallenges, sessions } from './db/schema/auth.ts'
import { deviceNonces } from './db/schema/deviceNonces.ts'
import { farcasterLogins } from './db/schema/farcaster.ts'
import { rateLimits } from './db/schema/limits.ts'
import { sweep } from './sweep.ts'
import { createHarness, type Harness } from './testing/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(() => h?.close())

test('behavior: drops old challenges, dead sessions, old rate-limit windows and expired nonces, keeps what rules still read', async () => {
  const old = await h.login('old@example.com')
  await h.call('POST', '/api/session/sign-out', undefined, old.auth)
  await h.db.insert(rateLimits).values({ key: 'k', window: h.now(), count: 1 })
  h.advance(25 * 60 * 60_000)
  const fresh = await h.login('fresh@example.com')
  await sweep(h.db, h.now())
  const challenges = await h.db.select({ email: otpChallenges.email }).from(otpChallenges)
  expect(challenges.map((c) => c.email)).toEqual(['fresh@example.com'])
  const left = await h.db.select({ id: sessions.id }).from(sessions)
  expect(left).toHaveLength(1)
  expect((await h.call('GET', '/api/session', undefined, fresh.auth)).json.isConnected).toBe(true)
  // Each login's signed verify used a nonce: the old one's record has expired and goes, the fresh one stays.
  const nonces = await h.db.select({ expiresAt: deviceNonces.expiresAt }).from(deviceNonces)
  expect(nonces).toHaveLength(1)
  expect(nonces[0]!.expiresAt.getTime()).toBeGreaterThan(h.now().getTime())
  // The old window goes; the fresh login's own windows (per client, per project) stay.
  const windows = await h.db.select({ key: rateLimits.key }).from(rateLimits)
  expect(windows.map((w) => w.key)).not.toContain('k')
  expect(windows.length).toBeGreaterThan(0)
})

test('behavior: drops Farcaster logins past their expiry, keeps open ones', async () => {
  const row = (devicePublicKey: string, expiresInMs: number) => ({
    projectId: 'dev',
    devicePublicKey,
    nonce: devicePublicKey,
    channelToken: devicePublicKey,
    createdAt: h.now(),
    expiresAt: new Date(h.now().getTime() + expiresInMs),
  })
  await h.db.insert(farcasterLogins).values([row('gone', -1), row('open', 60_000)])
  await sweep(h.db, h.now())
  const left = await h.db.select({ key: farcasterLogins.devicePublicKey }).from(farcasterLogins)
  expect(left.map((l) => l.key)).toEqual(['open'])
})
