import type { Keyframe } from '../core/createKeyframe.ts'
import { getNetwork, type Network, watchNetwork } from '../core/network.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useWatched } from './useWatched.ts'

export type UseNetworkReturnType = Network

/**
 * The active network: one of the dApp's, or 'Unknown Network' (`isSupported: false`) for a chain it does
 * not list. Re-renders only when the network changes.
 * @example
 * import { useNetwork } from '@keyframe/sdk/react'
 * const { name, isSupported } = useNetwork()
 */
export function useNetwork(parameters: { keyframe?: Keyframe } = {}): UseNetworkReturnType {
  return useWatched(useKeyframe(parameters), watchNetwork, getNetwork)
}
