/**
 * Limits on anonymous login calls by who makes them (SECURITY.md §2), on top of the per-address ones in
 * `challenges.ts`: one client (IP, IPv6 /64) cannot ask codes for, or guess codes of, many addresses, and
 * one project's login cannot be made to send unbounded mail. Counted in PostgreSQL, so they hold across
 * instances. Keyed by the caller, never by the address, so they read the same for every address.
 * @module
 */
import { randomInt } from 'node:crypto'
import { compileStatement, failRetryAfter, columnName as name } from '@keyframe/server-kit'
import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ServerContext } from '../context.ts'
import { rateLimits } from '../db/schema/limits.ts'
import { clientAddress } from '../http/clientAddress.ts'

const HOUR_MS = 60 * 60_000
/**
 * Every login call of a project counts toward one hourly total: kept in this many rows, one picked at random
 * per call, so that concurrent logins do not queue on a single row lock.
 */
const PROJECT_SHARDS = 8

/**
 * One round trip: counts the call on the client's row and, unless that refuses it, on one shard of the
 * project's (a client past its own limit must not use up its project's), and answers the client's count and
 * the project's total (the shard's new count plus the other shards as they stood; null when not counted).
 */
const countCall = compileStatement(
  'count_login_call',
  ['window', 'clientKey', 'clientMax', 'shardKey', 'shardKeys'],
  (p) => {
    const r = rateLimits
    const upsert = sql`on conflict (${name(r.key)}, ${name(r.window)}) do update set ${name(r.count)} = ${r.count} + 1
        returning ${r.count} as count`
    return sql`
      with client as (
        insert into ${r} (${name(r.key)}, ${name(r.window)}, ${name(r.count)})
        values (${p.clientKey}, ${p.window}::timestamptz, 1) ${upsert}
      ), shard as (
        insert into ${r} (${name(r.key)}, ${name(r.window)}, ${name(r.count)})
        select ${p.shardKey}, ${p.window}::timestamptz, 1 where (select count from client) <= ${p.clientMax}::int
        ${upsert}
      )
      select
        (select count from client)::int as client_count,
        ((select count from shard) + coalesce((
          select sum(${r.count}) from ${r}
          where ${r.key} = any(string_to_array(${p.shardKeys}, ' ')) and ${r.key} <> ${p.shardKey}
            and ${r.window} = ${p.window}::timestamptz), 0))::int as project_count`
  },
)

/**
 * Counts one `/start` or `/verify` call against its client's and its project's hourly limits; ends the
 * request with 429 `rate_limited` (and `Retry-After`) past either.
 */
export async function limitLoginCall(
  ctx: ServerContext,
  c: Context,
  call: 'start' | 'verify',
  projectId: string,
): Promise<void> {
  const now = ctx.now().getTime()
  const window = Math.floor(now / HOUR_MS) * HOUR_MS
  const [perClient, perProject] =
    call === 'start'
      ? [ctx.limits.startsPerClientPerHour, ctx.limits.startsPerProjectPerHour]
      : [ctx.limits.verifiesPerClientPerHour, ctx.limits.verifiesPerProjectPerHour]
  // Project ids are [A-Za-z0-9_-], so the shard keys join with spaces.
  const shards = Array.from({ length: PROJECT_SHARDS }, (_, i) => `login-${call}:project:${projectId}:${i}`)
  const [row] = await countCall<{ client_count: number; project_count: number | null }>(ctx.db, {
    window: new Date(window).toISOString(),
    clientKey: `login-${call}:client:${clientAddress(c, ctx.trustedProxyHops)}`,
    clientMax: Math.min(perClient, 2 ** 31 - 1),
    shardKey: shards[randomInt(PROJECT_SHARDS)] as string,
    shardKeys: shards.join(' '),
  })
  if ((row?.client_count ?? 0) > perClient || (row?.project_count ?? 0) > perProject)
    failRetryAfter('rate_limited', window + HOUR_MS - now)
}
