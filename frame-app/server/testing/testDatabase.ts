/**
 * The frame server's databases for tests: a throwaway PGlite, or a fresh database on the TEST_DATABASE_URL
 * PostgreSQL server (`scripts/postgres.sh`), dropped afterwards.
 * @module
 */
import { type Backend, createTestDatabase as createOn } from '@keyframe/server-kit/testing'
import { createDatabase, type Database } from '../db/createDatabase.ts'

export { type Backend, createPostgresDatabase, testBackends } from '@keyframe/server-kit/testing'

/** A migrated, empty database on `backend`; `close()` also drops a PostgreSQL one. */
export function createTestDatabase(backend: Backend = 'pglite'): Promise<Database> {
  return createOn(backend, (url) =>
    createDatabase(url ? { url, maxConnections: 5 } : { dataDir: 'memory://' }),
  )
}
