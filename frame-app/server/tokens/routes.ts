/**
 * The tokens an account keeps (`wallet_watchAsset`): listed with the session, added only by the session's
 * device (`requireDeviceProof`), after the person approved the token in the frame. Public data, no limit
 * beyond {@link MAX_WATCHED_TOKENS} per account.
 * @module
 */
import { MAX_WATCHED_TOKENS, watchToken } from '@keyframe/protocol/frame-api/tokens'
import { fail, jsonBody } from '@keyframe/server-kit'
import { and, asc, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { requireDeviceProof } from '../auth/deviceProof.ts'
import { requireSession } from '../auth/session.ts'
import type { ServerContext } from '../context.ts'
import { watchedTokens } from '../db/schema/tokens.ts'
import { checksumAddress } from '../vault/evm.ts'

export function tokenRoutes(ctx: ServerContext) {
  const columns = {
    chainId: watchedTokens.chainId,
    address: watchedTokens.address,
    symbol: watchedTokens.symbol,
    decimals: watchedTokens.decimals,
  }
  const answer = (row: { chainId: number; address: string; symbol: string; decimals: number }) => ({
    ...row,
    address: checksumAddress(row.address),
  })

  return (
    new Hono()
      /** The account's tokens, oldest first. */
      .get('/', requireSession(ctx), async (c) => {
        const rows = await ctx.db
          .select(columns)
          .from(watchedTokens)
          .where(eq(watchedTokens.userId, c.get('session').userId))
          .orderBy(asc(watchedTokens.createdAt), asc(watchedTokens.chainId), asc(watchedTokens.address))
        return c.json({ tokens: rows.map(answer) })
      })

      /** Keeps a token; one already kept gets the new symbol and decimals. */
      .post('/', requireSession(ctx), requireDeviceProof(ctx), jsonBody(watchToken.body), async (c) => {
        const body = c.req.valid('json')
        const { userId } = c.get('session')
        const row = { ...body, address: body.address.toLowerCase() }
        const stored = await ctx.db.transaction(async (tx) => {
          const [kept] = await tx
            .select({ n: count() })
            .from(watchedTokens)
            .where(eq(watchedTokens.userId, userId))
          const [existing] = await tx
            .select({ address: watchedTokens.address })
            .from(watchedTokens)
            .where(
              and(
                eq(watchedTokens.userId, userId),
                eq(watchedTokens.chainId, row.chainId),
                eq(watchedTokens.address, row.address),
              ),
            )
          if (!existing && (kept?.n ?? 0) >= MAX_WATCHED_TOKENS) return undefined
          const [saved] = await tx
            .insert(watchedTokens)
            .values({ userId, ...row, createdAt: ctx.now() })
            .onConflictDoUpdate({
              target: [watchedTokens.userId, watchedTokens.chainId, watchedTokens.address],
              set: { symbol: row.symbol, decimals: row.decimals },
            })
            .returning(columns)
          return saved
        })
        if (!stored) fail(409, 'too_many_tokens', `An account keeps at most ${MAX_WATCHED_TOKENS} tokens`)
        return c.json({ token: answer(stored) })
      })
  )
}
