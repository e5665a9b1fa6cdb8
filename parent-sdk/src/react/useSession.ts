import type { Keyframe } from '../core/createKeyframe.ts'
import { getSession, watchSession } from '../core/siwxSession.ts'
import type { SiwxSession } from '../siwx/types.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useWatched } from './useWatched.ts'

/**
 * The sign-in session of the connected account (option `siwx` or `siweConfig`): the signed message's fields,
 * its text and signature; undefined while not signed in. Re-renders when the person signs in, switches to an
 * account or chain with or without a session, or disconnects. Send `message` and `signature` to your backend,
 * which verifies them itself (`@keyframe/sdk/siwx/server`): the page's word is not proof.
 * @example
 * import { useSession } from '@keyframe/sdk/react'
 * const session = useSession()
 * return session ? <p>Signed in as {session.data.accountAddress}</p> : <p>Not signed in</p>
 */
export function useSession(parameters: { keyframe?: Keyframe } = {}): SiwxSession | undefined {
  const keyframe = useKeyframe(parameters)
  return useWatched(keyframe, watchSession, getSession)
}
