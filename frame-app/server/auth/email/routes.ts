/**
 * E-mail login: `/api/auth/email/*`. The flow and why it is shaped this way: `FLOW.md` beside this file.
 * @module
 */

import {
  connectDevice,
  type LoginResponse,
  type StartAction,
  startEmailLogin,
  verifyEmailLogin,
} from '@keyframe/protocol/frame-api/login'
import { fail, jsonBody } from '@keyframe/server-kit'
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ServerContext } from '../../context.ts'
import { otpChallenges } from '../../db/schema/auth.ts'
import { deviceApprovalMail, loginCodeMail } from '../../mail/templates.ts'
import { projectForLogin } from '../../projects/forLogin.ts'
import {
  checkCode,
  dropChallenge,
  issueChallenge,
  latestChallenge,
  normalizeEmail,
  useChallenge,
} from '../challenges.ts'
import { completeLogin, type LoginOutcome } from '../completeLogin.ts'
import { requireDeviceProof } from '../deviceProof.ts'
import { failTooManyDevices, loginAnswer, noticeNewDevice } from '../loginAnswer.ts'
import { limitLoginCall } from '../loginCallLimits.ts'
import { failRefusal } from '../refusals.ts'
import { assertSessionTransport, readSession, requireSession } from '../session.ts'

export type { LoginResponse, StartAction }

/** The device-approval page's URL for a challenge. */
export function approvalLink(base: string, challengeId: string, token: string): string {
  const url = new URL('/approve-device', base)
  url.searchParams.set('c', challengeId)
  url.searchParams.set('t', token)
  return url.href
}

