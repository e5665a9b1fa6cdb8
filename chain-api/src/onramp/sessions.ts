/**
 * Purchase sessions in `onramp_sessions`. Paying is claimed with one conditional update (`open` → `paying`)
 * before anything is sent, so two pay requests — in one process or in several — can never both send.
 * @module
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '@keyframe/server-kit'
import { and, eq, gt } from 'drizzle-orm'
import { type OnrampSession, onrampSessions } from './db/schema.ts'

/** How long a purchase URL can be paid. */
export const ONRAMP_SESSION_TTL_MS = 60 * 60_000

/** 16 random bytes, base64url (22 characters): the purchase URL is its only credential. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url')
}

export type NewSession = Omit<OnrampSession, 'status' | 'txHash' | 'paidAt'>

export async function createSession(db: Db, session: NewSession): Promise<OnrampSession> {
  const [row] = await db
    .insert(onrampSessions)
    .values({ ...session, status: 'open' })
    .returning()
  return row!
}

export async function findSession(db: Db, id: string): Promise<OnrampSession | undefined> {
  const [row] = await db.select().from(onrampSessions).where(eq(onrampSessions.id, id))
  return row
}

/** Takes an open, unexpired session for paying; undefined when it is not (any more) payable. */
export async function claimSession(db: Db, id: string, now: Date): Promise<OnrampSession | undefined> {
  const [row] = await db
    .update(onrampSessions)
    .set({ status: 'paying' })
    .where(
      and(eq(onrampSessions.id, id), eq(onrampSessions.status, 'open'), gt(onrampSessions.expiresAt, now)),
    )
    .returning()
  return row
}

/** Gives a claimed session back (the transfer never reached the chain), so it can be paid again. */
export async function releaseSession(db: Db, id: string): Promise<void> {
  await db
    .update(onrampSessions)
    .set({ status: 'open' })
    .where(and(eq(onrampSessions.id, id), eq(onrampSessions.status, 'paying')))
}

/** Records the transfer as soon as the node took it, before waiting for its receipt. */
export async function recordSent(db: Db, id: string, txHash: `0x${string}`): Promise<void> {
  await db.update(onrampSessions).set({ txHash }).where(eq(onrampSessions.id, id))
}

/** Ends a claimed session: `paid` (the transfer succeeded) or `failed` (it reverted). */
export async function finishSession(db: Db, id: string, status: 'paid' | 'failed', now: Date): Promise<void> {
  await db
    .update(onrampSessions)
    .set({ status, ...(status === 'paid' ? { paidAt: now } : {}) })
    .where(and(eq(onrampSessions.id, id), eq(onrampSessions.status, 'paying')))
}
