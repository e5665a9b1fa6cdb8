/**
 * Where the frame's iframe is drawn in the page. It lives in the page's body, fixed on top (it cannot move
 * into the modal: moving an iframe reloads its document), in one of three states:
 *
 * - **shown** over the box of a frame view (ApproveTransaction, FramePrompt): {@link placeFrameOver};
 * - **parked** once such a view is left with nothing of the frame's own on screen: it stays drawn where it
 *   was, but the frame document is empty and transparent then, so nothing of it shows; it takes no pointer
 *   events (clicks reach the page below), is out of the tab order and hidden from assistive technology.
 *   Drawn and in view, the frame is not throttled and its viewport is already the box's: the next approval
 *   screen is on screen, and known to the frame as visible, with the frame's own next paint. From
 *   `display: none` that took two paints (~17 ms more at 60 Hz): the page's, in which the iframe's
 *   visibility is computed and sent to the frame's process, then the frame's;
 * - **hidden** (`display: none`) before it was first shown, and whenever a view is left while the frame
 *   still shows a screen of its own (the person closed the modal during an approval or a prompt, or the
 *   answer came before APPROVAL_CLOSED): that screen must not show without the modal around it. Parked once
 *   the frame says the screen is gone, unless a view shows the frame again first.
 * @module
 */

import { getApproval, watchApproval } from '../../core/approval.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getFramePrompt, watchFramePrompt } from '../../core/prompt.ts'

/** Above the modal's overlay (z-index 2147483000), so nothing of the modal covers the frame. */
const FRAME_Z_INDEX = '2147483647'

export type PlaceFrameOptions = {
  /** Rounded corners (not for the approval screen: IntersectionObserver v2 may count them against it). */
  rounded?: boolean
  /** Whether the frame shows a screen of its own, asked when the view lets it go: {@link frameScreen}. */
  screen: FrameScreen
}

/** Whether the frame shows a screen of its own (an approval, a prompt), and when that changes. */
export type FrameScreen = {
  showing(): boolean
  /** Calls `onChange` when it may have changed. Returns the unsubscribe. */
  watch(onChange: () => void): () => void
}

/** Per iframe: the wait for its screen to go before it is parked (see the module doc). */
const parkings = new WeakMap<HTMLIFrameElement, () => void>()

/**
 * Shows `iframe` exactly over `box` (the inside of its border) and keeps it there while `box` moves or
 * resizes: window resizes and scrolls, scrolls and animations inside the modal's shadow root, size changes of
 * the box and of the card around it. Whatever of the box the card scrolls out of view is clipped off the
 * frame too. Nothing else touches how the frame is drawn (no transform, opacity or filter), so the frame can
 * tell it is fully visible (IntersectionObserver v2), which its approval screen requires. Call it from a
 * layout effect, so that the frame is shown with the modal's first paint, not a frame later. Returns the
 * undo: listeners gone, the frame parked or hidden (see the module doc).
 */
