/**
 * Limits on anonymous login calls by who makes them (SECURITY.md §2), on top of the per-address ones in
 * `challenges.ts`: one client (IP, IPv6 /64) cannot ask codes for, or guess codes of, many addresses, and
 * one project's login cannot be made to send unbounded mail. Counted in PostgreSQL, so they hold across
 * instances. Keyed by the caller, never by the address, so they read the same for every address.
 * @module
 */
import { failRetryAfter } from '@keyframe/server-kit'
import type { Context } from 'hono'
import type { ServerContext } from '../context.ts'
import { clientAddress } from '../http/clientAddress.ts'
import { rateLimit } from '../rateLimit.ts'

const HOUR_MS = 60 * 60_000

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
  const now = ctx.now()
  const [perClient, perProject] =
    call === 'start'
      ? [ctx.limits.startsPerClientPerHour, ctx.limits.startsPerProjectPerHour]
      : [ctx.limits.verifiesPerClientPerHour, ctx.limits.verifiesPerProjectPerHour]
  const client = clientAddress(c, ctx.trustedProxyHops)
  const byClient = await rateLimit(
    ctx.db,
    { key: `login-${call}:client:${client}`, windowMs: HOUR_MS, max: perClient },
    now,
  )
  if (!byClient.ok) failRetryAfter('rate_limited', byClient.retryAfterMs)
  const byProject = await rateLimit(
    ctx.db,
    { key: `login-${call}:project:${projectId}`, windowMs: HOUR_MS, max: perProject },
    now,
  )
  if (!byProject.ok) failRetryAfter('rate_limited', byProject.retryAfterMs)
}
