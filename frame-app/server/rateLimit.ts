import { sql } from 'drizzle-orm'
import type { Db } from './db/createDatabase.ts'
import { rateLimits } from './db/schema/limits.ts'

export type RateLimitResult = { ok: true } | { ok: false; retryAfterMs: number }

/**
 * Counts one hit of `key` in the current fixed window and says whether it is within `max`.
 * @example
 * const hit = await rateLimit(db, { key: `share-release:${userId}`, windowMs: 3_600_000, max: 60 }, now)
 */
export async function rateLimit(
  db: Db,
  parameters: { key: string; windowMs: number; max: number },
  now: Date,
): Promise<RateLimitResult> {
  const start = Math.floor(now.getTime() / parameters.windowMs) * parameters.windowMs
  const [row] = await db
    .insert(rateLimits)
    .values({ key: parameters.key, window: new Date(start), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.window],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
  if ((row?.count ?? 0) <= parameters.max) return { ok: true }
  return { ok: false, retryAfterMs: start + parameters.windowMs - now.getTime() }
}
