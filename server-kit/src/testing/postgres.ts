/**
 * Databases for tests: a throwaway PGlite, or — when TEST_DATABASE_URL is set (`scripts/postgres.sh`) — a
 * fresh database created on that PostgreSQL server and dropped afterwards.
 * @module
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export type Backend = 'pglite' | 'postgres'

/** The backends the DB suites run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function testBackends(): Backend[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}
/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a drop function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DATABASE_URL is not set')
  const name = `keyframe_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: base })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/**
 * A migrated, empty database on `backend` opened by `open` (a server's own opener); `close()` also drops a
 * PostgreSQL one.
 * @example
 * const database = await createTestDatabase('postgres', (url) => createDatabase(url ? { url } : { dataDir: 'memory://' }))
 */
export async function createTestDatabase<D extends { close(): Promise<void> }>(
  backend: Backend,
  open: (url: string | undefined) => Promise<D>,
): Promise<D> {
  if (backend === 'pglite') return open(undefined)
  const created = await createPostgresDatabase()
  const database = await open(created.url)
  return {
    ...database,
    async close() {
      await database.close()
      await created.drop()
    },
  }
}
