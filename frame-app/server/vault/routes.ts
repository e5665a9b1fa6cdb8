/**
 * The share vault (SECURITY.md §1): wallet registration, device auth shares (auth_d), the recovery set
 * (recovery, auth_r) and devices. Every release and change is signed by the session's device
 * (`requireDeviceProof`); a device's own auth share needs nothing more, the recovery set a fresh factor
 * (5 min) too. Releases are rate-limited and audit-logged. Nothing here ever sees a whole key.
 * @module
 */
import { randomUUID } from 'node:crypto'
import {
  type RecoverySet,
  registerWallet,
  releaseDeviceShare,
  revokeDevice,
  storeDeviceShare,
  storeRecovery,
} from '@keyframe/protocol/frame-api/vault'
import { fail, failRetryAfter, jsonBody, parseOrFail } from '@keyframe/server-kit'
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit.ts'
import { requireDeviceProof } from '../auth/deviceProof.ts'
import { requireFreshFactor, requireSession, type SessionInfo } from '../auth/session.ts'
import type { ServerContext } from '../context.ts'
import { sessions } from '../db/schema/auth.ts'
import { authShares, recoveryShares } from '../db/schema/shares.ts'
import { devices, users, wallets } from '../db/schema/users.ts'
import { describeDevice } from '../mail/templates.ts'
import { getProject } from '../projects/store.ts'
import { rateLimit } from '../rateLimit.ts'
import { guardAccountChange, noticeAccountChange } from './accountChanges.ts'
import { addressOfPublicKey, checksumAddress, compressPublicKey } from './evm.ts'
import { assertRecoveryProof } from './recoveryProof.ts'
import {
  authRecoveryContext,
  authShareContext,
  openShare,
  operatorRecoveryContext,
  sealShare,
} from './shares.ts'

type RecoveryBody = RecoverySet

/** The session's device, which must be verified and active for any custody operation. */
function activeDevice(session: SessionInfo): string {
  if (!session.deviceId || !session.devicePublicKey)
    fail(403, 'device_not_verified', 'This device is not verified')
  return session.deviceId
}

