import { useContext } from 'react'
import type { Keyframe } from '../core/createKeyframe.ts'
import { KeyframeContext } from './context.ts'

/** Thrown when a hook runs outside a KeyframeProvider and was given no instance. */
export class KeyframeProviderNotFoundError extends Error {
  override name = 'KeyframeProviderNotFoundError'
  constructor() {
    super('`useKeyframe` must be used within `KeyframeProvider`.')
  }
}

/**
 * The Keyframe instance of the nearest KeyframeProvider, or `parameters.keyframe` when given.
 * @throws {KeyframeProviderNotFoundError} outside a KeyframeProvider without `parameters.keyframe`.
 * @example
 * import { useKeyframe } from '@keyframe/sdk/react'
 * const keyframe = useKeyframe()
 */
export function useKeyframe(parameters: { keyframe?: Keyframe } = {}): Keyframe {
  const fromContext = useContext(KeyframeContext)
  const keyframe = parameters.keyframe ?? fromContext
  if (!keyframe) throw new KeyframeProviderNotFoundError()
  return keyframe
}
