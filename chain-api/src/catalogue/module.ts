/**
 * The wallet catalogue area: a curated list served from memory (no tables).
 * @module
 */
import type { ChainApiModule } from '../module.ts'
import { catalogueRoutes } from './routes.ts'

export const catalogueModule: ChainApiModule = {
  name: 'catalogue',
  routes: catalogueRoutes,
}
