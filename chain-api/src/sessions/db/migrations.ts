import { fileURLToPath } from 'node:url'
import type { Migrations } from '@keyframe/server-kit'

/** The sessions area's drizzle-kit migrations and their bookkeeping table. */
export const SESSIONS_MIGRATIONS: Migrations = {
  folder: fileURLToPath(new URL('../drizzle', import.meta.url)),
  table: '__drizzle_migrations_sessions',
}
