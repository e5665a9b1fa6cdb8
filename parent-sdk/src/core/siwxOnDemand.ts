/**
 * The sign-in actions of the `@keyframe/sdk` entry: each `import()`s `siwx/flow.ts` when first called, so
 * sign-in stays out of the pre-open code (`budget.test.ts`) and out of dApps that do not use it.
 * @module
 */
import type { SiwxSession } from '../siwx/types.ts'
import type { Keyframe } from './createKeyframe.ts'

/**
 * Signs the connected eip155 account in (options `siwx` / `siweConfig`): the dApp's backend gives the
 * message's nonce, the wallet signs the EIP-4361 message (the embedded wallet shows it as a sign-in), the
 * config keeps the session (the default one has your backend verify it first), and the modal closes. The
 * modal asks by itself once an account without a session connects; call this for a button of your own.
 * @throws {Error} 'SIWX is not enabled' (neither option set), 'No ActiveCaipAddress found' (no eip155
 * account connected), 'Sign-in was refused: {reason}' (the config, e.g. your backend, refused it).
 * @throws {UserRejectedRequestError} 'Signature declined': the person declined in the wallet.
 * @example
 * import { signIn } from '@keyframe/sdk'
 * const session = await signIn(kf)
 */
export async function signIn(kf: Keyframe): Promise<SiwxSession> {
  return (await import('../siwx/flow.ts')).signIn(kf)
}

/**
 * Cancels sign-in as the view's Cancel does: when the dApp requires sign-in, the wallet disconnects; else
 * the modal closes, still connected, and that account is not asked again until it reconnects.
 * @throws {Error} 'SIWX is not enabled'.
 * @example
 * import { cancelSignIn } from '@keyframe/sdk'
 * await cancelSignIn(kf)
 */
export async function cancelSignIn(kf: Keyframe): Promise<void> {
  return (await import('../siwx/flow.ts')).cancelSignIn(kf)
}
