import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createPostgresDatabase, testBackends } from '../testing/postgres.ts'
import { type Database, openDatabase } from './openDatabase.ts'

const migrations = [
  { folder: fileURLToPath(new URL('./fixtures/migrations', import.meta.url)), table: '__kit_migrations' },
]
const open = (url?: string) =>
  openDatabase(url ? { url, dataDir: 'memory://', maxConnections: 3 } : { dataDir: 'memory://' }, {
    schema: {},
    migrations,
  })

async function itemsTable(database: Database) {
  const result = await database.db.execute(sql`select count(*)::int as n from kit_items`)
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n
}

describe('openDatabase', () => {
  test('default: PGlite in memory, migrations applied, ping answers', async () => {
    const database = await open()
    try {
      expect(database.kind).toBe('pglite')
      expect(await itemsTable(database)).toBe(0)
      await expect(database.ping()).resolves.toBeUndefined()
    } finally {
      await database.close()
    }
  })

  test.runIf(testBackends().includes('postgres'))(
    'behavior: servers starting together on one PostgreSQL database migrate it once (advisory lock)',
    async () => {
      const created = await createPostgresDatabase()
      const opened: Database[] = []
      try {
        const results = await Promise.allSettled([1, 2, 3, 4].map(() => open(created.url)))
        for (const r of results) if (r.status === 'fulfilled') opened.push(r.value)
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'])
        const ran = await opened[0]!.db.execute(sql`select count(*)::int as n from drizzle.__kit_migrations`)
        expect((ran as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
        expect(await itemsTable(opened[0]!)).toBe(0)
      } finally {
        for (const database of opened) await database.close()
        await created.drop()
      }
    },
  )

  test.runIf(testBackends().includes('postgres'))(
    'behavior: an advisory lock is held by one process at a time, and freed when its connection dies',
    async () => {
      const created = await createPostgresDatabase()
      const [one, two] = [await open(created.url), await open(created.url)]
      try {
        const held = await one.tryAdvisoryLock(7, 1)
        expect(held).toBeDefined()
        expect(await two.tryAdvisoryLock(7, 1)).toBeUndefined()
        // Another id is another lock.
        const other = await two.tryAdvisoryLock(7, 2)
        expect(other).toBeDefined()
        await other?.release()

        // The holder's session ends as a killed process's does: the lock is lost there and free here.
        await two.db.execute(
          sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = 7 and objid = 1`,
        )
        await held?.lost
        const taken = await two.tryAdvisoryLock(7, 1)
        expect(taken).toBeDefined()
        await taken?.release()
        const again = await one.tryAdvisoryLock(7, 1)
        expect(again).toBeDefined()
        await again?.release()
      } finally {
        await one.close()
        await two.close()
        await created.drop()
      }
    },
  )
})
