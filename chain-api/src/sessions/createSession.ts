import { createHash, randomUUID } from 'node:crypto'
import type { SessionItem, SessionPci } from '@keyframe/protocol/chain-api/sessions'
import type { Db } from '@keyframe/server-kit'
import { sessionsPcis } from './db/schema.ts'
import { type SessionOwner, toSessionPci } from './listSessions.ts'

export type CreateSessionParameters = SessionOwner & {
  permissions: SessionItem[]
  policies: SessionItem[]
  expiresAt: Date
  /** The signed session text: each text creates at most one session. */
  message: string
  now: Date
}

/**
 * Stores a new session (the caller has checked the signature). Refused as `duplicate` when its signed text was
 * already used — a replayed creation, e.g. after the session was revoked.
 */
export async function createSession(
  db: Db,
  p: CreateSessionParameters,
): Promise<{ ok: true; session: SessionPci } | { ok: false; reason: 'duplicate' }> {
  const rows = await db
    .insert(sessionsPcis)
    .values({
      pci: randomUUID(),
      chainId: p.chainId,
      address: p.address.toLowerCase(),
      projectId: p.projectId,
      permissions: p.permissions,
      policies: p.policies,
      expiresAt: p.expiresAt,
      createdAt: p.now,
      revokedAt: null,
      messageHash: createHash('sha256').update(p.message).digest('hex'),
    })
    .onConflictDoNothing({ target: sessionsPcis.messageHash })
    .returning()
  const row = rows[0]
  return row ? { ok: true, session: toSessionPci(row) } : { ok: false, reason: 'duplicate' }
}
