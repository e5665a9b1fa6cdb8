/**
 * The end of a login (OTP verified, or a device approval collected): user, device and session are written in
 * ONE transaction — the caller's — so a crash leaves either all of them or none.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import { audit } from '../audit.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/createDatabase.ts'
import { sessions } from '../db/schema/auth.ts'
import type { RecoveryMode } from '../db/schema/projects.ts'
import { authShares, recoveryShares } from '../db/schema/shares.ts'
import { devices, users, wallets } from '../db/schema/users.ts'
import { createSession } from './session.ts'

export type WalletView = { id: string; address: string; publicKey: string; solanaAddress: string | null }

export type LoginOutcome =
  | {
      ok: true
      userId: string
      email: string
      created: boolean
      session: { id: string; token: string; expiresAt: Date }
      device: { id: string; isNew: boolean; hasAuthShare: boolean }
      wallet: WalletView | null
      /** The user's recovery mode if they have a wallet, else the project's (for the wallet about to be made). */
      recoveryMode: RecoveryMode
    }
  | { ok: false; reason: 'too_many_devices'; retryAfterMs: number }

/** The user's wallet, or null. */
export async function walletOf(db: Db, userId: string): Promise<WalletView | null> {
  const [wallet] = await db
    .select({
      id: wallets.id,
      address: wallets.address,
      publicKey: wallets.publicKey,
      solanaAddress: wallets.solanaAddress,
    })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  return wallet ?? null
}

/**
 * Creates the user on first login, verifies the device (≤ N new devices per rolling day) and opens a session.
 * Must run inside a transaction.
 */
export async function completeLogin(
  tx: Db,
  ctx: ServerContext,
  parameters: {
    email: string
    projectId: string
    projectRecoveryMode: RecoveryMode
    devicePublicKey: string
    /** `login` (OTP) or `device` (VERIFY_DEVICE approval): names the crash points. */
    via: 'login' | 'device'
    /** A session this one replaces (VERIFY_DEVICE): revoked. */
    replaces?: string
  },
): Promise<LoginOutcome> {
  const now = ctx.now()
  const inserted = await tx
    .insert(users)
    .values({ id: randomUUID(), email: parameters.email, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id })
  const created = inserted.length === 1
  if (created) ctx.crash('login.user-created')
  // Lock the user row: device counting and creation for one account run one at a time.
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, parameters.email))
    .for('update')
  if (!user) throw new Error('The user row vanished inside its transaction')

  const [known] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.userId, user.id),
        eq(devices.publicKey, parameters.devicePublicKey),
        isNull(devices.revokedAt),
      ),
    )
  let deviceId = known?.id
  if (!deviceId) {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000)
    const recent = await tx
      .select({ verifiedAt: devices.verifiedAt })
      .from(devices)
      .where(and(eq(devices.userId, user.id), gt(devices.verifiedAt, dayAgo)))
      .orderBy(asc(devices.verifiedAt))
    if (recent.length >= ctx.limits.deviceVerificationsPerDay) {
      const oldest =
        recent[recent.length - ctx.limits.deviceVerificationsPerDay]?.verifiedAt?.getTime() ?? now.getTime()
      return {
        ok: false,
        reason: 'too_many_devices',
        retryAfterMs: oldest + 24 * 60 * 60_000 - now.getTime(),
      }
    }
    deviceId = randomUUID()
    await tx.insert(devices).values({
      id: deviceId,
      userId: user.id,
      publicKey: parameters.devicePublicKey,
      projectId: parameters.projectId,
      createdAt: now,
      verifiedAt: now,
    })
  }

  const session = await createSession(tx, ctx, { userId: user.id, projectId: parameters.projectId, deviceId })
  if (parameters.replaces)
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, parameters.replaces))
  ctx.crash(parameters.via === 'login' ? 'login.session-created' : 'device.session-created')

  if (created)
    await audit(tx, { action: 'user.created', userId: user.id, projectId: parameters.projectId }, now)
  if (!known)
    await audit(
      tx,
      {
        action: parameters.via === 'login' ? 'device.verified' : 'device.approved',
        userId: user.id,
        deviceId,
        projectId: parameters.projectId,
      },
      now,
    )
  await audit(tx, { action: 'login', userId: user.id, deviceId, projectId: parameters.projectId }, now)

  const wallet = await walletOf(tx, user.id)
  const [share] = await tx
    .select({ deviceId: authShares.deviceId })
    .from(authShares)
    .where(eq(authShares.deviceId, deviceId))
  const [recovery] = await tx
    .select({ mode: recoveryShares.mode })
    .from(recoveryShares)
    .where(eq(recoveryShares.userId, user.id))
  return {
    ok: true,
    userId: user.id,
    email: parameters.email,
    created,
    session,
    device: { id: deviceId, isNew: !known, hasAuthShare: share !== undefined },
    wallet,
    recoveryMode: recovery?.mode ?? parameters.projectRecoveryMode,
  }
}
