/**
 * Toasts (SPEC §4): one at a time; a new one closes the open one and appears TOAST_SWAP_DELAY_MS later.
 * @module
 */

import { TOAST_SWAP_DELAY_MS } from '@keyframe/protocol/core'
import type { Keyframe } from './createKeyframe.ts'
import { watchSelected } from './watch.ts'

/** The spec's toast variants. */
export type ToastVariant = 'loading' | 'success' | 'error'

/** A toast on screen. `id` changes with every toast, so a view can tell two equal messages apart. */
export type Toast = { readonly id: number; readonly variant: ToastVariant; readonly message: string }

/**
 * How long a success or error toast stays before it hides itself. Not in the spec: long enough to read a
 * short sentence. A loading toast stays until it is replaced or dismissed.
 */
export const TOAST_DURATION_MS = 4000

export type ToastController = {
  /** Shows a toast, replacing the open one (after the swap delay). */
  show(variant: ToastVariant, message: string): void
  /** Hides the toast on screen and drops any toast waiting to appear. */
  dismiss(): void
}

/**
 * Creates the toast controller of one Keyframe instance over a getter and a setter of its toast state.
 * Timers are its own: `dismiss()` clears all of them.
 */
export function createToasts(state: {
  get(): Toast | undefined
  set(toast: Toast | undefined): void
}): ToastController {
  let seq = 0
  let queued: Toast | undefined
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined

  function display(toast: Toast) {
    state.set(toast)
    if (toast.variant !== 'loading') {
      hideTimer = setTimeout(() => {
        hideTimer = undefined
        if (state.get() === toast) state.set(undefined)
      }, TOAST_DURATION_MS)
    }
  }

  return {
    show(variant, message) {
      const toast: Toast = { id: ++seq, variant, message }
      clearTimeout(hideTimer)
      hideTimer = undefined
      if (swapTimer !== undefined) {
        // A swap is under way: the old toast is already closing, so this one simply takes the queued
        // one's place and still waits out the same delay.
        queued = toast
        return
      }
      if (state.get() === undefined) {
        display(toast)
        return
      }
      state.set(undefined)
      queued = toast
      swapTimer = setTimeout(() => {
        swapTimer = undefined
        const next = queued
        queued = undefined
        if (next) display(next)
      }, TOAST_SWAP_DELAY_MS)
    },
    dismiss() {
      clearTimeout(swapTimer)
      clearTimeout(hideTimer)
      swapTimer = hideTimer = queued = undefined
      if (state.get() !== undefined) state.set(undefined)
    },
  }
}

/**
 * The toast on screen, if any.
 * @example
 * import { getToast } from '@keyframe/sdk'
 * getToast(kf) // { id: 3, variant: 'success', message: 'Transaction started' } | undefined
 */
export function getToast(kf: Keyframe): Toast | undefined {
  return kf.getState().toast
}

/**
 * Calls `onChange` whenever a toast appears or goes. Returns the unsubscribe.
 * @example
 * import { watchToast } from '@keyframe/sdk'
 * const unwatch = watchToast(kf, { onChange: (toast) => console.log(toast?.message) })
 */
export function watchToast(
  kf: Keyframe,
  parameters: { onChange(toast: Toast | undefined, previous: Toast | undefined): void },
): () => void {
  return watchSelected(kf, getToast, parameters.onChange)
}
