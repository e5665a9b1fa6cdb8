'use client'

/**
 * `@keyframe/sdk/react`: a context provider and hooks over the core's readers and watchers. A client module
 * (`'use client'`, kept as the built file's first line): React Server Components frameworks such as Next.js
 * may import it from a server component and render its provider there.
 * @module
 */
export { KeyframeProvider, type KeyframeProviderProps } from '../react/KeyframeProvider.ts'
export { NetworkButton, type NetworkButtonProps } from '../react/NetworkButton.ts'
export { type UseAccountReturnType, useAccount } from '../react/useAccount.ts'
export { useInjectedWallets } from '../react/useInjectedWallets.ts'
export { KeyframeProviderNotFoundError, useKeyframe } from '../react/useKeyframe.ts'
export { type UseModalReturnType, useModal } from '../react/useModal.ts'
export { type UseNetworkReturnType, useNetwork } from '../react/useNetwork.ts'
export { useSession } from '../react/useSession.ts'
export { type UseThemeReturnType, useTheme } from '../react/useTheme.ts'
