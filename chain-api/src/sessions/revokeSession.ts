import type { SessionPci } from '@keyframe/protocol/chain-api/sessions'
import type { Db } from '@keyframe/server-kit'
import { and, eq, sql } from 'drizzle-orm'
import { sessionsPcis } from './db/schema.ts'
import { ownedBy, type SessionOwner, toSessionPci } from './listSessions.ts'

/**
 * Revokes a session of `owner` (the caller has checked the signature). Revoking again changes nothing: the first
 * `revokedAt` stays. Undefined when the owner has no such session.
 */
export async function revokeSession(
  db: Db,
  p: SessionOwner & { pci: string; now: Date },
): Promise<SessionPci | undefined> {
  const [row] = await db
    .update(sessionsPcis)
    .set({ revokedAt: sql`coalesce(${sessionsPcis.revokedAt}, ${p.now.toISOString()}::timestamptz)` })
    .where(and(eq(sessionsPcis.pci, p.pci.toLowerCase()), ownedBy(p)))
    .returning()
  return row ? toSessionPci(row) : undefined
}
