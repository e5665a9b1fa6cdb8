/**
 * The logged-in user: `/api/session` (IS_CONNECTED, GET_USER, SIGN_OUT), a fresh factor on demand, and the
 * two-step e-mail change (UPDATE_EMAIL → VERIFY_PRIMARY_OTP → VERIFY_SECONDARY_OTP).
 * @module
 */

import {
  type SessionResponse,
  updateEmail,
  verifyFactor,
  verifyPrimaryEmail,
  verifySecondaryEmail,
} from '@keyframe/protocol/frame-api/session'
import { fail, jsonBody } from '@keyframe/server-kit'
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit.ts'
import {
  checkCode,
  issueChallenge,
  latestChallenge,
  normalizeEmail,
  useChallenge,
} from '../auth/challenges.ts'
import { walletOf } from '../auth/completeLogin.ts'
import { requireDeviceProof } from '../auth/deviceProof.ts'
import { failRefusal } from '../auth/refusals.ts'
import {
  clearSession,
  readSession,
  requireSession,
  type SessionInfo,
  sessionTransport,
} from '../auth/session.ts'
import type { ServerContext } from '../context.ts'
import { type ChallengePurpose, otpChallenges, sessions } from '../db/schema/auth.ts'
import { users } from '../db/schema/users.ts'
import { emailChangeCodeMail, reauthCodeMail } from '../mail/templates.ts'
import { getProject } from '../projects/store.ts'
import { limitAccountChange, noticeAccountChange } from '../vault/accountChanges.ts'

export type { SessionResponse }

