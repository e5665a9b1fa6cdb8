/**
 * The indexer area: its tables (`idx_*`), the background indexer following every configured chain, and the
 * history endpoint that reads them.
 * @module
 */
import { fileURLToPath } from 'node:url'
import { historyRoutes } from '../history/routes.ts'
import type { ChainApiModule } from '../module.ts'
import { startIndexer } from './startIndexer.ts'

export const INDEXER_MIGRATIONS = {
  folder: fileURLToPath(new URL('./drizzle', import.meta.url)),
  table: '__drizzle_migrations_indexer',
}

export const indexerModule: ChainApiModule = {
  name: 'indexer',
  migrations: INDEXER_MIGRATIONS,
  routes: historyRoutes,
  start: (ctx) => startIndexer(ctx),
}
