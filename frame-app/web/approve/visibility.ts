/**
 * Where the approval gate (`gate.ts`) learns whether the browser draws the screen as it is: a
 * {@link VisibilitySource}. In a frame that is {@link intersectionVisibility}, what IntersectionObserver can
 * vouch for:
 * - v2 (`trackVisibility`, `entry.isVisible`) where the browser has it: nothing drawn over the frame, no
 *   transform, opacity or filter on it or its ancestors, in the parent page too;
 * - otherwise v1: the whole screen inside the viewport (ratio 1), clipping by the parent's page included,
 *   which is all such a browser can tell (engines without v2 approve in a popup instead).
 * A document that no page can draw over (a top-level popup) can pass a source of its own.
 * A browser without IntersectionObserver never reports: the gate never opens (fails closed).
 * @module
 */

/**
 * Watches `target`; calls `report` with whether it is shown unaltered each time that may have changed (every
 * report restarts the gate's clock). Returns the stop.
 */
export type VisibilitySource = (target: Element, report: (visible: boolean) => void) => () => void

/** Chrome's minimum for `trackVisibility`: how often visibility may be recomputed, in ms. */
const TRACK_DELAY_MS = 100
/** Sub-pixel layout can leave a fully shown element a hair short of 1. */
const FULL_RATIO = 0.999

/** Whether `win`'s IntersectionObserver tells what is drawn over or applied to the frame (v2). */
export function tracksVisibility(win: Window & typeof globalThis): boolean {
  return (
    typeof win.IntersectionObserver === 'function' &&
    'isVisible' in (win.IntersectionObserverEntry?.prototype ?? {})
  )
}

/**
 * The frame's source: the whole `target` in view and, with v2, unobscured and untransformed.
 * @example
 * const stop = watchGate(screen, { minMs: APPROVAL_VISIBLE_MS, visibility: intersectionVisibility, … })
 */
export const intersectionVisibility: VisibilitySource = (target, report) => {
  const win = target.ownerDocument.defaultView
  const Observer = win?.IntersectionObserver
  if (!win || !Observer) return () => {}
  const trackVisibility = tracksVisibility(win)
  const observer = new Observer(
    (entries) => {
      const entry = entries[entries.length - 1]
      if (!entry) return
      const inView = entry.isIntersecting && entry.intersectionRatio >= FULL_RATIO
      const unobscured =
        !trackVisibility || (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible
      report(inView && unobscured)
    },
    // `trackVisibility` and `delay` are v2 options the DOM typings do not know yet.
    (trackVisibility
      ? { threshold: [FULL_RATIO, 1], trackVisibility: true, delay: TRACK_DELAY_MS }
      : { threshold: [FULL_RATIO, 1] }) as IntersectionObserverInit,
  )
  observer.observe(target)
  return () => observer.disconnect()
}
