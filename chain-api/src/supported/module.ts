/**
 * Supported chains: the configured chains' CAIP-2 ids, in configuration order.
 * @module
 */
import { getSupportedChains, type SupportedChains } from '@keyframe/protocol/chain-api/supported'
import type { ChainApiContext } from '../context.ts'
import { route } from '../http/route.ts'
import type { ChainApiModule } from '../module.ts'

/** The answer of `GET /v1/supported-chains` for this configuration. */
export function supportedChainsOf(ctx: ChainApiContext): SupportedChains {
  return { http: ctx.chains.list().map((chain) => chain.caip2), ws: [] }
}

export const supportedModule: ChainApiModule = {
  name: 'supported',
  routes(app, ctx) {
    route(app, getSupportedChains, () => supportedChainsOf(ctx))
  },
}