export function sessionRoutes(ctx: ServerContext) {
  const minutes = ctx.limits.codeTtlMs / 60_000
  const projectName = async (session: SessionInfo) =>
    (await getProject(ctx.db, session.projectId))?.name ?? 'Keyframe'
  /** The account's address, where a code must be mailed; an account without one (social login) has none. */
  const addressOf = (session: SessionInfo): string =>
    session.email ?? fail(403, 'no_email', 'This account has no e-mail address')

  /** Checks the newest code of `purpose` asked by this session, and marks it used. Commits a wrong try. */
  const verifySessionCode = async (session: SessionInfo, purpose: ChallengePurpose, code: string) => {
    const result = await ctx.db.transaction(async (tx) => {
      const challenge = await latestChallenge(
        tx,
        and(eq(otpChallenges.purpose, purpose), eq(otpChallenges.sessionId, session.id)),
      )
      const check = await checkCode(tx, ctx, challenge, code)
      if (check.ok) await useChallenge(tx, check.challenge.id, ctx.now())
      return check
    })
    if (!result.ok) failRefusal(result)
    return result.challenge
  }

  const send = async (
    to: string,
    session: SessionInfo,
    mail: { subject: string; text: string; html: string },
  ) => {
    try {
      await ctx.mailer.send({ to, fromName: await projectName(session), ...mail })
    } catch (error) {
      ctx.logger.error('mail: sending failed', { error })
      fail(503, 'mail_unavailable', 'The e-mail could not be sent. Please try again.')
    }
  }

  return (
    new Hono<{ Variables: { session: SessionInfo } }>()
      /** IS_CONNECTED and GET_USER. */
      .get('/', async (c) => {
        const session = await readSession(c, ctx)
        if (!session) return c.json({ isConnected: false } satisfies SessionResponse)
        const wallet = await walletOf(ctx.db, session.userId)
        return c.json({
          isConnected: true,
          user: {
            email: session.email,
            userName: session.userName,
            socialProvider: session.socialProvider,
            address: wallet?.address ?? null,
            solanaAddress: wallet?.solanaAddress ?? null,
            accounts: wallet ? [{ address: wallet.address, type: 'eoa' as const }] : [],
            preferredAccountType: 'eoa',
          },
          walletId: wallet?.id ?? null,
          deviceId: session.deviceId,
          deviceVerified: session.devicePublicKey !== null,
          expiresAt: session.expiresAt.toISOString(),
          lastFactorAt: session.lastFactorAt.toISOString(),
        } satisfies SessionResponse)
      })

      /** SIGN_OUT: revokes the session and clears the cookie. Idempotent. */
      .post('/sign-out', async (c) => {
        const session = await readSession(c, ctx)
        const now = ctx.now()
        if (session) {
          await ctx.db.transaction(async (tx) => {
            await tx
              .update(sessions)
              .set({ revokedAt: now })
              .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)))
            await audit(
              tx,
              {
                action: 'session.signed_out',
                userId: session.userId,
                deviceId: session.deviceId,
                projectId: session.projectId,
              },
              now,
            )
          })
        }
        clearSession(c, sessionTransport(c.req.url, ctx.publicUrl))
        return c.json({ isConnected: false } satisfies SessionResponse)
      })

      /** A fresh factor: mails a code to the account's address (before the recovery set or export). */
      .post('/factor', requireSession(ctx), async (c) => {
        const session = c.get('session')
        if (!session.devicePublicKey) fail(403, 'device_not_verified', 'This device is not verified')
        const issued = await issueChallenge(ctx, {
          purpose: 'reauth',
          kind: 'otp',
          projectId: session.projectId,
          email: addressOf(session),
          devicePublicKey: session.devicePublicKey,
          userId: session.userId,
          sessionId: session.id,
          limitBy: 'session',
        })
        if (!issued.ok) failRefusal(issued)
        await send(
          addressOf(session),
          session,
          reauthCodeMail({ projectName: await projectName(session), code: issued.code, minutes }),
        )
        return c.json({ action: 'VERIFY_OTP' as const })
      })

      .post(
        '/factor/verify',
        requireSession(ctx),
        requireDeviceProof(ctx),
        jsonBody(verifyFactor.body),
        async (c) => {
          const session = c.get('session')
          await verifySessionCode(session, 'reauth', c.req.valid('json').otp)
          const now = ctx.now()
          await ctx.db.transaction(async (tx) => {
            await tx.update(sessions).set({ lastFactorAt: now }).where(eq(sessions.id, session.id))
            await audit(
              tx,
              {
                action: 'factor.refreshed',
                userId: session.userId,
                deviceId: session.deviceId,
                projectId: session.projectId,
              },
              now,
            )
          })
          return c.json({ lastFactorAt: now.toISOString() })
        },
      )

      /** UPDATE_EMAIL: step 1, a code to the current address. */
      .post('/email', requireSession(ctx), requireDeviceProof(ctx), jsonBody(updateEmail.body), async (c) => {
        const session = c.get('session')
        const newEmail = normalizeEmail(c.req.valid('json').newEmail)
        if (newEmail === session.email) fail(400, 'same_email', 'This is already your e-mail address')
        await limitAccountChange(ctx, session, 'email_changed')
        const issued = await issueChallenge(ctx, {
          purpose: 'update_primary',
          kind: 'otp',
          projectId: session.projectId,
          email: addressOf(session),
          userId: session.userId,
          sessionId: session.id,
          newEmail,
        })
        if (!issued.ok) failRefusal(issued)
        const name = await projectName(session)
        await send(
          addressOf(session),
          session,
          emailChangeCodeMail({ projectName: name, code: issued.code, minutes, step: 'primary', newEmail }),
        )
        return c.json({ action: 'VERIFY_PRIMARY_OTP' as const })
      })

      /** UPDATE_EMAIL_PRIMARY_OTP: the current address is proven; step 2, a code to the new address. */
      .post(
        '/email/primary',
        requireSession(ctx),
        requireDeviceProof(ctx),
        jsonBody(verifyPrimaryEmail.body),
        async (c) => {
          const session = c.get('session')
          const primary = await verifySessionCode(session, 'update_primary', c.req.valid('json').otp)
          const newEmail = primary.newEmail
          if (!newEmail) fail(400, 'no_code', 'No code was requested. Please request a new one.')
          const issued = await issueChallenge(ctx, {
            purpose: 'update_secondary',
            kind: 'otp',
            projectId: session.projectId,
            email: newEmail,
            userId: session.userId,
            sessionId: session.id,
            newEmail,
          })
          if (!issued.ok) failRefusal(issued)
          const name = await projectName(session)
          await send(
            newEmail,
            session,
            emailChangeCodeMail({
              projectName: name,
              code: issued.code,
              minutes,
              step: 'secondary',
              newEmail,
            }),
          )
          return c.json({ action: 'VERIFY_SECONDARY_OTP' as const })
        },
      )

      /**
       * UPDATE_EMAIL_SECONDARY_OTP: the new address is proven; the account moves to it if the current one was
       * proven at most 5 minutes ago (the change's fresh code), and the current address is told.
       */
      .post(
        '/email/secondary',
        requireSession(ctx),
        requireDeviceProof(ctx),
        jsonBody(verifySecondaryEmail.body),
        async (c) => {
          const session = c.get('session')
          const code = c.req.valid('json').otp
          const now = ctx.now()
          const result = await ctx.db.transaction(async (tx) => {
            const challenge = await latestChallenge(
              tx,
              and(eq(otpChallenges.purpose, 'update_secondary'), eq(otpChallenges.sessionId, session.id)),
            )
            const [primary] = await tx
              .select({ usedAt: otpChallenges.usedAt })
              .from(otpChallenges)
              .where(
                and(
                  eq(otpChallenges.purpose, 'update_primary'),
                  eq(otpChallenges.sessionId, session.id),
                  isNotNull(otpChallenges.usedAt),
                ),
              )
              .orderBy(desc(otpChallenges.usedAt))
              .limit(1)
            const provenAt = primary?.usedAt?.getTime() ?? 0
            if (challenge && now.getTime() - provenAt > ctx.limits.recoveryFreshnessMs)
              return { ok: false, reason: 'stale' } as const
            const check = await checkCode(tx, ctx, challenge, code)
            if (!check.ok) return check
            await useChallenge(tx, check.challenge.id, now)
            const newEmail = check.challenge.newEmail as string
            // Only someone who controls the new mailbox gets here, so saying it is taken reveals nothing to others.
            const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail))
            if (taken) return { ok: false, reason: 'taken' } as const
            await tx.update(users).set({ email: newEmail }).where(eq(users.id, session.userId))
            await audit(
              tx,
              {
                action: 'email.changed',
                userId: session.userId,
                deviceId: session.deviceId,
                projectId: session.projectId,
              },
              now,
            )
            return { ok: true, newEmail } as const
          })
          if (!result.ok) {
            if (result.reason === 'taken') fail(409, 'email_taken', 'This e-mail address cannot be used')
            if (result.reason === 'stale')
              fail(403, 'fresh_factor_required', 'Please confirm it is you with a new code')
            failRefusal(result)
          }
          // `session.email` is still the old address: the notice goes there.
          await noticeAccountChange(ctx, session, 'email_changed', {
            subject: result.newEmail,
            required: false,
          })
          return c.json({ newEmail: result.newEmail })
        },
      )
  )
}
