/**
 * The social and Farcaster login actions of the `@keyframe/sdk` entry: each `import()`s `socialActions.ts`
 * when first called, so they stay out of the pre-open code (the budget in `budget.test.ts`). Same names, same
 * signatures as there. `connectSocial` opens its popup before the import: the browser allows a popup only
 * while the person's press is being handled.
 * @module
 */
import type { Keyframe } from './createKeyframe.ts'
import type { ConnectSocialParameters } from './socialActions.ts'

/**
 * Logs in with a social account: a popup on the frame's origin takes the person to the provider, and once
 * they allow it the embedded wallet connects (new wallet on the first login, the same one after), the login
 * cache keeps the social username, and an open modal closes (SPEC §2, §4). Call it in a click handler: the
 * popup opens before anything is awaited. Where the browser blocks it, the page goes to the provider and
 * the login finishes when it comes back (`createKeyframe` resumes it in the modal).
 * @throws {UserRejectedRequestError} 'The login window was closed' before the login finished.
 * @throws {ProtocolError} the frame's refusal in its words: 'The login was declined', 'The login expired.
 * Please try again.', 'Login with {Provider} is not enabled for this project', …
 * @throws {RequestTimeoutError} no answer within 30 s (the dApp's `onTimeout` and a 'SOCIALS_TIMEOUT' alert).
 * @example
 * import { connectSocial } from '@keyframe/sdk'
 * button.onclick = () => connectSocial(kf, { provider: 'github' })
 */
export async function connectSocial(kf: Keyframe, parameters: ConnectSocialParameters): Promise<void> {
  const { provider, signal } = parameters
  const popup = kf._internal.openSocialPopup(provider)
  return (await import('./socialActions.ts')).runSocialLogin(kf, provider, popup, signal)
}

/**
 * Logs in with Farcaster (Sign In With Farcaster): the frame opens a channel on the Farcaster relay and
 * hands its `farcaster://connect` URI to `onUri` (show it as a QR code, or as a link on a phone); once the
 * person approves in a Farcaster client the embedded wallet connects with their Farcaster username, and an
 * open modal closes. Waits up to 5 minutes.
 * @throws {ProtocolError} the frame's refusal in its words, e.g. 'The Farcaster signature is not from the
 * account's custody address'.
 * @example
 * import { connectFarcaster } from '@keyframe/sdk'
 * const { userName } = await connectFarcaster(kf, { onUri: (url) => showQrCode(url) })
 */
export async function connectFarcaster(
  kf: Keyframe,
  parameters: { onUri?: (url: string) => void; signal?: AbortSignal } = {},
): Promise<{ userName: string }> {
  return (await import('./socialActions.ts')).connectFarcaster(kf, parameters)
}
