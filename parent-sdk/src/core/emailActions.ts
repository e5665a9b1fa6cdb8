/**
 * The e-mail login and e-mail update actions of the embedded wallet (SPEC §4), loaded on demand: the
 * `@keyframe/sdk` entry exports same-named wrappers (`emailOnDemand.ts`) that `import()` this module, so
 * they stay out of the pre-open code (`budget.test.ts`); the e-mail views import it directly.
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import { CHAIN_NAMESPACES } from '@keyframe/protocol/core'
import { finishConnect, optionsOf, runtimeOf } from './connection.ts'
import type { Keyframe } from './createKeyframe.ts'
import { assertEmailCooldown, readLoginCache, recordEmailSent, saveLogin } from './loginCache.ts'

/** What to do after CONNECT_EMAIL: enter the mailed code, approve this device from the mail, or nothing. */
export type ConnectEmailAction = RequestResult<'CONNECT_EMAIL'>['action']

export type ConnectEmailParameters = {
  /** The e-mail address to log in with. */
  email: string
  /** Aborts the request (the frame is told too). */
  signal?: AbortSignal
}

/**
 * Starts an e-mail login: the frame mails a one-time code (`'VERIFY_OTP'`), a device approval
 * (`'VERIFY_DEVICE'`), or connects at once when its session is still valid (`'CONNECT'`). Refused inside
 * the 30 s cooldown after the last code. Times out after 30 s (the dApp's `onTimeout` is called).
 * @throws {EmailCooldownError} 'Please try again after {n} seconds' (seconds rounded up).
 * @throws {InvalidParamsError} 'Invalid email'.
 * @example
 * import { connectEmail, connectOtp } from '@keyframe/sdk'
 * const { action } = await connectEmail(kf, { email: 'ada@example.com' })
 * if (action === 'VERIFY_OTP') await connectOtp(kf) // the person types the code in the frame's prompt
 */
export async function connectEmail(
  kf: Keyframe,
  parameters: ConnectEmailParameters,
): Promise<{ action: ConnectEmailAction }> {
  const { email, signal } = parameters
  const { storage } = kf._internal
  assertEmailCooldown(storage, Date.now())
  const frame = await kf.frame()
  const { action } = await frame.request('CONNECT_EMAIL', { email }, optionsOf(signal))
  recordEmailSent(storage, Date.now())
  runtimeOf(kf).email = email
  if (action === 'CONNECT') await finishConnect(kf, frame, signal)
  return { action }
}

/**
 * Finishes an e-mail login with the mailed 6-digit code, which the person types in the frame's own prompt
 * (shown in the modal's FramePrompt view): the page never holds it (SECURITY.md §0). Wrong codes and
 * 'Resend code' stay inside the prompt. Once the frame's server accepts a code the account is read, the
 * status becomes connected, the login cache is saved and the modal closes (SPEC §2, §4). The 30 s timeout
 * (the dApp's `onTimeout`) does not run while the prompt is open.
 * @throws {UserRejectedRequestError} 4001: the person pressed Cancel in the prompt.
 * @throws {ProtocolError} the frame's refusal, in its words.
 * @example
 * import { connectOtp } from '@keyframe/sdk'
 * await connectOtp(kf)
 */
export async function connectOtp(kf: Keyframe, parameters: { signal?: AbortSignal } = {}): Promise<void> {
  const { signal } = parameters
  const frame = await kf.frame()
  await frame.request('CONNECT_OTP', {}, optionsOf(signal))
  await finishConnect(kf, frame, signal)
}

/**
 * Waits until this device is approved from the mail CONNECT_EMAIL sent (`'VERIFY_DEVICE'`). Then either the
 * login is complete (`'CONNECT'`: connected, as with `connectOtp`) or the frame mailed a code to enter next
 * (`'VERIFY_OTP'`). Times out after 30 s (the dApp's `onTimeout` is called); call it again to keep waiting.
 * @example
 * import { connectDevice, connectOtp } from '@keyframe/sdk'
 * const { action } = await connectDevice(kf)
 * if (action === 'VERIFY_OTP') await connectOtp(kf)
 */
