/**
 * Names and identity: the name registry in Postgres (`names_*` tables) behind `/v1/profile/*`, and
 * `/v1/identity/{address}` reading it.
 * @module
 */
import { identityRoutes } from '../identity/routes.ts'
import type { ChainApiModule } from '../module.ts'
import { NAMES_MIGRATIONS } from './db/migrations.ts'
import { nameRoutes } from './routes.ts'

export const namesModule: ChainApiModule = {
  name: 'names',
  routes(app, ctx) {
    nameRoutes(app, ctx)
    identityRoutes(app, ctx)
  },
  migrations: NAMES_MIGRATIONS,
}
