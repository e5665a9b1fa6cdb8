import { type Account, getAccount, watchAccount } from '../core/account.ts'
import type { Keyframe } from '../core/createKeyframe.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useWatched } from './useWatched.ts'

export type UseAccountReturnType = Account & {
  /** The login e-mail, when the account has one (`user.email`). */
  email: string | undefined
}

/**
 * The account: status (disconnected, connecting, connected), address, CAIP ids, user and e-mail.
 * Re-renders only when the account changes.
 * @example
 * import { useAccount } from '@keyframe/sdk/react'
 * const { status, address, email } = useAccount()
 */
export function useAccount(parameters: { keyframe?: Keyframe } = {}): UseAccountReturnType {
  const keyframe = useKeyframe(parameters)
  const account = useWatched(keyframe, watchAccount, getAccount)
  return { ...account, email: account.user?.email }
}
