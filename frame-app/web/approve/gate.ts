/**
 * The approval screen's gate (SECURITY.md §3): Approve works only once the whole screen (details and
 * buttons) has been shown at a readable size, unobscured and unchanged, for `minMs` without a break, and,
 * when the details do not fit, once the person has scrolled them to their end. The page embedding the frame
 * could otherwise cover it, fade it, shrink it, crop it to its buttons (the browser vouches for the frame's
 * viewport, not for how much of the screen fits in it) or slide it under the pointer just before a click.
 *
 * Any change restarts the clock: a report of the visibility source, a resize of the viewport, of the screen
 * or of its details, the document hidden, and the screen moved under a resting pointer. That last one is
 * for what the browser does not report: a page can move or scroll the iframe, wholly in view, without
 * IntersectionObserver noticing; the pointer's events do (its position on the device's screen unchanged,
 * its position in the frame changed). Geometry is read only when one of those comes (in observer
 * callbacks, after layout), and the details' scroll is listened to only until their end was reached: no
 * work per frame while an approval waits.
 * @module
 */
import type { VisibilitySource } from './visibility.ts'

/**
 * The smallest frame viewport the screen counts as readable in, CSS px. The SDK's slot is ~278 px wide in a
 * 320 px phone and ≥ 200 px high in any window its modal fits; a frame sized to show only the buttons is far
 * below it.
 */
export const MIN_VIEWPORT = { width: 260, height: 200 } as const
/** The details' least visible height, CSS px: a few lines of them above the buttons, whatever the fonts. */
export const MIN_DETAILS_HEIGHT = 96
/** Sub-pixel layout: edges and scroll ends this close count as reached. */
const SLACK = 1
/**
 * How far (Manhattan, CSS px) the screen must move under a resting pointer to count as moved: Chromium's own
 * "recently moved iframe" intervention's distance. Less cannot bring another control under the pointer, and
 * the SDK's modal rises 8 px as it opens, with the frame following at the animation's end.
 */
const MIN_MOVE = 10

/** What the gate watches on the screen. */
export type GateScreen = {
  /** The whole screen, filling the document's viewport. */
  readonly root: HTMLElement
  /** The details, scrolling inside the screen when they do not fit. */
  readonly body: HTMLElement
  /** Reject and Approve. */
  readonly controls: readonly HTMLElement[]
}

/**
 * Why Approve is not usable when the person could know or do something about it: `small`, the screen is not
 * wholly shown at a readable size; `review`, the details do not fit and their end was never scrolled to.
 */
export type GateHint = 'small' | 'review' | undefined

export type WatchGateParameters = {
  /** How long the screen must stay shown and unchanged, in ms (APPROVAL_VISIBLE_MS). */
  minMs: number
  /** Whether the browser draws the screen as it is (`visibility.ts`). */
  visibility: VisibilitySource
  /** Called with true when the gate opens, with false when it closes again. */
  onChange(open: boolean): void
  /** Called when the hint changes. */
  onHint(hint: GateHint): void
}

/**
 * Watches `screen` and reports when Approve may be used. Returns the stop.
 * @example
 * const stop = watchGate(screen, {
 *   minMs: APPROVAL_VISIBLE_MS,
 *   visibility: intersectionVisibility,
 *   onChange: (open) => setUsable(screen.approve, open),
 *   onHint: (hint) => showHint(screen, hint),
 * })
 */
