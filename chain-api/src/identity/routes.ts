/**
 * `GET /v1/identity/{address}`: the name and avatar of an address, from the name registry.
 * @module
 */
import { getIdentity } from '@keyframe/protocol/chain-api/names'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { identityOf } from './identityOf.ts'

/** Mounts `/v1/identity/{address}`. `sender` (the asking account) is accepted and not used. */
export function identityRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  route(app, getIdentity, ({ params }) => identityOf(ctx.db, params.address, ctx.config.nameSuffix))
}