export async function connectDevice(
  kf: Keyframe,
  parameters: { signal?: AbortSignal } = {},
): Promise<{ action: 'CONNECT' | 'VERIFY_OTP' }> {
  const { signal } = parameters
  const frame = await kf.frame()
  await frame.request('CONNECT_DEVICE', {}, optionsOf(signal))
  const { isConnected } = await frame.request('IS_CONNECTED', {}, optionsOf(signal))
  if (isConnected) {
    await finishConnect(kf, frame, signal)
    return { action: 'CONNECT' }
  }
  recordEmailSent(kf._internal.storage, Date.now())
  return { action: 'VERIFY_OTP' }
}

/** Which code the frame asks for after UPDATE_EMAIL: the current address's first, or the new one's. */
export type UpdateEmailAction = RequestResult<'UPDATE_EMAIL'>['action']

/**
 * Starts changing the account's e-mail to `newEmail`. The frame mails a code to the current address
 * (`'VERIFY_PRIMARY_OTP'`), or straight to the new one (`'VERIFY_SECONDARY_OTP'`).
 * @throws {InvalidParamsError} 'Invalid email'.
 * @example
 * import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from '@keyframe/sdk'
 * const { action } = await updateEmail(kf, { newEmail: 'ada@new.example' })
 * // Each code is typed in the frame's prompt.
 * if (action === 'VERIFY_PRIMARY_OTP') await updateEmailPrimaryOtp(kf)
 * await updateEmailSecondaryOtp(kf)
 */
export async function updateEmail(
  kf: Keyframe,
  parameters: { newEmail: string; signal?: AbortSignal },
): Promise<{ action: UpdateEmailAction }> {
  const { newEmail, signal } = parameters
  const frame = await kf.frame()
  const result = await frame.request('UPDATE_EMAIL', { newEmail }, optionsOf(signal))
  runtimeOf(kf).newEmail = newEmail
  return result
}

/**
 * The e-mail update's first step: the code mailed to the current address, typed in the frame's prompt.
 * Next comes `updateEmailSecondaryOtp`.
 * @throws {UserRejectedRequestError} 4001: the person pressed Cancel in the prompt.
 * @throws {ProtocolError} the frame's refusal, in its words.
 * @example
 * import { updateEmailPrimaryOtp } from '@keyframe/sdk'
 * await updateEmailPrimaryOtp(kf)
 */
export async function updateEmailPrimaryOtp(
  kf: Keyframe,
  parameters: { signal?: AbortSignal } = {},
): Promise<void> {
  const frame = await kf.frame()
  await frame.request('UPDATE_EMAIL_PRIMARY_OTP', {}, optionsOf(parameters.signal))
}

/**
 * The e-mail update's last step: the code mailed to the new address, typed in the frame's prompt. The
 * account's e-mail and the login cache take the new address (SPEC §4).
 * @throws {UserRejectedRequestError} 4001: the person pressed Cancel in the prompt.
 * @throws {ProtocolError} the frame's refusal, in its words.
 * @example
 * import { updateEmailSecondaryOtp } from '@keyframe/sdk'
 * const { email } = await updateEmailSecondaryOtp(kf)
 */
export async function updateEmailSecondaryOtp(
  kf: Keyframe,
  parameters: { signal?: AbortSignal } = {},
): Promise<{ email: string }> {
  const frame = await kf.frame()
  const { newEmail } = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', {}, optionsOf(parameters.signal))
  const { store, storage } = kf._internal
  runtimeOf(kf).newEmail = undefined
  const { connections } = store.getState()
  const next = { ...connections }
  for (const namespace of CHAIN_NAMESPACES) {
    const connection = connections[namespace]
    if (connection.status === 'connected') {
      next[namespace] = { ...connection, user: { ...connection.user, email: newEmail } }
    }
  }
  store.setState({ connections: next })
  saveLogin(storage, { email: newEmail, socialUsername: readLoginCache(storage).socialUsername })
  return { email: newEmail }
}
