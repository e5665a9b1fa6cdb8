import { and, isNotNull, lt, or } from 'drizzle-orm'
import type { Db } from './db/createDatabase.ts'
import { otpChallenges, sessions } from './db/schema/auth.ts'
import { deviceNonces } from './db/schema/deviceNonces.ts'
import { farcasterLogins } from './db/schema/farcaster.ts'
import { rateLimits } from './db/schema/limits.ts'
import { socialFlows, socialTickets } from './db/schema/social.ts'

const HOUR = 60 * 60_000

/**
 * Deletes what no rule needs any more: challenges older than 2 h (the hourly send limit reads the last hour),
 * sessions expired or revoked over a day ago, rate-limit windows older than a day, expired device nonces,
 * social login flows and tickets, and Farcaster logins.
 */
export async function sweep(db: Db, now: Date): Promise<void> {
  const twoHoursAgo = new Date(now.getTime() - 2 * HOUR)
  const dayAgo = new Date(now.getTime() - 24 * HOUR)
  await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, twoHoursAgo))
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo))),
    )
  await db.delete(rateLimits).where(lt(rateLimits.window, dayAgo))
  await db.delete(deviceNonces).where(lt(deviceNonces.expiresAt, now))
  await db.delete(socialFlows).where(lt(socialFlows.expiresAt, now))
  await db.delete(socialTickets).where(lt(socialTickets.expiresAt, now))
  await db.delete(farcasterLogins).where(lt(farcasterLogins.expiresAt, now))
}
