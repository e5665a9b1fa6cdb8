import type { Keyframe } from '../core/createKeyframe.ts'
import { getModalState, watchModalState } from '../core/modal.ts'
import type { ViewName } from '../core/router.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useWatched } from './useWatched.ts'

export type UseModalReturnType = {
  isOpen: boolean
  view: ViewName
  open: Keyframe['open']
  close: Keyframe['close']
}

/**
 * Whether the modal is open, its view, and `open`/`close`. Re-renders only when the modal changes.
 * @example
 * import { useModal } from '@keyframe/sdk/react'
 * const { isOpen, open } = useModal()
 * <button onClick={() => open()}>Connect</button>
 */
export function useModal(parameters: { keyframe?: Keyframe } = {}): UseModalReturnType {
  const keyframe = useKeyframe(parameters)
  const { isOpen, view } = useWatched(keyframe, watchModalState, getModalState)
  return { isOpen, view, open: keyframe.open, close: keyframe.close }
}
