import { type Database, openDatabase } from '@keyframe/server-kit'
import { type Backend, createTestDatabase } from '@keyframe/server-kit/testing'
import { NAMES_MIGRATIONS } from '../db/migrations.ts'

/** A fresh database with the names tables only, on `backend` (a PostgreSQL one is dropped on close). */
export function namesDatabase(backend: Backend = 'pglite'): Promise<Database> {
  return createTestDatabase(backend, (url) =>
    openDatabase(url ? { url, dataDir: '', maxConnections: 3 } : { dataDir: 'memory://' }, {
      schema: {},
      migrations: [NAMES_MIGRATIONS],
    }),
  )
}