export function vaultRoutes(ctx: ServerContext) {
  const sealRecovery = (walletId: string, userId: string, recovery: RecoveryBody) => {
    const auth = sealShare(ctx.secrets.kek, recovery.authShare, authRecoveryContext(walletId, userId))
    if (recovery.mode === 'passphrase')
      return {
        mode: recovery.mode,
        ciphertext: JSON.stringify(recovery.recoveryBlob),
        keyId: null,
        authCiphertext: auth,
        kekId: ctx.secrets.kek.id,
      }
    const key = ctx.secrets.operatorRecoveryKey
    if (!key) fail(503, 'operator_key_missing', 'Operator recovery is not configured on this server')
    return {
      mode: recovery.mode,
      ciphertext: sealShare(key, recovery.recoveryShare, operatorRecoveryContext(walletId, userId)),
      keyId: key.id,
      authCiphertext: auth,
      kekId: ctx.secrets.kek.id,
    }
  }

  const expectProjectMode = async (session: SessionInfo, mode: RecoveryBody['mode']) => {
    const project = await getProject(ctx.db, session.projectId)
    if (!project) fail(403, 'invalid_key', 'Invalid key')
    if (project.recoveryMode !== mode)
      fail(400, 'invalid_params', `recovery.mode: Expected "${project.recoveryMode}" for this project`)
  }

  return (
    new Hono<{ Variables: { session: SessionInfo } }>()
      /**
       * First-login registration: wallet + this device's auth share + the recovery set, in ONE transaction.
       */
      .post(
        '/wallet',
        requireSession(ctx),
        requireDeviceProof(ctx),
        jsonBody(registerWallet.body),
        async (c) => {
          const body = c.req.valid('json')
          const session = c.get('session')
          const deviceId = activeDevice(session)
          requireFreshFactor(session, ctx.now(), ctx.limits.unlockFreshnessMs)
          await expectProjectMode(session, body.recovery.mode)
          let derived: string
          try {
            derived = addressOfPublicKey(body.publicKey)
          } catch {
            fail(400, 'invalid_params', 'publicKey: Not a secp256k1 public key')
          }
          if (derived !== checksumAddress(body.address))
            fail(400, 'invalid_params', 'address: Does not match publicKey')

          const now = ctx.now()
          const walletId = body.walletId ?? randomUUID()
          const recovery = sealRecovery(walletId, session.userId, body.recovery)
          const authShare = sealShare(ctx.secrets.kek, body.authShare, authShareContext(walletId, deviceId))
          const wallet = {
            id: walletId,
            address: derived,
            publicKey: compressPublicKey(body.publicKey),
            solanaAddress: body.solanaAddress ?? null,
          }
          const created = await ctx.db.transaction(async (tx) => {
            await tx.select({ id: users.id }).from(users).where(eq(users.id, session.userId)).for('update')
            // One wallet per account; a frame-chosen id must be new too.
            const [existing] = await tx
              .select({ id: wallets.id })
              .from(wallets)
              .where(or(eq(wallets.userId, session.userId), eq(wallets.id, walletId)))
            if (existing) return false
            await tx.insert(wallets).values({ ...wallet, userId: session.userId, createdAt: now })
            ctx.crash('wallet.wallet-created')
            await tx.insert(authShares).values({
              deviceId,
              walletId,
              ciphertext: authShare,
              kekId: ctx.secrets.kek.id,
              createdAt: now,
              updatedAt: now,
            })
            await tx
              .insert(recoveryShares)
              .values({ userId: session.userId, walletId, ...recovery, createdAt: now, updatedAt: now })
            ctx.crash('wallet.shares-stored')
            const entry = { userId: session.userId, deviceId, projectId: session.projectId }
            await audit(tx, { action: 'wallet.created', ...entry }, now)
            await audit(tx, { action: 'auth_share.stored', ...entry }, now)
            await audit(tx, { action: 'recovery.stored', ...entry }, now)
            return true
          })
          if (!created) fail(409, 'wallet_exists', 'This account already has a wallet')
          return c.json({ wallet }, 201)
        },
      )

      /** Stores auth_d for this session's device (after a re-split on a new device). Fresh factor ≤ 15 min. */
      .put(
        '/shares/device',
        requireSession(ctx),
        requireDeviceProof(ctx),
        jsonBody(storeDeviceShare.body),
        async (c) => {
          const body = c.req.valid('json')
          const session = c.get('session')
          const deviceId = activeDevice(session)
          if (body.deviceId !== deviceId)
            fail(403, 'forbidden', 'A session can only store its own device share')
          requireFreshFactor(session, ctx.now(), ctx.limits.unlockFreshnessMs)
          const now = ctx.now()
          const stored = await ctx.db.transaction(async (tx) => {
            const [wallet] = await tx
              .select({ id: wallets.id })
              .from(wallets)
              .where(eq(wallets.userId, session.userId))
            if (!wallet) return false
            const ciphertext = sealShare(
              ctx.secrets.kek,
              body.authShare,
              authShareContext(wallet.id, deviceId),
            )
            await tx
              .insert(authShares)
              .values({
                deviceId,
                walletId: wallet.id,
                ciphertext,
                kekId: ctx.secrets.kek.id,
                createdAt: now,
                updatedAt: now,
              })
              .onConflictDoUpdate({
                target: authShares.deviceId,
                set: { walletId: wallet.id, ciphertext, kekId: ctx.secrets.kek.id, updatedAt: now },
              })
            await audit(
              tx,
              { action: 'auth_share.stored', userId: session.userId, deviceId, projectId: session.projectId },
              now,
            )
            return true
          })
          if (!stored) fail(409, 'no_wallet', 'This account has no wallet yet')
          return c.json({ deviceId })
        },
      )

      /**
       * Releases auth_d of this session's device to unlock signing: signed by that device, so no mailed code
       * (SECURITY.md §1); rate-limited; audited.
       */
      .get('/shares/device/:deviceId', requireSession(ctx), requireDeviceProof(ctx), async (c) => {
        const requested = parseOrFail(releaseDeviceShare.params, c.req.param()).deviceId
        const session = c.get('session')
        const deviceId = activeDevice(session)
        if (requested !== deviceId) fail(403, 'forbidden', 'A session can only unlock its own device share')
        const now = ctx.now()
        const limited = await rateLimit(
          ctx.db,
          {
            key: `share-release:${session.userId}`,
            windowMs: 60 * 60_000,
            max: ctx.limits.shareReleasesPerHour,
          },
          now,
        )
        if (!limited.ok) failRetryAfter('rate_limited', limited.retryAfterMs)
        const [row] = await ctx.db
          .select({
            walletId: authShares.walletId,
            ciphertext: authShares.ciphertext,
            kekId: authShares.kekId,
          })
          .from(authShares)
          .innerJoin(wallets, eq(wallets.id, authShares.walletId))
          .where(and(eq(authShares.deviceId, deviceId), eq(wallets.userId, session.userId)))
        if (!row) fail(404, 'no_share', 'No share is stored for this device')
        const authShare = openShare(ctx.secrets.kek, row.ciphertext, authShareContext(row.walletId, deviceId))
        await audit(
          ctx.db,
          { action: 'auth_share.released', userId: session.userId, deviceId, projectId: session.projectId },
          now,
        )
        return c.json({ deviceId, walletId: row.walletId, authShare })
      })

      /**
       * Replaces the recovery set (new passphrase, re-split): only with the wallet key's signature over the
       * new set, so it rebuilds the same wallet. Fresh factor ≤ 5 min; 3 a day; the owner is told.
       */
      .put(
        '/shares/recovery',
        requireSession(ctx),
        requireDeviceProof(ctx),
        jsonBody(storeRecovery.body),
        async (c) => {
          const { recovery: body, signature } = c.req.valid('json')
          const session = c.get('session')
          const deviceId = activeDevice(session)
          requireFreshFactor(session, ctx.now(), ctx.limits.recoveryFreshnessMs)
          await expectProjectMode(session, body.mode)
          const [wallet] = await ctx.db
            .select({ id: wallets.id, address: wallets.address })
            .from(wallets)
            .where(eq(wallets.userId, session.userId))
          if (!wallet) fail(409, 'no_wallet', 'This account has no wallet yet')
          if (ctx.accountGuards !== 'off') await assertRecoveryProof(wallet, body, signature as `0x${string}`)
          await guardAccountChange(ctx, session, 'recovery_replaced')
          const now = ctx.now()
          const walletId = wallet.id
          const recovery = sealRecovery(walletId, session.userId, body)
          await ctx.db.transaction(async (tx) => {
            await tx
              .insert(recoveryShares)
              .values({ userId: session.userId, walletId, ...recovery, createdAt: now, updatedAt: now })
              .onConflictDoUpdate({
                target: recoveryShares.userId,
                set: { walletId, ...recovery, updatedAt: now },
              })
            await audit(
              tx,
              { action: 'recovery.stored', userId: session.userId, deviceId, projectId: session.projectId },
              now,
            )
          })
          await noticeAccountChange(ctx, session, 'recovery_replaced', { required: false })
          return c.json({ mode: body.mode })
        },
      )

      /** Releases the recovery set to rebuild the key on a new device. Fresh factor ≤ 5 min; rate-limited; audited. */
      .get('/shares/recovery', requireSession(ctx), requireDeviceProof(ctx), async (c) => {
        const session = c.get('session')
        const deviceId = activeDevice(session)
        const now = ctx.now()
        requireFreshFactor(session, now, ctx.limits.recoveryFreshnessMs)
        const limited = await rateLimit(
          ctx.db,
          {
            key: `recovery-release:${session.userId}`,
            windowMs: 60 * 60_000,
            max: ctx.limits.recoveryReleasesPerHour,
          },
          now,
        )
        if (!limited.ok) failRetryAfter('rate_limited', limited.retryAfterMs)
        const [row] = await ctx.db
          .select()
          .from(recoveryShares)
          .where(eq(recoveryShares.userId, session.userId))
        if (!row) fail(404, 'no_recovery', 'No recovery set is stored for this account')
        // The owner is told first. In operator mode the server holds both halves, so without the notice
        // nothing is released (a 503 and no rebuild); a passphrase set is useless without the passphrase.
        await noticeAccountChange(ctx, session, 'recovery_released', { required: row.mode === 'operator' })
        const authShare = openShare(
          ctx.secrets.kek,
          row.authCiphertext,
          authRecoveryContext(row.walletId, row.userId),
        )
        let released:
          | { mode: 'passphrase'; recoveryBlob: unknown }
          | { mode: 'operator'; recoveryShare: string }
        if (row.mode === 'passphrase')
          released = { mode: 'passphrase', recoveryBlob: JSON.parse(row.ciphertext) }
        else {
          const key = ctx.secrets.operatorRecoveryKey
          if (!key || key.id !== row.keyId)
            fail(503, 'operator_key_missing', 'Operator recovery is not configured on this server')
          released = {
            mode: 'operator',
            recoveryShare: openShare(key, row.ciphertext, operatorRecoveryContext(row.walletId, row.userId)),
          }
        }
        await audit(
          ctx.db,
          { action: 'recovery.released', userId: session.userId, deviceId, projectId: session.projectId },
          now,
        )
        return c.json({ walletId: row.walletId, ...released, authShare })
      })

      /** The account's devices, oldest first. */
      .get('/devices', requireSession(ctx), async (c) => {
        const session = c.get('session')
        const rows = await ctx.db
          .select({
            id: devices.id,
            createdAt: devices.createdAt,
            verifiedAt: devices.verifiedAt,
            revokedAt: devices.revokedAt,
          })
          .from(devices)
          .where(eq(devices.userId, session.userId))
          .orderBy(asc(devices.createdAt))
        return c.json({
          devices: rows.map((row) => ({ ...row, current: row.id === session.deviceId })),
        })
      })

      /**
       * Revokes another device of the account: its auth share is deleted and its sessions end, in one
       * transaction. Fresh factor ≤ 5 min; 5 a day; the owner is told. The device in use cannot remove itself.
       */
      .delete('/devices/:id', requireSession(ctx), requireDeviceProof(ctx), async (c) => {
        const id = parseOrFail(revokeDevice.params, c.req.param()).id
        const session = c.get('session')
        if (id === session.deviceId && ctx.accountGuards !== 'off')
          fail(409, 'device_in_use', 'This device is in use. Sign out on it instead of removing it.')
        if (ctx.accountGuards !== 'off') await guardAccountChange(ctx, session, 'device_removed')
        const now = ctx.now()
        const revoked = await ctx.db.transaction(async (tx) => {
          const [removed] = await tx
            .update(devices)
            .set({ revokedAt: now })
            .where(and(eq(devices.id, id), eq(devices.userId, session.userId), isNull(devices.revokedAt)))
            .returning({ id: devices.id, createdAt: devices.createdAt })
          if (!removed) return undefined
          await tx.delete(authShares).where(eq(authShares.deviceId, id))
          await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.deviceId, id), isNull(sessions.revokedAt)))
          await audit(
            tx,
            { action: 'device.revoked', userId: session.userId, deviceId: id, projectId: session.projectId },
            now,
          )
          return removed
        })
        if (!revoked) fail(404, 'not_found', 'No such device')
        await noticeAccountChange(ctx, session, 'device_removed', {
          subject: describeDevice(revoked),
          required: false,
        })
        return c.json({ revoked: id })
      })
  )
}
