import type { SessionPci } from '@keyframe/protocol/chain-api/sessions'
import type { Db } from '@keyframe/server-kit'
import { and, desc, eq } from 'drizzle-orm'
import { sessionsPcis } from './db/schema.ts'

/** At most this many sessions per listing (newest first). */
export const SESSIONS_LIST_MAX = 100

/** Where a session belongs: an account (CAIP-2 + lowercase address) and the project it was granted to. */
export type SessionOwner = { chainId: string; address: string; projectId: string }

/** A stored session as the API shows it. */
export function toSessionPci(row: typeof sessionsPcis.$inferSelect): SessionPci {
  return {
    pci: row.pci,
    project: { id: row.projectId },
    expiry: Math.floor(row.expiresAt.getTime() / 1000),
    createdAt: row.createdAt.toISOString(),
    permissions: row.permissions,
    policies: row.policies,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  }
}

/** The condition selecting the sessions of `owner`. */
export function ownedBy(owner: SessionOwner) {
  return and(
    eq(sessionsPcis.chainId, owner.chainId),
    eq(sessionsPcis.address, owner.address.toLowerCase()),
    eq(sessionsPcis.projectId, owner.projectId),
  )
}

/**
 * The sessions an account granted to a project, newest first, revoked and expired ones included.
 * @example
 * await listSessions(db, { chainId: 'eip155:31337', address: '0xf39f…', projectId: 'dev' })
 */
export async function listSessions(db: Db, owner: SessionOwner): Promise<SessionPci[]> {
  const rows = await db
    .select()
    .from(sessionsPcis)
    .where(ownedBy(owner))
    .orderBy(desc(sessionsPcis.createdAt), desc(sessionsPcis.pci))
    .limit(SESSIONS_LIST_MAX)
  return rows.map(toSessionPci)
}
