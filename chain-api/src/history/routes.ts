/**
 * `GET /v1/account/{address}/history`.
 * @module
 */
import { EMPTY_HISTORY, getHistory, NO_ACCOUNT_MESSAGE } from '@keyframe/protocol/chain-api/history'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import { privateKeyToAddress } from 'viem/accounts'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { decodeCursor } from './cursor.ts'
import { historyOf } from './historyOf.ts'

/** The address the dev on-ramp sandbox pays from (its purchases are the `onramp` history), if configured. */
function onrampPayer(ctx: ChainApiContext): string | undefined {
  const key = ctx.config.onrampSandbox?.privateKey
  return key ? privateKeyToAddress(key).toLowerCase() : undefined
}

export function historyRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  const payer = onrampPayer(ctx)

  // An empty account segment matches no `{address}` route: answer it with the spec's words, after the same
  // project checks as the endpoint itself.
  const { params: _, ...withoutParams } = getHistory
  route(app, { ...withoutParams, path: '/v1/account//history' }, () =>
    fail(400, 'invalid_params', NO_ACCOUNT_MESSAGE),
  )

  route(app, getHistory, async ({ params, query }) => {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
    if (query.cursor !== undefined && !after) fail(400, 'invalid_params', 'cursor: Invalid cursor')
    const chains =
      query.chainId === undefined
        ? ctx.chains.list()
        : ctx.chains.list().filter((chain) => chain.caip2 === query.chainId)
    if (chains.length === 0) return EMPTY_HISTORY
    if (query.onramp !== undefined && !payer) return EMPTY_HISTORY
    return historyOf(ctx.db, ctx.config, {
      address: params.address.toLowerCase(),
      chains,
      after,
      sentBy: query.onramp === undefined ? undefined : payer,
    })
  })
}
