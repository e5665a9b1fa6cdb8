/**
 * The balances area: account balances with USD prices and `/v1/fungible/price` (no tables; token lists come
 * from the indexer's).
 * @module
 */
import type { ChainApiModule } from '../module.ts'
import { balancesRoutes } from './routes.ts'

export const balancesModule: ChainApiModule = { name: 'balances', routes: balancesRoutes }