export function emailAuthRoutes(ctx: ServerContext) {
  return (
    new Hono()
      /**
       * CONNECT_EMAIL. Without a session for this address the answer is always VERIFY_OTP and a 6-digit code
       * is mailed, whether or not the address has an account: nothing about accounts is even read here.
       */
      .post('/start', jsonBody(startEmailLogin.body), async (c) => {
        const body = c.req.valid('json')
        assertSessionTransport(c, ctx)
        const project = await projectForLogin(ctx, body.projectId, 'email')
        const address = normalizeEmail(body.email)
        const session = await readSession(c, ctx)
        const signedIn = session !== null && session.email === address && session.projectId === project.id

        if (signedIn && session.devicePublicKey === body.devicePublicKey)
          return c.json({ action: 'CONNECT' satisfies StartAction })
        await limitLoginCall(ctx, c, 'start', project.id)

        if (signedIn) {
          // The caller already holds a session for this address, so saying the account exists tells them nothing.
          const issued = await issueChallenge(ctx, {
            purpose: 'device',
            kind: 'link',
            projectId: project.id,
            email: address,
            devicePublicKey: body.devicePublicKey,
            userId: session.userId,
            sessionId: session.id,
          })
          if (!issued.ok) failRefusal(issued)
          const link = approvalLink(ctx.publicUrl ?? c.req.url, issued.id, issued.code)
          const mail = deviceApprovalMail({
            projectName: project.name,
            link,
            minutes: ctx.limits.codeTtlMs / 60_000,
          })
          await sendOrDrop(ctx, issued.id, { to: address, fromName: project.name, ...mail })
          return c.json({ action: 'VERIFY_DEVICE' satisfies StartAction })
        }

        const issued = await issueChallenge(ctx, {
          purpose: 'login',
          kind: 'otp',
          projectId: project.id,
          email: address,
          devicePublicKey: body.devicePublicKey,
        })
        if (!issued.ok) failRefusal(issued)
        const mail = loginCodeMail({
          projectName: project.name,
          code: issued.code,
          minutes: ctx.limits.codeTtlMs / 60_000,
        })
        await sendOrDrop(ctx, issued.id, { to: address, fromName: project.name, ...mail })
        return c.json({ action: 'VERIFY_OTP' satisfies StartAction })
      })

      /** CONNECT_OTP: the code of the newest challenge for this address and this device key, signed by that key. */
      .post('/verify', requireDeviceProof(ctx, 'body'), jsonBody(verifyEmailLogin.body), async (c) => {
        const body = c.req.valid('json')
        const transport = assertSessionTransport(c, ctx)
        const project = await projectForLogin(ctx, body.projectId, 'email')
        await limitLoginCall(ctx, c, 'verify', project.id)
        const address = normalizeEmail(body.email)
        const result = await ctx.db.transaction(async (tx) => {
          const challenge = await latestChallenge(
            tx,
            and(
              eq(otpChallenges.purpose, 'login'),
              eq(otpChallenges.email, address),
              eq(otpChallenges.devicePublicKey, body.devicePublicKey),
              eq(otpChallenges.projectId, project.id),
            ),
          )
          const check = await checkCode(tx, ctx, challenge, body.otp)
          if (!check.ok) return check
          const outcome = await completeLogin(tx, ctx, {
            who: { email: address },
            projectId: project.id,
            projectRecoveryMode: project.recoveryMode,
            devicePublicKey: body.devicePublicKey,
            via: 'login',
          })
          if (outcome.ok) await useChallenge(tx, check.challenge.id, ctx.now())
          return outcome
        })
        if (!result.ok) {
          failLogin(result)
        }
        noticeNewDevice(ctx, result, project.name)
        return c.json(loginAnswer(ctx, c, transport, result))
      })

      /**
       * CONNECT_DEVICE: polled by a frame that got VERIFY_DEVICE. 202 `{ status: 'pending' }` until the link in
       * the mail was approved, then a new session bound to this device (the old one is revoked).
       */
      .post(
        '/device',
        requireDeviceProof(ctx, 'body'),
        jsonBody(connectDevice.body),
        requireSession(ctx),
        async (c) => {
          const body = c.req.valid('json')
          const transport = assertSessionTransport(c, ctx)
          const session = c.get('session')
          const project = await projectForLogin(ctx, body.projectId, 'email')
          if (session.projectId !== project.id) fail(403, 'invalid_key', 'Invalid key')
          const result = await ctx.db.transaction(async (tx) => {
            const challenge = await latestChallenge(
              tx,
              and(
                eq(otpChallenges.purpose, 'device'),
                eq(otpChallenges.sessionId, session.id),
                eq(otpChallenges.devicePublicKey, body.devicePublicKey),
              ),
            )
            if (!challenge) return { ok: false, reason: 'no_challenge' } as const
            if (challenge.usedAt) return { ok: false, reason: 'used' } as const
            if (challenge.expiresAt.getTime() <= ctx.now().getTime())
              return { ok: false, reason: 'expired' } as const
            if (!challenge.approvedAt) return { ok: false, reason: 'pending' } as const
            if (session.email === null) return { ok: false, reason: 'no_challenge' } as const
            const outcome = await completeLogin(tx, ctx, {
              who: { email: session.email },
              projectId: project.id,
              projectRecoveryMode: project.recoveryMode,
              devicePublicKey: body.devicePublicKey,
              via: 'device',
              replaces: session.id,
            })
            if (outcome.ok) await useChallenge(tx, challenge.id, ctx.now())
            return outcome
          })
          if (!result.ok) {
            if (result.reason === 'pending') return c.json({ status: 'pending' as const }, 202)
            failLogin(result)
          }
          noticeNewDevice(ctx, result, project.name)
          return c.json(loginAnswer(ctx, c, transport, result))
        },
      )
  )
}

/** Answers a refused login: the daily device limit, or a refused code check. */
function failLogin(result: Exclude<LoginOutcome, { ok: true }> | Parameters<typeof failRefusal>[0]): never {
  if (result.reason === 'too_many_devices') failTooManyDevices(result.retryAfterMs)
  failRefusal(result)
}

/** Sends a challenge's mail; if that fails the challenge is dropped (no cooldown for a mail never sent) and 503. */
async function sendOrDrop(
  ctx: ServerContext,
  challengeId: string,
  message: Parameters<ServerContext['mailer']['send']>[0],
): Promise<void> {
  try {
    await ctx.mailer.send(message)
  } catch (error) {
    ctx.logger.error('mail: sending failed', { error })
    await dropChallenge(ctx, challengeId)
    fail(503, 'mail_unavailable', 'The e-mail could not be sent. Please try again.')
  }
}