export function watchGate(screen: GateScreen, parameters: WatchGateParameters): () => void {
  const { minMs, visibility, onChange, onHint } = parameters
  const { root, body, controls } = screen
  const doc = root.ownerDocument
  const win = doc.defaultView
  if (!win) return () => {}

  let visible = false
  let fits = false
  let overflows = false
  /** The person brought the end of the details into view (kept: they saw it). */
  let reachedEnd = false
  let hint: GateHint
  let ready = false
  let open = false
  let timer: ReturnType<typeof setTimeout> | undefined

  /** Whether `element` lies wholly inside the viewport with some size. */
  function inside(element: HTMLElement, width: number, height: number): boolean {
    const rect = element.getBoundingClientRect()
    return (
      rect.width > 0 &&
      rect.height > 0 &&
      rect.left >= -SLACK &&
      rect.top >= -SLACK &&
      rect.right <= width + SLACK &&
      rect.bottom <= height + SLACK
    )
  }

  function measure() {
    const width = win?.innerWidth ?? 0
    const height = win?.innerHeight ?? 0
    fits =
      width >= MIN_VIEWPORT.width &&
      height >= MIN_VIEWPORT.height &&
      body.clientHeight >= MIN_DETAILS_HEIGHT &&
      [body, ...controls].every((element) => inside(element, width, height))
    overflows = body.scrollHeight - body.clientHeight > SLACK
  }

  /** Something may have changed: re-measure, and restart the clock if `changed` or readiness flipped. */
  function update(changed: boolean) {
    measure()
    const reviewed = !overflows || reachedEnd
    const next: GateHint = !fits ? 'small' : !reviewed ? 'review' : undefined
    if (next !== hint) {
      hint = next
      onHint(hint)
    }
    const wasReady = ready
    ready = visible && fits && reviewed && doc.visibilityState === 'visible'
    if (changed || ready !== wasReady) restart()
  }

  /** The gate closes, and the clock starts again if everything is in order. */
  function restart() {
    clearTimeout(timer)
    timer = undefined
    if (open) {
      open = false
      onChange(false)
    }
    if (!ready) return
    timer = setTimeout(() => {
      timer = undefined
      open = true
      onChange(true)
    }, minMs)
  }

  const changed = () => update(true)
  // The pointer's last position, on the device's screen and in the frame.
  let pointer: { screenX: number; screenY: number; clientX: number; clientY: number } | undefined
  const onPointer = (event: PointerEvent) => {
    const { screenX, screenY, clientX, clientY } = event
    const last = pointer
    pointer = { screenX, screenY, clientX, clientY }
    // Only a resting pointer tells: a moving one's two positions may differ by a zoom's scale.
    if (!last || Math.abs(screenX - last.screenX) > SLACK || Math.abs(screenY - last.screenY) > SLACK) return
    if (Math.abs(clientX - last.clientX) + Math.abs(clientY - last.clientY) >= MIN_MOVE) changed()
  }
  // Listened to until the end is reached: the person's own scrolling, by pointer, wheel, touch or keys.
  const onScroll = () => {
    if (body.scrollTop + body.clientHeight < body.scrollHeight - SLACK) return
    reachedEnd = true
    body.removeEventListener('scroll', onScroll)
    update(false)
  }

  const stopVisibility = visibility(root, (shown) => {
    visible = shown
    update(true)
  })
  // Its first report comes on observe, after layout: it measures the screen as first drawn.
  const resize = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(changed) : undefined
  resize?.observe(root)
  resize?.observe(body)
  body.addEventListener('scroll', onScroll, { passive: true })
  // Capturing on the screen: it runs before Approve's own pointerdown, which then finds the gate shut.
  for (const type of ['pointermove', 'pointerdown'] as const)
    root.addEventListener(type, onPointer, { capture: true, passive: true })
  win.addEventListener('resize', changed)
  win.visualViewport?.addEventListener('resize', changed)
  doc.addEventListener('visibilitychange', changed)

  return () => {
    clearTimeout(timer)
    stopVisibility()
    resize?.disconnect()
    body.removeEventListener('scroll', onScroll)
    for (const type of ['pointermove', 'pointerdown'] as const)
      root.removeEventListener(type, onPointer, { capture: true })
    win.removeEventListener('resize', changed)
    win.visualViewport?.removeEventListener('resize', changed)
    doc.removeEventListener('visibilitychange', changed)
  }
}
