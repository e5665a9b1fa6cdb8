import type { Db } from './db/createDatabase.ts'
import { auditLog } from './db/schema/limits.ts'

/** What the audit log records. Never a secret and never free text. */
export type AuditAction =
  | 'user.created'
  | 'login'
  | 'device.verified'
  | 'device.approved'
  | 'device.revoked'
  | 'session.signed_out'
  | 'factor.refreshed'
  | 'email.changed'
  | 'wallet.created'
  | 'auth_share.stored'
  | 'auth_share.released'
  | 'recovery.stored'
  | 'recovery.released'

/** Appends one audit row (inside the caller's transaction when given one). */
export async function audit(
  db: Db,
  entry: { action: AuditAction; userId: string; deviceId?: string | null; projectId?: string | null },
  at: Date,
): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    userId: entry.userId,
    deviceId: entry.deviceId ?? null,
    projectId: entry.projectId ?? null,
    at,
  })
}
