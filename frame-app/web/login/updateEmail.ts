/**
 * Changing the account's e-mail (spec §3): UPDATE_EMAIL mails a code to the current address, its code
 * (UPDATE_EMAIL_PRIMARY_OTP) sends one to the new address, and that code (UPDATE_EMAIL_SECONDARY_OTP) moves
 * the account. Both codes are typed in the frame's own prompt, never in the page (SECURITY.md §0). The
 * server (`/api/session/email*`) holds the state between the steps.
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import type { RequestContext } from '../bridge/context.ts'
import { type AskForCodeParameters, askForCode } from '../prompt/askForCode.ts'
import { accountOf } from './session.ts'

export async function updateEmail(
  { newEmail }: { newEmail: string },
  ctx: RequestContext,
): Promise<RequestResult<'UPDATE_EMAIL'>> {
  const { body } = await accountOf(ctx, 'UPDATE_EMAIL').api.call('updateEmail', {
    body: { newEmail },
    signal: ctx.signal,
  })
  ctx.state.newEmail = newEmail
  return { action: body.action }
}

/** UPDATE_EMAIL_PRIMARY_OTP: the current address's code, in the `current_email_code` prompt. */
export async function updateEmailPrimaryOtp(_params: unknown, ctx: RequestContext): Promise<null> {
  const account = accountOf(ctx, 'UPDATE_EMAIL_PRIMARY_OTP')
  await withCodePrompt(ctx, account, {
    kind: 'current_email_code',
    ...(ctx.state.session?.email && { sentTo: ctx.state.session.email }),
    verify: (otp) => account.api.call('verifyPrimaryEmail', { body: { otp }, signal: ctx.signal }),
  })
  return null
}

/** UPDATE_EMAIL_SECONDARY_OTP: the new address's code, in the `new_email_code` prompt; the account moves. */
export async function updateEmailSecondaryOtp(
  _params: unknown,
  ctx: RequestContext,
): Promise<RequestResult<'UPDATE_EMAIL_SECONDARY_OTP'>> {
  const account = accountOf(ctx, 'UPDATE_EMAIL_SECONDARY_OTP')
  const { body } = await withCodePrompt(ctx, account, {
    kind: 'new_email_code',
    ...(ctx.state.newEmail !== null && { sentTo: ctx.state.newEmail }),
    verify: (otp) =>
      account.api.call('verifySecondaryEmail', {
        body: { otp },
        signal: ctx.signal,
      }),
  })
  ctx.state.newEmail = null
  const session = ctx.state.session
  if (session) ctx.state.session = { ...session, email: body.newEmail }
  return { newEmail: body.newEmail }
}

/** Asks for the code until the server accepts one, then closes the prompt. */
async function withCodePrompt<T>(
  ctx: RequestContext,
  account: ReturnType<typeof accountOf>,
  parameters: Omit<AskForCodeParameters<T>, 'signal'>,
): Promise<T> {
  const prompt = await account.prompt()
  try {
    return await askForCode(prompt, { ...parameters, signal: ctx.signal })
  } finally {
    prompt.close()
  }
}
