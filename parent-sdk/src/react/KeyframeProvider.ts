import { createElement, type ReactNode } from 'react'
import type { Keyframe } from '../core/createKeyframe.ts'
import { KeyframeContext } from './context.ts'

export type KeyframeProviderProps = { keyframe: Keyframe; children?: ReactNode }

/**
 * Makes a Keyframe instance available to the hooks. Context only: it renders nothing of its own.
 * @example
 * import { createKeyframe } from '@keyframe/sdk'
 * import { KeyframeProvider } from '@keyframe/sdk/react'
 * const keyframe = createKeyframe({ projectId, frameUrl, networks })
 * <KeyframeProvider keyframe={keyframe}><App /></KeyframeProvider>
 */
export function KeyframeProvider({ keyframe, children }: KeyframeProviderProps) {
  return createElement(KeyframeContext.Provider, { value: keyframe }, children)
}
