/**
 * Mailed codes and links (SECURITY.md §2): issuing under the per-address send limits, and checking under the
 * try limits and the address lockout. Everything here keys on the recipient address alone, never on whether
 * an account exists, so a known and an unknown address behave the same.
 * @module
 */
import { createHash, randomUUID } from 'node:crypto'
import { compileStatement, columnName as name, renderQuery, runNamed } from '@keyframe/server-kit'
import { and, asc, eq, getTableColumns, gt, isNull, type SQL, sql } from 'drizzle-orm'
import type { ServerContext } from '../context.ts'
import { codeMatches, generateLinkToken, generateOtp, hashCode, hashEmail } from '../crypto/otp.ts'
import type { Db } from '../db/createDatabase.ts'
import { type ChallengePurpose, otpChallenges } from '../db/schema/auth.ts'
import { loginGuards } from '../db/schema/users.ts'

export type Challenge = typeof otpChallenges.$inferSelect

/** Why a send or a check was refused: the route turns it into its HTTP answer. */
export type Refusal =
  | { ok: false; reason: 'locked' | 'cooldown' | 'hourly'; retryAfterMs: number }
  | { ok: false; reason: 'no_challenge' | 'used' | 'expired' | 'dead' | 'wrong'; triesLeft?: number }

/** Trimmed and lower-cased: one address, one account, one set of limits. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Serializes sends and checks for one address across connections (and is harmless on PGlite). */
async function lockAddress(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`keyframe-mail:${email}`}, 0))`)
}

async function lockedFor(tx: Db, ctx: ServerContext, email: string, now: Date): Promise<number> {
  const [guard] = await tx
    .select({ lockedUntil: loginGuards.lockedUntil })
    .from(loginGuards)
    .where(eq(loginGuards.emailHash, hashEmail(ctx.secrets, email)))
  const until = guard?.lockedUntil?.getTime() ?? 0
  return Math.max(0, until - now.getTime())
}

export type IssueParameters = {
  purpose: ChallengePurpose
  /** `otp`: 6 digits to type. `link`: a 256-bit token for an approval link. */
  kind: 'otp' | 'link'
  projectId: string
  /** Recipient (normalized). */
  email: string
  devicePublicKey?: string | null
  userId?: string | null
  sessionId?: string | null
  newEmail?: string | null
  /**
   * `address` (default): the cooldown, hourly limit and lockout of the recipient address, which anyone can
   * run up by asking codes for it. `session`: the same cooldown and hourly limit counted over this session's
   * own codes, and no lockout, for a device that already holds a bound session (its fresh-factor code), so
   * that what strangers do to the address never stops the owner from signing.
   */
  limitBy?: 'address' | 'session'
}

/**
 * Creates a challenge and returns its code for the mail, unless the address is locked, was mailed under
 * 30 s ago, or got 5 mails this hour (see `limitBy`). Older open challenges for the same purpose and device
 * (or session) expire: only the newest code works.
 */
export async function issueChallenge(
  ctx: ServerContext,
  parameters: IssueParameters,
): Promise<{ ok: true; id: string; code: string } | Refusal> {
  const now = ctx.now()
  return ctx.db.transaction(async (tx) => {
    await lockAddress(tx, parameters.email)
    const bySession = parameters.limitBy === 'session' ? parameters.sessionId : null
    if (!bySession) {
      const locked = await lockedFor(tx, ctx, parameters.email, now)
      if (locked > 0) return { ok: false, reason: 'locked', retryAfterMs: locked } as const
    }

    const hourAgo = new Date(now.getTime() - 60 * 60_000)
    const sent = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(
        and(
          bySession ? eq(otpChallenges.sessionId, bySession) : eq(otpChallenges.email, parameters.email),
          gt(otpChallenges.createdAt, hourAgo),
        ),
      )
      .orderBy(asc(otpChallenges.createdAt))
    const last = sent.at(-1)?.createdAt.getTime()
    if (last !== undefined && now.getTime() - last < ctx.limits.resendCooldownMs)
      return {
        ok: false,
        reason: 'cooldown',
        retryAfterMs: last + ctx.limits.resendCooldownMs - now.getTime(),
      } as const
    if (sent.length >= ctx.limits.sendsPerHour) {
      const oldest = sent[sent.length - ctx.limits.sendsPerHour]?.createdAt.getTime() ?? now.getTime()
      return { ok: false, reason: 'hourly', retryAfterMs: oldest + 60 * 60_000 - now.getTime() } as const
    }

    await tx
      .update(otpChallenges)
      .set({ expiresAt: now })
      .where(and(sameLookup(parameters), isNull(otpChallenges.usedAt), gt(otpChallenges.expiresAt, now)))

    const id = randomUUID()
    const code = parameters.kind === 'otp' ? generateOtp() : generateLinkToken()
    await tx.insert(otpChallenges).values({
      id,
      purpose: parameters.purpose,
      projectId: parameters.projectId,
      email: parameters.email,
      codeHash: hashCode(ctx.secrets, id, code),
      devicePublicKey: parameters.devicePublicKey ?? null,
      userId: parameters.userId ?? null,
      sessionId: parameters.sessionId ?? null,
      newEmail: parameters.newEmail ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ctx.limits.codeTtlMs),
    })
    return { ok: true, id, code } as const
  })
}

/** The challenges a new one supersedes: same purpose and recipient, same device or same session. */
function sameLookup(parameters: IssueParameters): SQL {
  const conditions = [
    eq(otpChallenges.purpose, parameters.purpose),
    eq(otpChallenges.email, parameters.email),
  ]
  if (parameters.sessionId) conditions.push(eq(otpChallenges.sessionId, parameters.sessionId))
  else if (parameters.devicePublicKey)
    conditions.push(eq(otpChallenges.devicePublicKey, parameters.devicePublicKey))
  return and(...conditions) as SQL
}

/** Removes a challenge whose mail could not be sent, so the address is not held by the cooldown. */
export async function dropChallenge(ctx: ServerContext, id: string): Promise<void> {
  await ctx.db.delete(otpChallenges).where(eq(otpChallenges.id, id))
}

/** The challenge columns as a select list, rendered once (see `compileStatement`). */
const challengeColumns = Object.entries(getTableColumns(otpChallenges))
const challengeSelect = sql.raw(challengeColumns.map(([, column]) => `"${column.name}"`).join(', '))

/**
 * The newest challenge matching `where`, row-locked for the rest of the transaction so parallel checks of
 * one challenge queue up (no more than 5 tries, no double use).
 */
export async function latestChallenge(tx: Db, where: SQL | undefined): Promise<Challenge | undefined> {
  const query = renderQuery(
    sql`select ${challengeSelect} from ${otpChallenges} where ${where ?? sql`true`}
      order by ${otpChallenges.createdAt} desc limit 1 for update`,
  )
  // Each caller's condition has one text, so one prepared statement per caller.
  const name = `keyframe_latest_${createHash('sha256').update(query.sql).digest('hex').slice(0, 16)}`
  const [row] = await runNamed<Record<string, unknown>>(tx, name, query)
  if (!row) return undefined
  // The drivers hand timestamps over as text, as for drizzle's own selects; the columns map them.
  const challenge: Record<string, unknown> = {}
  for (const [key, column] of challengeColumns) {
    const value = row[column.name]
    challenge[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return challenge as Challenge
}

/**
 * Checks a code against its challenge inside the caller's transaction. A wrong code costs a try and counts
 * toward the address lockout (not for `reauth`: a bound device's code, see `limitBy`) (both are written even though the caller answers with an error, so the caller
 * must commit, not throw). A right code resets the address's failure count; the caller marks the challenge used.
 * A locked address is refused before anything else is said about the challenge. One database round trip.
 */
export async function checkCode(
  tx: Db,
  ctx: ServerContext,
  challenge: Challenge | undefined,
  code: string,
): Promise<{ ok: true; challenge: Challenge } | Refusal> {
  if (!challenge) return { ok: false, reason: 'no_challenge' }
  const now = ctx.now()
  const closed: Refusal | undefined = challenge.usedAt
    ? { ok: false, reason: 'used' }
    : challenge.expiresAt.getTime() <= now.getTime()
      ? { ok: false, reason: 'expired' }
      : challenge.tries >= ctx.limits.maxTries
        ? { ok: false, reason: 'dead' }
        : undefined
  const sessionBound = challenge.purpose === 'reauth'
  if (closed) {
    const locked = sessionBound ? 0 : await lockedFor(tx, ctx, challenge.email, now)
    return locked > 0 ? { ok: false, reason: 'locked', retryAfterMs: locked } : closed
  }

  const matched = codeMatches(ctx.secrets, challenge.id, code, challenge.codeHash)
  if (sessionBound) {
    // A bound device's fresh-factor code: its 5 tries bound the guessing; the address lock, which strangers
    // can run up, neither applies to it nor counts its misses.
    if (matched) return { ok: true, challenge }
    await tx
      .update(otpChallenges)
      .set({ tries: sql`${otpChallenges.tries} + 1` })
      .where(eq(otpChallenges.id, challenge.id))
    return { ok: false, reason: 'wrong', triesLeft: ctx.limits.maxTries - challenge.tries - 1 }
  }

  // One statement whatever the code and the lock (see `guardStatement`).
  const [row] = await guardStatement<{ locked_until_ms: number | null }>(tx, {
    emailHash: hashEmail(ctx.secrets, challenge.email),
    challengeId: challenge.id,
    matched,
    at: now.toISOString(),
    lockUntil: new Date(now.getTime() + ctx.limits.lockMs).toISOString(),
    lockAfter: ctx.limits.lockAfterFailures,
  })
  const locked = Math.max(0, (row?.locked_until_ms ?? 0) - now.getTime())
  if (locked > 0) return { ok: false, reason: 'locked', retryAfterMs: locked }
  if (matched) return { ok: true, challenge }
  return { ok: false, reason: 'wrong', triesLeft: ctx.limits.maxTries - challenge.tries - 1 }
}

/**
 * The check of an open challenge: one statement, the same text whatever the code and the lock (the hot path
 * of every login). It reads the lock as of the statement's snapshot and, unless locked: a right code resets
 * the failure count; a wrong one costs a try and counts a failure, and reaching the limit locks the address
 * and starts a new count for after the lock. While the address is locked nothing is written, right code or
 * wrong. Answers the lock's end (ms since the epoch) or null.
 */
const guardStatement = compileStatement(
  'check_code',
  ['emailHash', 'challengeId', 'matched', 'at', 'lockUntil', 'lockAfter'],
  (p) => {
    const g = loginGuards
    const at = sql`${p.at}::timestamptz`
    const rowLocked = sql`coalesce(${g.lockedUntil} > ${at}, false)`
    const reached = sql`${g.consecutiveFailures} + 1 >= ${p.lockAfter}::int`
    return sql`
      with guard as (
        select ${g.lockedUntil} as locked_until from ${g} where ${g.emailHash} = ${p.emailHash}
      ), counted as (
        insert into ${g} (${name(g.emailHash)}, ${name(g.consecutiveFailures)}, ${name(g.updatedAt)})
        select ${p.emailHash}, 1, ${at} where not ${p.matched}::boolean
        on conflict (${name(g.emailHash)}) do update set
          ${name(g.lockedUntil)} = case when ${reached} then ${p.lockUntil}::timestamptz else ${g.lockedUntil} end,
          ${name(g.consecutiveFailures)} = case when ${reached} then 0 else ${g.consecutiveFailures} + 1 end,
          ${name(g.updatedAt)} = ${at}
        where not ${rowLocked}
      ), reset as (
        update ${g} set ${name(g.consecutiveFailures)} = 0, ${name(g.updatedAt)} = ${at}
        where ${g.emailHash} = ${p.emailHash} and ${p.matched}::boolean and not ${rowLocked}
      ), tried as (
        update ${otpChallenges} set ${name(otpChallenges.tries)} = ${otpChallenges.tries} + 1
        where ${otpChallenges.id} = ${p.challengeId}::uuid and not ${p.matched}::boolean
          and not exists (select 1 from guard where locked_until > ${at})
      )
      select (extract(epoch from (select locked_until from guard)) * 1000)::float8 as locked_until_ms`
  },
)

const markUsed = compileStatement(
  'use_challenge',
  ['id', 'at'],
  (p) =>
    sql`update ${otpChallenges} set ${name(otpChallenges.usedAt)} = ${p.at}::timestamptz where ${otpChallenges.id} = ${p.id}::uuid`,
)

/** Marks a checked challenge used (single use). */
export async function useChallenge(tx: Db, id: string, now: Date): Promise<void> {
  await markUsed(tx, { id, at: now.toISOString() })
}
