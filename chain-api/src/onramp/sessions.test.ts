import { fileURLToPath } from 'node:url'
import { type Database, openDatabase } from '@keyframe/server-kit'
import { createTestDatabase, testBackends } from '@keyframe/server-kit/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  claimSession,
  createSession,
  findSession,
  finishSession,
  type NewSession,
  newSessionId,
  releaseSession,
} from './sessions.ts'

const MIGRATIONS = {
  folder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  table: '__drizzle_migrations_onramp',
}
const NOW = new Date('2030-01-01T00:00:00Z')
const HOUR = 3_600_000

const purchase = (over: Partial<NewSession> = {}): NewSession => ({
  id: newSessionId(),
  projectId: 'p',
  partnerUserId: 'u',
  chain: 'eip155:31337',
  symbol: 'ETH',
  tokenAddress: null,
  decimals: 18,
  amount: '1000000000000000000',
  fiatTotal: '100.00',
  destination: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  createdAt: NOW,
  expiresAt: new Date(NOW.getTime() + HOUR),
  ...over,
})

describe.each(testBackends())('sessions (%s)', (backend) => {
  let database: Database
  // One database for the file (PGlite takes seconds to start); every test works on purchases of its own.
  beforeAll(async () => {
    database = await createTestDatabase(backend, (url) =>
      openDatabase(url ? { url, dataDir: '' } : { dataDir: 'memory://' }, {
        schema: {},
        migrations: [MIGRATIONS],
      }),
    )
  }, 60_000)
  afterAll(() => database?.close())

  test('default: a stored purchase reads back exactly, status open', async () => {
    const created = await createSession(database.db, purchase({ amount: (2n ** 255n).toString() }))
    expect(created.status).toBe('open')
    expect(await findSession(database.db, created.id)).toEqual(created)
    expect(created.amount).toBe((2n ** 255n).toString())
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  test('behavior: of many concurrent claims exactly one wins', async () => {
    const { id } = await createSession(database.db, purchase())
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimSession(database.db, id, NOW)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect((await findSession(database.db, id))?.status).toBe('paying')
  })

  test('behavior: a released claim can be claimed again; a finished one never', async () => {
    const { id } = await createSession(database.db, purchase())
    expect(await claimSession(database.db, id, NOW)).toBeDefined()
    await releaseSession(database.db, id)
    expect(await claimSession(database.db, id, NOW)).toBeDefined()
    await finishSession(database.db, id, 'paid', NOW)
    expect(await claimSession(database.db, id, NOW)).toBeUndefined()
    expect(await findSession(database.db, id)).toMatchObject({ status: 'paid', paidAt: NOW })
    await releaseSession(database.db, id)
    expect((await findSession(database.db, id))?.status).toBe('paid')
  })

  test('behavior: an expired purchase cannot be claimed', async () => {
    const { id } = await createSession(database.db, purchase({ expiresAt: NOW }))
    expect(await claimSession(database.db, id, NOW)).toBeUndefined()
    expect((await findSession(database.db, id))?.status).toBe('open')
  })

  test('error: an unknown status is refused by the table', async () => {
    const { id } = await createSession(database.db, purchase())
    const { onrampSessions } = await import('./db/schema.ts')
    const { eq } = await import('drizzle-orm')
    await expect(
      database.db
        .update(onrampSessions)
        .set({ status: 'refunded' as 'paid' })
        .where(eq(onrampSessions.id, id)),
    ).rejects.toThrow()
  })
})
