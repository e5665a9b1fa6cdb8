/**
 * E-mail login in the frame (spec §3–§4): CONNECT_EMAIL, CONNECT_OTP and CONNECT_DEVICE, on top of the
 * server's `/api/auth/email/*` (flow and rules: `server/auth/email/FLOW.md`). Every request is bound to
 * this storage partition's device key.
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import { RefusedError } from '@keyframe/protocol/core'
import type { RequestContext } from '../bridge/context.ts'
import {
  accountOf,
  devicePublicKey,
  establishSession,
  restoreSession,
  signOut,
  thisDevice,
} from './session.ts'

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
  // CONNECT_DEVICE): load the custody chunk and warm it up now, while the server sends the mail and the
  // person reads it. warmUp works in short tasks of its own, so this request's own work is not held up.
  account
    .custody()
    .then((custody) => custody.warmUp())
    .catch(() => {})
  const device = await thisDevice(account)
  const start = async () =>
    (
      await account.api.call('startEmailLogin', {
        body: { projectId: ctx.projectId, email, devicePublicKey: devicePublicKey(device) },
        signal: ctx.signal,
      })
    ).body.action
  ctx.state.login = { email }
  let action = await start()
  if (action === 'CONNECT') {
    if (await restoreSession(ctx, ctx.signal)) {
      ctx.state.login = null
      return { action }
    }
    await signOut(ctx)
    ctx.state.login = { email }
    action = await start()
  }
  return { action }
}

/** CONNECT_OTP: the code mailed by CONNECT_EMAIL; on success the wallet is set up and the session held. */
export async function connectOtp({ otp }: { otp: string }, ctx: RequestContext): Promise<null> {
  const account = accountOf(ctx, 'CONNECT_OTP')
  const email = ctx.state.login?.email
  if (!email) throw new RefusedError('No code was requested. Please request a new one.', 'no_code')
  const device = await thisDevice(account)
  const { body } = await account.api.call('verifyEmailLogin', {
    body: { projectId: ctx.projectId, email, devicePublicKey: devicePublicKey(device), otp },
    signal: ctx.signal,
  })
  await establishSession(ctx, body)
  return null
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

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}
