import { type Database, openDatabase } from '@keyframe/server-kit'
import { type Backend, createTestDatabase } from '@keyframe/server-kit/testing'
import { SESSIONS_MIGRATIONS } from '../db/migrations.ts'

/** A fresh database with the sessions table only, on `backend` (a PostgreSQL one is dropped on close). */
export function sessionsDatabase(backend: Backend = 'pglite'): Promise<Database> {
  return createTestDatabase(backend, (url) =>
    openDatabase(url ? { url, dataDir: '', maxConnections: 3 } : { dataDir: 'memory://' }, {
      schema: {},
      migrations: [SESSIONS_MIGRATIONS],
    }),
  )
}
