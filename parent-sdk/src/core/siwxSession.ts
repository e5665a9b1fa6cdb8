/**
 * The sign-in session (SIWX, SPEC §3 "Sign-in session") as the page reads it: the state the sign-in flow
 * (`siwx/flow.ts`, loaded only when the `siwx` or `siweConfig` option is set) keeps in the instance's store.
 * Tiny on purpose: it is in the pre-open code.
 * @module
 */
import type { SiwxSession } from '../siwx/types.ts'
import type { Keyframe } from './createKeyframe.ts'
import { watchSelected } from './watch.ts'

/** Sign-in as the modal shows it (`KeyframeState.siwx`, undefined when the dApp did not turn it on). */
export type SiwxState = {
  /** The view that asks: SIWXSignMessage (option `siwx`), ConnectingSiwe (option `siweConfig`). */
  readonly view: 'SIWXSignMessage' | 'ConnectingSiwe'
  /** The dApp can only be used signed in: the close control is disabled and Cancel disconnects. */
  readonly required: boolean
  /** The live session of the connected eip155 account on its chain, if it signed in. */
  readonly session: SiwxSession | undefined
  /** `signing` while the wallet is asked to sign or the dApp's backend checks the signature. */
  readonly status: 'idle' | 'signing'
  /** Why the last sign-in failed ('Signature declined', 'Sign-in was refused: …'), until the next try. */
  readonly error: string | undefined
}

/**
 * The sign-in session of the connected eip155 account on its chain (options `siwx` / `siweConfig`): the
 * signed message's fields, its text and its signature; undefined while not signed in. Your backend verifies
 * `message` and `signature` itself (`@keyframe/sdk/siwx/server`): the page's word is not proof.
 * @example
 * import { getSession } from '@keyframe/sdk'
 * const session = getSession(kf)
 * if (session) await fetch('/api/login', { method: 'POST', body: JSON.stringify(session) })
 */
export function getSession(kf: Keyframe): SiwxSession | undefined {
  return kf.getState().siwx?.session
}

/**
 * Calls `onChange` when the session changes: a sign-in, a switch to an account or chain with or without a
 * session, a disconnect. Returns the unsubscribe.
 * @example
 * import { watchSession } from '@keyframe/sdk'
 * const unwatch = watchSession(kf, { onChange: (session) => console.log(session?.data.accountAddress) })
 */
export function watchSession(
  kf: Keyframe,
  parameters: { onChange(session: SiwxSession | undefined, previous: SiwxSession | undefined): void },
): () => void {
  return watchSelected(kf, getSession, parameters.onChange)
}
