import type { Keyframe } from '../core/createKeyframe.ts'
import { getInjectedWallets, type InjectedWallet, watchInjectedWallets } from '../core/injected.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useWatched } from './useWatched.ts'

/**
 * The browser's injected wallets (EIP-6963 announcements, then a plain `window.ethereum`), listening for
 * announcements while mounted. Re-renders when a wallet appears.
 * @example
 * import { connectInjected } from '@keyframe/sdk'
 * import { useInjectedWallets, useKeyframe } from '@keyframe/sdk/react'
 * const kf = useKeyframe()
 * const wallets = useInjectedWallets()
 * wallets.map((w) => <button onClick={() => connectInjected(kf, w.id)}>{w.name}</button>)
 */
export function useInjectedWallets(parameters: { keyframe?: Keyframe } = {}): readonly InjectedWallet[] {
  const keyframe = useKeyframe(parameters)
  return useWatched(keyframe, watchInjectedWallets, getInjectedWallets)
}
