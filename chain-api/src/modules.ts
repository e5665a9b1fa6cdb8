/**
 * Every area of chain-api, in mounting order. Each area's `module.ts` brings its routes, migrations and
 * background work; a new area is one import and one entry here.
 * @module
 */
import { balancesModule } from './balances/module.ts'
import { catalogueModule } from './catalogue/module.ts'
import { gatewayModule } from './gateway/module.ts'
import { indexerModule } from './indexer/module.ts'
import type { ChainApiModule } from './module.ts'
import { namesModule } from './names/module.ts'
import { nftsModule } from './nfts/module.ts'
import { onrampModule } from './onramp/module.ts'
import { sessionsModule } from './sessions/module.ts'
import { supportedModule } from './supported/module.ts'
import { swapsModule } from './swaps/module.ts'

export const MODULES: readonly ChainApiModule[] = [
  supportedModule,
  gatewayModule,
  indexerModule,
  balancesModule,
  nftsModule,
  swapsModule,
  namesModule,
  sessionsModule,
  onrampModule,
  catalogueModule,
]
