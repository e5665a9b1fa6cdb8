/**
 * What the frame's prompts (`prompt.ts`) and approvals (`approval.ts`) share: the frame asks for the person,
 * and the modal shows the frame itself in a view of its own (FramePrompt, ApproveTransaction) until the
 * frame says it is over. Then the view is left: back to the view before, or the modal closes if it was
 * opened for this.
 *
 * Closing the modal during a prompt is not giving up: the frame keeps waiting, and opening the modal again (or
 * sending the open modal to another view) shows the frame's view again. Only the frame decides when it is
 * over (closing during an approval rejects the request, which has the frame end it: `approval.ts`). There
 * is one iframe, so one such view at a time: one waits while the other is shown.
 * @module
 */
import type { Keyframe } from './createKeyframe.ts'
import type { ViewName } from './router.ts'
import { defineRuntime } from './runtime.ts'
import { CLOSED, type Closed, type KeyframeState } from './store.ts'
import { watchSelected } from './watch.ts'

/** The views that show the frame itself (the iframe lives in the page, outside the modal's dialog). */
export const FRAME_VIEWS: readonly ViewName[] = ['FramePrompt', 'ApproveTransaction']

/** Per instance, the `show` of each frame view followed: the next one shows when one is done. */
const SHOWS = defineRuntime('frameOverlay', () => new Set<() => void>())

export type { Closed } from './store.ts'

/** The store fields that hold a frame view's value. */
type OverlayField = 'framePrompt' | 'approvalScreen'

export type FrameOverlay<T extends { readonly open: true }> = {
  /** What the frame asks for now, or closed. */
  get(kf: Keyframe): T | Closed
  /** Calls `onChange` when it opens, changes or closes. Returns the unsubscribe. */
  watch(kf: Keyframe, parameters: { onChange(): void }): () => void
  /** The frame asks: shows the view (opens the modal on it, or puts it on top of the view shown). */
  open(kf: Keyframe, value: T): void
  /** The frame is done: leaves the view. Nothing happens when it is already closed. */
  close(kf: Keyframe): void
  /**
   * Shows the view again whenever the modal comes back while the frame still waits, or when the other frame
   * view it waited behind is done. Once per instance.
   */
  follow(kf: Keyframe): void
}

/** The overlay of the frame view `view`, whose value is the store's `field`. */
export function createFrameOverlay<T extends { readonly open: true }>(
  view: ViewName,
  field: OverlayField,
): FrameOverlay<T> {
  const get = (kf: Keyframe) => kf.getState()[field] as T | Closed

  function set(kf: Keyframe, value: T | Closed) {
    kf._internal.store.setState({ [field]: value } as Partial<KeyframeState>)
  }

  /** Opens the modal on the view, or puts it on top of the view shown (unless the other frame view is). */
  function show(kf: Keyframe) {
    if (kf._internal.isDestroyed() || !get(kf).open) return
    const { open, view: shown } = kf.getState()
    if (open) {
      if (!FRAME_VIEWS.includes(shown)) kf._internal.navigate(view)
      return
    }
    // The UI chunk loads first: the frame may be done by the time the view is up.
    kf.open({ view }).then(
      () => leave(kf),
      () => {},
    )
  }

  /** Leaves the view once the frame is done: back to the view before, or the modal closes. */
  function leave(kf: Keyframe) {
    if (kf._internal.isDestroyed() || get(kf).open) return
    const { open, view: shown } = kf.getState()
    if (!open || shown !== view) return
    kf._internal.goBack()
    // The other frame view may be waiting behind this one (the frame asks for a passphrase once a signature
    // is approved): it shows now, even if going back closed the modal.
    for (const other of kf._internal.runtime(SHOWS)) other()
  }

  return {
    get,
    watch: (kf, parameters) => watchSelected(kf, get, () => parameters.onChange()),
    open(kf, value) {
      set(kf, value)
      show(kf)
    },
    close(kf) {
      if (!get(kf).open) return
      set(kf, CLOSED)
      leave(kf)
    },
    follow(kf) {
      kf._internal.runtime(SHOWS).add(() => show(kf))
      // The modal opened again, was sent to another view (`open({ view })`) or left the other frame view
      // while the frame still waits: show the view again, after that change, so the view stays underneath.
      kf.subscribe((state, previous) => {
        const away = !previous.open || FRAME_VIEWS.includes(previous.view)
        if (state.open && !FRAME_VIEWS.includes(state.view) && away && get(kf).open) {
          queueMicrotask(() => show(kf))
        }
      })
    },
  }
}
