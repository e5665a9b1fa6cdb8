/**
 * What every finished login answers (e-mail code, device approval, social ticket, Farcaster): the session for
 * the frame, the account as it now is, and the new-device notice mail.
 * @module
 */
import type { LoginResponse } from '@keyframe/protocol/frame-api/login'
import { failRetryAfter } from '@keyframe/server-kit'
import type { Context } from 'hono'
import type { ServerContext } from '../context.ts'
import { newDeviceMail } from '../mail/templates.ts'
import type { LoginOutcome } from './completeLogin.ts'
import { deliverSession, type SessionTransport } from './session.ts'

export type LoggedIn = Extract<LoginOutcome, { ok: true }>

/** The login's answer body; sets the session cookie over HTTPS. */
export function loginAnswer(
  ctx: ServerContext,
  c: Context,
  transport: SessionTransport,
  outcome: LoggedIn,
): LoginResponse {
  return {
    ...deliverSession(c, transport, outcome.session, ctx.now()),
    expiresAt: outcome.session.expiresAt.toISOString(),
    email: outcome.email,
    userName: outcome.userName,
    socialProvider: outcome.socialProvider,
    device: outcome.device,
    wallet: outcome.wallet,
    recoveryMode: outcome.recoveryMode,
  }
}

/** 429 for a login past the account's daily new-device limit. */
export function failTooManyDevices(retryAfterMs: number): never {
  failRetryAfter('too_many_devices', retryAfterMs, 'Too many new devices today. Please try again tomorrow.')
}

/**
 * Mails a new-device notice after the transaction, for a new device of an existing account that has an
 * address; a failure is logged, the login stands.
 */
export function noticeNewDevice(ctx: ServerContext, outcome: LoggedIn, projectName: string): void {
  if (!outcome.device.isNew || outcome.created || outcome.email === null) return
  const mail = newDeviceMail({ projectName, at: ctx.now() })
  ctx.mailer.send({ to: outcome.email, fromName: projectName, ...mail }).catch((error: unknown) => {
    ctx.logger.warn('mail: new-device notice failed', { error })
  })
}
