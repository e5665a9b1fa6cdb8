/**
 * The NFTs area: the ERC-721 tokens an account holds (no tables: it reads the indexer's transfers).
 * @module
 */
import type { ChainApiModule } from '../module.ts'
import { nftsRoutes } from './routes.ts'

export const nftsModule: ChainApiModule = { name: 'nfts', routes: nftsRoutes }
