/**
 * `GET /v1/account/{address}/nfts`.
 * @module
 */
import { EMPTY_NFTS, getNfts } from '@keyframe/protocol/chain-api/nfts'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { nftsOf } from './nftsOf.ts'

export function nftsRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  route(app, getNfts, async ({ params, query }) => {
    const chains =
      query.chainId === undefined
        ? ctx.chains.list()
        : ctx.chains.list().filter((chain) => chain.caip2 === query.chainId)
    if (chains.length === 0) return EMPTY_NFTS
    return { nfts: await nftsOf(ctx.db, ctx.config, params.address, chains) }
  })
}
