import type { Keyframe } from './createKeyframe.ts'
import type { ViewHistory, ViewName } from './router.ts'
import { memoPerInstance, watchSelected } from './watch.ts'

/** The modal as a page sees it. */
export type ModalState = {
  readonly isOpen: boolean
  /** The view shown (kept after the modal closes). */
  readonly view: ViewName
  /** Views visited since the modal opened, oldest first. */
  readonly history: ViewHistory
}

const select = memoPerInstance<ModalState>(
  (kf) => {
    const { open, view, history } = kf.getState()
    return { isOpen: open, view, history }
  },
  (a, b) => a.isOpen === b.isOpen && a.view === b.view && a.history === b.history,
)

/**
 * Whether the modal is open and which view it shows. The same object is returned until one of its fields changes.
 * @example
 * import { createKeyframe, getModalState } from '@keyframe/sdk'
 * const kf = createKeyframe({ projectId, frameUrl, networks })
 * getModalState(kf) // { isOpen: false, view: 'Connect', history: ['Connect'] }
 */
export function getModalState(kf: Keyframe): ModalState {
  return select(kf)
}

/**
 * Calls `onChange` whenever the modal opens, closes or changes view. Returns the unsubscribe.
 * @example
 * import { watchModalState } from '@keyframe/sdk'
 * const unwatch = watchModalState(kf, { onChange: (modal) => console.log(modal.isOpen, modal.view) })
 */
export function watchModalState(
  kf: Keyframe,
  parameters: { onChange(modal: ModalState, previous: ModalState): void },
): () => void {
  return watchSelected(kf, getModalState, parameters.onChange)
}
