/**
 * E-mail login in the frame (spec §3–§4): CONNECT_EMAIL, CONNECT_OTP and CONNECT_DEVICE, on top of the
 * server's `/api/auth/email/*` (flow and rules: `server/auth/email/FLOW.md`). Every request is bound to
 * this storage partition's device key. The mailed code is typed in the frame's own prompt: the page never
 * holds it (SECURITY.md §0).
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import { InternalError, RefusedError } from '@keyframe/protocol/core'
import type { StartAction } from '@keyframe/protocol/frame-api/login'
import type { AccountServices, RequestContext } from '../bridge/context.ts'
import { askForCode } from '../prompt/askForCode.ts'
import type { Device } from '../wallet/deviceStore.ts'
import {
  accountOf,
  devicePublicKey,
  establishSession,
  restoreSession,
  signOut,
  thisDevice,
  warmUpLogin,
} from './session.ts'
import { sleep } from './sleep.ts'

/** How often CONNECT_DEVICE asks whether the link in the mail was opened and approved. */
export const DEVICE_POLL_MS = 1_000

/**
 * CONNECT_EMAIL. `CONNECT` means the server still holds a session for this address and device; if this
 * storage cannot use it (its wallet setup never finished), the session is ended and a code sent instead.
 */
export async function connectEmail(
  { email }: { email: string },
  ctx: RequestContext,
): Promise<RequestResult<'CONNECT_EMAIL'>> {
  const account = accountOf(ctx, 'CONNECT_EMAIL')
  // A code or an approval link is about to be mailed, and a key derivation follows it (CONNECT_OTP,
  // CONNECT_DEVICE): warm them up while the server sends the mail and the person reads it. The prompt is
  // where the code is typed (CONNECT_OTP shows it at once).
  warmUpLogin(account)
  const device = await thisDevice(account)
  const start = () => startLogin(ctx, account, device, email)
  ctx.state.login = { email, sentAt: Date.now() }
  let action = await start()
  if (action === 'CONNECT') {
    if (await restoreSession(ctx, ctx.signal)) {
      ctx.state.login = null
      return { action }
    }
    await signOut(ctx)
    ctx.state.login = { email, sentAt: Date.now() }
    action = await start()
  }
  return { action }
}

/** Asks the server to mail a code (or a device approval) to `email` for this device. */
async function startLogin(
  ctx: RequestContext,
  account: AccountServices,
  device: Device,
  email: string,
): Promise<StartAction> {
  const { body } = await account.api.call('startEmailLogin', {
    body: { projectId: ctx.projectId, email, devicePublicKey: devicePublicKey(device) },
    signal: ctx.signal,
  })
  return body.action
}

/**
 * CONNECT_OTP: the code mailed by CONNECT_EMAIL, typed in the frame's `login_code` prompt. A refused code is
 * asked for again with the server's words; 'Resend code' mails a new one after the 30 s cooldown. Once the
 * server accepts a code the wallet is set up (a new wallet's passphrase in the same prompt), the session is
 * held and the prompt closes.
 * @throws UserRejectedRequestError (4001) when the person cancels the prompt.
 */
export async function connectOtp(_params: unknown, ctx: RequestContext): Promise<null> {
  const account = accountOf(ctx, 'CONNECT_OTP')
  const login = ctx.state.login
  if (!login) throw new RefusedError('No code was requested. Please request a new one.', 'no_code')
  const { email } = login
  const device = await thisDevice(account)
  const prompt = await account.prompt()
  try {
    const body = await askForCode(prompt, {
      kind: 'login_code',
      sentTo: email,
      sentAt: login.sentAt,
      signal: ctx.signal,
      async resend() {
        // The server answers VERIFY_OTP for an address this device is logging in to; anything else is a
        // change under way elsewhere, which a new CONNECT_EMAIL sorts out.
        if ((await startLogin(ctx, account, device, email)) !== 'VERIFY_OTP')
          throw new InternalError('Something went wrong')
        login.sentAt = Date.now()
      },
      verify: async (otp) =>
        (
          await account.api.call('verifyEmailLogin', {
            body: { projectId: ctx.projectId, email, devicePublicKey: devicePublicKey(device), otp },
            signal: ctx.signal,
          })
        ).body,
    })
    await establishSession(ctx, body)
    return null
  } finally {
    prompt.close()
  }
}

/**
 * CONNECT_DEVICE: waits (until the parent's timeout aborts it) for the approval link of the VERIFY_DEVICE
 * mail to be approved, then takes the new session bound to this device.
 */
export async function connectDevice(_params: unknown, ctx: RequestContext): Promise<null> {
  const account = accountOf(ctx, 'CONNECT_DEVICE')
  const device = await thisDevice(account)
  const body = { projectId: ctx.projectId, devicePublicKey: devicePublicKey(device) }
  for (;;) {
    const answer = await account.api.call('connectDevice', { body, signal: ctx.signal })
    if (!('status' in answer.body)) {
      await establishSession(ctx, answer.body)
      return null
    }
    await sleep(DEVICE_POLL_MS, ctx.signal)
  }
}
