/**
 * Changing the account's e-mail (spec §3): UPDATE_EMAIL mails a code to the current address, its code
 * (UPDATE_EMAIL_PRIMARY_OTP) sends one to the new address, and that code (UPDATE_EMAIL_SECONDARY_OTP) moves
 * the account. The server (`/api/session/email*`) holds the state between the steps.
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import type { RequestContext } from '../bridge/context.ts'
import { accountOf } from './session.ts'

export async function updateEmail(
  { newEmail }: { newEmail: string },
  ctx: RequestContext,
): Promise<RequestResult<'UPDATE_EMAIL'>> {
  const { body } = await accountOf(ctx, 'UPDATE_EMAIL').api.call('updateEmail', {
    body: { newEmail },
    signal: ctx.signal,
  })
  return { action: body.action }
}

export async function updateEmailPrimaryOtp({ otp }: { otp: string }, ctx: RequestContext): Promise<null> {
  await accountOf(ctx, 'UPDATE_EMAIL_PRIMARY_OTP').api.call('verifyPrimaryEmail', {
    body: { otp },
    signal: ctx.signal,
  })
  return null
}

export async function updateEmailSecondaryOtp(
  { otp }: { otp: string },
  ctx: RequestContext,
): Promise<RequestResult<'UPDATE_EMAIL_SECONDARY_OTP'>> {
  const { body } = await accountOf(ctx, 'UPDATE_EMAIL_SECONDARY_OTP').api.call('verifySecondaryEmail', {
    body: { otp },
    signal: ctx.signal,
  })
  const session = ctx.state.session
  if (session) ctx.state.session = { ...session, email: body.newEmail }
  return { newEmail: body.newEmail }
}
