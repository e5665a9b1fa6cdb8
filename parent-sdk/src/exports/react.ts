/**
 * `@keyframe/sdk/react`: a context provider and hooks over the core's readers and watchers.
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is the package entry (package.json "exports": "./react")

export { KeyframeProvider, type KeyframeProviderProps } from '../react/KeyframeProvider.ts'
export { NetworkButton, type NetworkButtonProps } from '../react/NetworkButton.ts'
export { type UseAccountReturnType, useAccount } from '../react/useAccount.ts'
export { useInjectedWallets } from '../react/useInjectedWallets.ts'
export { KeyframeProviderNotFoundError, useKeyframe } from '../react/useKeyframe.ts'
export { type UseModalReturnType, useModal } from '../react/useModal.ts'
export { type UseNetworkReturnType, useNetwork } from '../react/useNetwork.ts'
export { type UseThemeReturnType, useTheme } from '../react/useTheme.ts'
