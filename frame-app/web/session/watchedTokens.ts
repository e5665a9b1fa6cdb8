/**
 * GET_WATCHED_TOKENS: the tokens the account keeps (`wallet_watchAsset`), from the frame's server, for the
 * wallet views of the parent. Small on purpose: it is part of the frame's first load.
 * @module
 */
import type { ParsedParams, RequestResult } from '@keyframe/protocol'
import { toCaip2 } from '@keyframe/protocol/core'
import type { RequestContext } from '../bridge/context.ts'
import { accountOf } from '../login/session.ts'

/** The account's tokens on `chainId` (any form the table accepts), or on every chain without one. */
export async function getWatchedTokens(
  params: ParsedParams<'GET_WATCHED_TOKENS'>,
  ctx: RequestContext,
): Promise<RequestResult<'GET_WATCHED_TOKENS'>> {
  const only = params.chainId === undefined ? undefined : toCaip2(params.chainId)
  const { body } = await accountOf(ctx, 'GET_WATCHED_TOKENS').api.call('listWatchedTokens', {
    signal: ctx.signal,
  })
  const tokens = body.tokens.map((token) => ({ ...token, chainId: toCaip2(token.chainId) }))
  return { tokens: only === undefined ? tokens : tokens.filter((token) => token.chainId === only) }
}
