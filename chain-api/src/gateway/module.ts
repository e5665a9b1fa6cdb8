/**
 * The RPC gateway area: routes, the `gw_rate_counts` migrations, and the background flush of the rate
 * counters (about once a second, and once more on stop).
 * @module
 */
import { fileURLToPath } from 'node:url'
import type { ChainApiContext } from '../context.ts'
import type { ChainApiModule } from '../module.ts'
import { createRpcRateLimiter } from './rateLimiter.ts'
import { type GatewayDeps, gatewayRoutes } from './routes.ts'
import { createUpstream } from './upstream.ts'

export const RATE_FLUSH_EVERY_MS = 1000

// One limiter and one connection pool per running chain-api (a context), shared by its routes and its
// background flush; a test process may run several chain-apis at once.
const deps = new WeakMap<ChainApiContext, GatewayDeps>()

function depsOf(ctx: ChainApiContext): GatewayDeps {
  let found = deps.get(ctx)
  if (!found) {
    found = {
      limiter: createRpcRateLimiter({
        db: ctx.db,
        now: ctx.now,
        flushEveryMs: RATE_FLUSH_EVERY_MS,
        onFlushError: (error) => ctx.log.warn('gateway: rate counts not shared', { error }),
      }),
      upstream: createUpstream(),
    }
    deps.set(ctx, found)
  }
  return found
}

export const gatewayModule: ChainApiModule = {
  name: 'gateway',
  routes(app, ctx) {
    gatewayRoutes(app, ctx, depsOf(ctx))
  },
  migrations: {
    folder: fileURLToPath(new URL('./drizzle', import.meta.url)),
    table: '__drizzle_migrations_gateway',
  },
  start(ctx) {
    const { limiter, upstream } = depsOf(ctx)
    // Requests start a flush too when one is due; this one also shares the counts of a quiet moment.
    const timer = setInterval(() => void limiter.flush(), RATE_FLUSH_EVERY_MS)
    timer.unref()
    return async () => {
      clearInterval(timer)
      await limiter.flush()
      upstream.close()
    }
  },
}
