/**
 * Sessions: smart-session permissions accounts granted to projects (`sessions_pcis`), behind
 * `/v1/sessions/{account}`.
 * @module
 */
import type { ChainApiModule } from '../module.ts'
import { SESSIONS_MIGRATIONS } from './db/migrations.ts'
import { sessionRoutes } from './routes.ts'

export const sessionsModule: ChainApiModule = {
  name: 'sessions',
  routes: sessionRoutes,
  migrations: SESSIONS_MIGRATIONS,
}
