import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.ts'
import { addProject, getProject } from '../projects/store.ts'
import { createTestDatabase, testBackends } from '../testing/testDatabase.ts'
import { createDatabase } from './createDatabase.ts'

const dir = mkdtempSync(join(tmpdir(), 'keyframe-db-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const TABLES = [
  'audit_log',
  'auth_shares',
  'device_nonces',
  'devices',
  'farcaster_logins',
  'identities',
  'login_guards',
  'otp_challenges',
  'projects',
  'rate_limits',
  'recovery_shares',
  'sessions',
  'social_flows',
  'social_tickets',
  'users',
  'wallets',
  'watched_tokens',
]

describe.each(testBackends())('createDatabase (%s)', (backend) => {
  test('default: migrations create every table', async () => {
    const database = await createTestDatabase(backend)
    try {
      const result = await database.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )
      expect((result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name)).toEqual(
        TABLES,
      )
      await expect(database.ping()).resolves.toBeUndefined()
    } finally {
      await database.close()
    }
  }, 60_000)
})

test('behavior: a PGlite data folder keeps its rows across restarts; migrating twice is a no-op', async () => {
  const dataDir = join(dir, 'pglite')
  const first = await createDatabase({ dataDir })
  expect(first.kind).toBe('pglite')
  await addProject(first.db, DEV_PROJECT, new Date())
  await first.close()
  const second = await createDatabase({ dataDir })
  expect(await getProject(second.db, 'dev')).toEqual(DEV_PROJECT)
  await second.close()
}, 60_000)

test('error: an unreachable PostgreSQL URL fails fast', async () => {
  await expect(createDatabase({ url: 'postgres://app@127.0.0.1:1/none' })).rejects.toThrow()
})
