/**
 * A server's database: PGlite in a data folder by default, PostgreSQL (node-postgres) when given a URL. The
 * same drizzle schema and queries run on both. Each module's checked-in drizzle migrations are applied on
 * open, in order, each folder with its own bookkeeping table, under a PostgreSQL advisory lock so that two
 * servers starting together do not run them twice.
 * @module
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

/** A drizzle database or transaction over either driver (a transaction is a `Db` too). */
export type Db<S extends Record<string, unknown> = Record<string, unknown>> = PgDatabase<PgQueryResultHKT, S>

export type Database<S extends Record<string, unknown> = Record<string, unknown>> = {
  db: Db<S>
  /** `pglite` (embedded) or `postgres` (a server at `url`). */
  kind: 'pglite' | 'postgres'
  /** Runs `select 1` (for `/healthz`); throws when the database does not answer. */
  ping(): Promise<void>
  /**
   * Takes the session advisory lock `(key, id)` if no other session holds it: on PostgreSQL on a connection
   * of its own, so it lasts until `release()` or until that connection dies (the process was killed, the
   * server restarted), when PostgreSQL frees it for another process. PGlite belongs to one process: always
   * taken. Undefined when another session holds it.
   */
  tryAdvisoryLock(key: number, id: number): Promise<AdvisoryLock | undefined>
  close(): Promise<void>
}

/** A held session advisory lock (`Database.tryAdvisoryLock`). */
export type AdvisoryLock = {
  /** Settles when the lock's connection is lost: from then on another process may hold the lock. */
  lost: Promise<void>
  release(): Promise<void>
}

/** A folder of drizzle-kit migrations and the table that records which of them ran. */
export type Migrations = { folder: string; table: string }

export type OpenDatabaseOptions = {
  /** `postgres://…`: use a PostgreSQL server. Takes precedence over `dataDir`. */
  url?: string
  /** PGlite data folder (created if missing), or `memory://` for a throwaway database. */
  dataDir: string
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number
}

/** Any number, the same for every server of the project: `pg_advisory_lock` key of the migration step. */
const MIGRATION_LOCK = 0x6b66_6d67
/** How often a held advisory lock's connection is checked (a half-open socket emits no error by itself). */
const LOCK_CHECK_MS = 5_000

/** `tryAdvisoryLock` on PostgreSQL: a client outside the pool, so the lock never returns to it with a query. */
async function tryPostgresLock(url: string, key: number, id: number): Promise<AdvisoryLock | undefined> {
  const client = new pg.Client({ connectionString: url, keepAlive: true })
  let lose: () => void = () => {}
  const lost = new Promise<void>((resolve) => {
    lose = resolve
  })
  client.on('error', () => lose())
  client.on('end', () => lose())
  await client.connect()
  let taken = false
  try {
    const result = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [
      key,
      id,
    ])
    taken = result.rows[0]?.taken === true
  } finally {
    if (!taken) await client.end().catch(() => {})
  }
  if (!taken) return undefined
  const check = setInterval(() => {
    client.query('select 1').catch(() => {
      lose()
      void client.end().catch(() => {})
    })
  }, LOCK_CHECK_MS)
  check.unref()
  void lost.then(() => clearInterval(check))
  return {
    lost,
    release: async () => {
      clearInterval(check)
      // Ending the session frees its advisory locks.
      await client.end().catch(() => {})
    },
  }
}

/**
 * Opens the database and applies the pending migrations of every folder, in the order given.
 * @example
 * const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: '.data/pglite' }, {
 *   schema, migrations: [{ folder: MIGRATIONS_FOLDER, table: '__drizzle_migrations' }],
 * })
 */
export async function openDatabase<S extends Record<string, unknown>>(
  options: OpenDatabaseOptions,
  setup: { schema: S; migrations: readonly Migrations[] },
): Promise<Database<S>> {
  const { schema, migrations } = setup
  const { url } = options
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 })
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {})
    const db = drizzleNodePg({ client: pool, schema })
    try {
      // The lock is held by one session: take it on a client of its own, migrate through the pool meanwhile.
      const lock = await pool.connect()
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        for (const m of migrations)
          await migrateNodePg(db, { migrationsFolder: m.folder, migrationsTable: m.table })
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        lock.release()
      }
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      db: db as unknown as Db<S>,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`)
      },
      tryAdvisoryLock: (key, id) => tryPostgresLock(url, key, id),
      close: () => pool.end(),
    }
  }
  const { dataDir } = options
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir)
  const db = drizzlePglite({ client, schema })
  try {
    for (const m of migrations)
      await migratePglite(db, { migrationsFolder: m.folder, migrationsTable: m.table })
  } catch (error) {
    await client.close()
    throw error
  }
  return {
    db: db as unknown as Db<S>,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    tryAdvisoryLock: async () => ({ lost: new Promise<void>(() => {}), release: async () => {} }),
    close: () => client.close(),
  }
}
