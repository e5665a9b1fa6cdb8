/**
 * The swaps area: tokens, quotes, allowance, gas price, build-approve and build-transaction (no tables).
 * @module
 */
import type { ChainApiModule } from '../module.ts'
import { swapsRoutes } from './routes.ts'

export const swapsModule: ChainApiModule = { name: 'swaps', routes: swapsRoutes }