export function placeFrameOver(
  iframe: HTMLIFrameElement,
  box: HTMLElement,
  options: PlaceFrameOptions,
): () => void {
  const { rounded = true, screen } = options
  parkings.get(iframe)?.()
  const win = box.ownerDocument.defaultView ?? window
  // Events inside the shadow root (a scroll of the card, its opening animation) do not reach the window.
  const root = box.getRootNode()
  const card = box.closest('.kf-card')
  const style = iframe.style
  const px = (value: number) => `${Math.max(0, value)}px`

  function place() {
    const rect = box.getBoundingClientRect()
    const left = rect.left + box.clientLeft
    const top = rect.top + box.clientTop
    const width = box.clientWidth
    const height = box.clientHeight
    style.left = `${left}px`
    style.top = `${top}px`
    style.width = `${width}px`
    style.height = `${height}px`
    const view = card?.getBoundingClientRect()
    const insets = view
      ? [view.top - top, left + width - view.right, top + height - view.bottom, view.left - left]
      : []
    // No clip at all while the whole box is in view: IntersectionObserver v2 counts a clip-path as a visual
    // effect, and the frame's approval screen would then never see itself as visible.
    if (insets.some((inset) => inset > 0)) style.clipPath = `inset(${insets.map(px).join(' ')})`
    else style.removeProperty('clip-path')
  }

  style.zIndex = FRAME_Z_INDEX
  if (rounded) style.borderRadius = '11px'
  else style.removeProperty('border-radius')
  // Measured before the iframe is shown: the box's layout is usually clean by then, and showing the iframe
  // first would force a layout of the page with it.
  place()
  unpark(iframe)
  style.display = 'block'
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
  observer?.observe(box)
  if (card) observer?.observe(card)
  const listening = { capture: true, passive: true }
  const targets: EventTarget[] = root === box.ownerDocument ? [win] : [win, root]
  for (const target of targets) {
    target.addEventListener('scroll', place, listening)
    target.addEventListener('animationend', place, listening)
  }
  win.addEventListener('resize', place, listening)

  return () => {
    observer?.disconnect()
    for (const target of targets) {
      target.removeEventListener('scroll', place, listening)
      target.removeEventListener('animationend', place, listening)
    }
    win.removeEventListener('resize', place, listening)
    if (!screen.showing()) return parkFrame(iframe)
    hideFrame(iframe)
    const unwatch = screen.watch(() => {
      if (screen.showing()) return
      stop()
      parkFrame(iframe)
    })
    const stop = () => {
      unwatch()
      parkings.delete(iframe)
    }
    parkings.set(iframe, stop)
  }
}

/** Parks the frame where it was last shown (see the module doc). */
function parkFrame(iframe: HTMLIFrameElement) {
  const style = iframe.style
  style.display = 'block'
  // Effects that would keep IntersectionObserver v2 from calling the next screen visible.
  style.removeProperty('clip-path')
  style.removeProperty('border-radius')
  style.pointerEvents = 'none'
  iframe.tabIndex = -1
  iframe.setAttribute('aria-hidden', 'true')
  // Focus does not stay in a frame nobody sees (`display: none` let it go by itself).
  if (iframe.ownerDocument.activeElement === iframe) iframe.blur()
}

/** Hides the frame (`display: none`); it keeps its place, to be parked there. */
function hideFrame(iframe: HTMLIFrameElement) {
  unpark(iframe)
  iframe.style.display = 'none'
}

function unpark(iframe: HTMLIFrameElement) {
  iframe.style.removeProperty('pointer-events')
  iframe.removeAttribute('tabindex')
  iframe.removeAttribute('aria-hidden')
}

/** The frame's own screens of `kf`: its approvals and its prompts. */
export function frameScreen(kf: Keyframe): FrameScreen {
  return {
    showing: () => getApproval(kf).open || getFramePrompt(kf).open,
    watch(onChange) {
      const unwatchApproval = watchApproval(kf, { onChange })
      const unwatchPrompt = watchFramePrompt(kf, { onChange })
      return () => {
        unwatchApproval()
        unwatchPrompt()
      }
    },
  }
}

/**
 * Focuses the frame shown by {@link placeFrameOver}: the frame focuses its first field when its window gets
 * focus. Call it from the view's layout effect: it focuses on the microtask after the render, once the
 * modal's own focus rule (the parent's layout effect, which runs after the view's) is done, so focus ends in
 * the frame, before the next paint. Returns the cancel, for the effect's cleanup. The iframe is fixed and
 * already in view: scrolling to it would only force a layout.
 */
export function focusFrame(iframe: HTMLIFrameElement | undefined): () => void {
  let cancelled = false
  queueMicrotask(() => {
    if (!cancelled) iframe?.focus({ preventScroll: true })
  })
  return () => {
    cancelled = true
  }
}
