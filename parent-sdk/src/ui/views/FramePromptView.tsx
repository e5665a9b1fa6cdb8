import { useEffect, useLayoutEffect, useRef } from 'react'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getFramePrompt, watchFramePrompt } from '../../core/prompt.ts'
import { useWatched } from '../../react/useWatched.ts'

/**
 * Where the frame shows itself: its usual ~320×400 (the frame's form fits and scrolls if it must). Set as a
 * style object, which React applies through the CSSOM, so a dApp CSP without 'unsafe-inline' allows it.
 */
const SLOT_STYLE = {
  height: '400px',
  border: '1px solid var(--kf-border)',
  borderRadius: 'var(--kf-radius-control)',
  background: 'var(--kf-bg)',
} as const

/** Above the modal's overlay (z-index 2147483000), so nothing of the modal covers the frame. */
const FRAME_Z_INDEX = '2147483647'

/**
 * Shows the hidden `iframe` exactly over `box` (the inside of its border) and keeps it there while `box`
 * moves or resizes: window resizes and scrolls, scrolls and animations inside the modal's shadow root, size
 * changes of the box and of the card around it. Whatever of the box the card scrolls out of view is clipped
 * off the frame too. Nothing else touches how the frame is drawn (no transform, opacity or filter), so the
 * frame can tell it is fully visible (IntersectionObserver v2), which its approval screen requires; that
 * screen goes without `rounded` corners too, which the browser may count against it. The iframe cannot
 * move into the modal (moving an iframe reloads its document), so it stays where it is in the page, fixed
 * on top. Call it from a layout effect, so that the frame is shown with the modal's first paint, not a frame
 * later. Returns the undo: hidden again, listeners gone.
 */
export function placeFrameOver(
  iframe: HTMLIFrameElement,
  box: HTMLElement,
  { rounded = true }: { rounded?: boolean } = {},
): () => void {
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
  // Measured before the iframe is shown: the box's layout is usually clean by then, and showing the iframe
  // first would force a layout of the page with it.
  place()
  style.display = 'block'
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined
  observer?.observe(box)
  if (card) observer?.observe(card)
  const options = { capture: true, passive: true }
  const targets: EventTarget[] = root === box.ownerDocument ? [win] : [win, root]
  for (const target of targets) {
    target.addEventListener('scroll', place, options)
    target.addEventListener('animationend', place, options)
  }
  win.addEventListener('resize', place, options)

  return () => {
    observer?.disconnect()
    for (const target of targets) {
      target.removeEventListener('scroll', place, options)
      target.removeEventListener('animationend', place, options)
    }
    win.removeEventListener('resize', place, options)
    for (const name of ['left', 'top', 'width', 'height', 'clip-path', 'z-index', 'border-radius']) {
      style.removeProperty(name)
    }
    style.display = 'none'
  }
}

/**
 * Focuses the frame shown by {@link placeFrameOver}: the frame focuses its first field when its window gets
 * focus. Call it from a passive effect, after the modal's own focus effect (a layout effect), so that focus
 * ends in the frame. The iframe is fixed and already in view: scrolling to it would only force a layout.
 */
export function focusFrame(iframe: HTMLIFrameElement | undefined) {
  iframe?.focus({ preventScroll: true })
}

/**
 * FramePrompt: the frame asks for something only it may see (a recovery passphrase). The frame itself is
 * shown over the box below; this page sees nothing typed into it. The way out is the frame's own Cancel
 * (see `core/prompt.ts`), so there is no Back here.
 */
export function FramePromptView({ kf }: { kf: Keyframe }) {
  const slot = useRef<HTMLDivElement>(null)
  const prompt = useWatched(kf, watchFramePrompt, getFramePrompt)
  const iframe = prompt.open ? prompt.iframe : undefined

  useLayoutEffect(() => {
    const box = slot.current
    if (!box || !iframe) return
    return placeFrameOver(iframe, box)
  }, [iframe])
  useEffect(() => focusFrame(iframe), [iframe])

  // Only reached by `open({ view: 'FramePrompt' })` with nothing asked: PROMPT_CLOSED leaves the view.
  if (!iframe) return <p className="kf-note">The wallet is not asking for anything right now.</p>

  return (
    <div className="kf-stack">
      <p className="kf-text">Type it in the secure Keyframe window below. This site cannot see it.</p>
      {/* A focus proxy: Tab from the modal's controls lands here and goes on into the frame. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        ref={slot}
        className="kf-frame-slot"
        style={SLOT_STYLE}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus proxy above
        tabIndex={0}
        onFocus={() => iframe.focus()}
      />
    </div>
  )
}
