/**
 * The e-mail login and e-mail update actions of the `@keyframe/sdk` entry: each `import()`s
 * `emailActions.ts` when first called, so they stay out of the pre-open code (the budget in
 * `budget.test.ts`). Same names, same signatures as there.
 * @module
 */
import type { Keyframe } from './createKeyframe.ts'
import type { ConnectEmailAction, ConnectEmailParameters, UpdateEmailAction } from './emailActions.ts'

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
  return (await import('./emailActions.ts')).connectEmail(kf, parameters)
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
  return (await import('./emailActions.ts')).connectOtp(kf, parameters)
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
  return (await import('./emailActions.ts')).connectDevice(kf, parameters)
}

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
  return (await import('./emailActions.ts')).updateEmail(kf, parameters)
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
  return (await import('./emailActions.ts')).updateEmailPrimaryOtp(kf, parameters)
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
  return (await import('./emailActions.ts')).updateEmailSecondaryOtp(kf, parameters)
}
