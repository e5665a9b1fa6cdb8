/**
 * The approval screen's visibility gate (SECURITY.md §3): Approve works only once the screen has been
 * visible, unobscured and unchanged for `minMs` without a break. A page embedding the frame could otherwise
 * cover it, fade it or slide it under the pointer just before a click (clickjacking).
 *
 * "Visible" is what the browser can vouch for:
 * - IntersectionObserver v2 (`trackVisibility`, `entry.isVisible`) where the browser has it: nothing drawn
 *   over the frame, no transform, opacity or filter on it or its ancestors, in the parent page too;
 * - otherwise IntersectionObserver v1: the whole screen inside the viewport (ratio 1), clipping by the
 *   parent's page included, which is all such a browser can tell;
 * - and in both, the document visible (`visibilityState`).
 * Any change restarts the clock: a new observer entry, a resize of the window or of the screen, the
 * document hidden. A browser without IntersectionObserver never opens the gate (fails closed).
 * @module
 */

/** Chrome's minimum for `trackVisibility`: how often visibility may be recomputed, in ms. */
const TRACK_DELAY_MS = 100
/** Sub-pixel layout can leave a fully shown element a hair short of 1. */
const FULL_RATIO = 0.999

export type WatchVisibilityParameters = {
  /** How long the screen must stay visible and unchanged, in ms (APPROVAL_VISIBLE_MS). */
  minMs: number
  /** Called with true when the gate opens, with false when it closes again. */
  onChange(open: boolean): void
}

/**
 * Watches `target` and reports when it has been visible for `minMs` continuously. Returns the stop.
 * @example
 * const stop = watchVisibility(screen, { minMs: APPROVAL_VISIBLE_MS, onChange: (open) => setUsable(approve, open) })
 */
export function watchVisibility(target: Element, parameters: WatchVisibilityParameters): () => void {
  const { minMs, onChange } = parameters
  const doc = target.ownerDocument
  const win = doc.defaultView
  const Observer = win?.IntersectionObserver
  if (!win || !Observer) return () => {}
  const trackVisibility = 'isVisible' in (win.IntersectionObserverEntry?.prototype ?? {})

  let inView = false
  let unobscured = !trackVisibility
  let open = false
  let timer: ReturnType<typeof setTimeout> | undefined

  /** Something changed: the gate closes, and the clock starts again if everything is in order. */
  function restart() {
    clearTimeout(timer)
    timer = undefined
    if (open) {
      open = false
      onChange(false)
    }
    if (!inView || !unobscured || doc.visibilityState !== 'visible') return
    timer = setTimeout(() => {
      timer = undefined
      open = true
      onChange(true)
    }, minMs)
  }

  const intersection = new Observer(
    (entries) => {
      const entry = entries[entries.length - 1]
      if (!entry) return
      inView = entry.isIntersecting && entry.intersectionRatio >= FULL_RATIO
      if (trackVisibility)
        unobscured = (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible
      restart()
    },
    // `trackVisibility` and `delay` are v2 options the DOM typings do not know yet.
    (trackVisibility
      ? { threshold: [FULL_RATIO, 1], trackVisibility: true, delay: TRACK_DELAY_MS }
      : { threshold: [FULL_RATIO, 1] }) as IntersectionObserverInit,
  )
  intersection.observe(target)
  // Its first report comes on observe, with the intersection observer's: it restarts a clock barely started.
  const resize = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(restart) : undefined
  resize?.observe(target)
  win.addEventListener('resize', restart)
  doc.addEventListener('visibilitychange', restart)

  return () => {
    clearTimeout(timer)
    intersection.disconnect()
    resize?.disconnect()
    win.removeEventListener('resize', restart)
    doc.removeEventListener('visibilitychange', restart)
  }
}
