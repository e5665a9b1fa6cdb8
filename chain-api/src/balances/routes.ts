/**
 * The balances endpoints: an account's balances (cached 30 s per account and chain) and token prices.
 * @module
 */
import { getBalance, getFungiblePrice, type TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import { getAddress } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { fungiblePrices } from '../prices/fungiblePrices.ts'
import { createBalanceCache } from './balanceCache.ts'
import { balancesOf } from './balancesOf.ts'

/** Registers `GET /v1/account/{address}/balance` and `POST /v1/fungible/price`. */
export function balancesRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  const cache = createBalanceCache()

  route(app, getBalance, async ({ params, query }) => {
    const address = getAddress(params.address)
    const chains: ChainWithClient[] = []
    if (query.chainId) {
      const chain = ctx.chains.get(query.chainId)
      if (chain) chains.push(chain)
    } else {
      for (const { caip2 } of ctx.chains.list()) {
        const chain = ctx.chains.get(caip2)
        if (chain) chains.push(chain)
      }
    }
    const force = query.forceUpdate === 'true'
    const perChain = await Promise.allSettled(
      chains.map(async (chain): Promise<TokenBalance[]> => {
        const key = `${chain.caip2}:${address}`
        const cached = force ? undefined : cache.get(key, ctx.now())
        if (cached) return cached
        const balances = await balancesOf(ctx, chain, address)
        cache.set(key, balances, ctx.now())
        return balances
      }),
    )
    const balances: TokenBalance[] = []
    perChain.forEach((result, i) => {
      if (result.status === 'fulfilled') balances.push(...result.value)
      else ctx.log.warn('balances: chain unavailable', { chain: chains[i]!.caip2, error: result.reason })
    })
    // One chain asked for and its node failing: the spec's words for it. Across chains, the others still answer.
    if (query.chainId && perChain[0]?.status === 'rejected')
      fail(502, 'chain_unavailable', 'Token Balance Unavailable')
    return { balances }
  })

  route(app, getFungiblePrice, async ({ body }) => ({ fungibles: await fungiblePrices(ctx, body.addresses) }))
}
