/**
 * `@keyframe/sdk/react`: a context provider and hooks over the core's readers and watchers.
 * @module
 */
// biome-ignore-all lint/performance/noBarrelFile: this is the package entry (package.json "exports": "./react")

export { KeyframeProvider, type KeyframeProviderProps } from '../react/KeyframeProvider.ts'
export { type UseAccountReturnType, useAccount } from '../react/useAccount.ts'
export { KeyframeProviderNotFoundError, useKeyframe } from '../react/useKeyframe.ts'
export { type UseModalReturnType, useModal } from '../react/useModal.ts'
export { type UseThemeReturnType, useTheme } from '../react/useTheme.ts'
