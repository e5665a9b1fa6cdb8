/** @jsxImportSource preact */
import { useLayoutEffect, useRef } from 'preact/hooks'
import { getApproval, watchApproval } from '../../core/approval.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getModalState, watchModalState } from '../../core/modal.ts'
import { useWatched } from '../useWatched.ts'
import { focusFrame, frameScreen, placeFrameOver } from './frameSlot.ts'

/**
 * Where the frame shows its approval screen: 440 px, less on a short window so the whole screen stays inside
 * the card (a frame partly scrolled out of view is not visible to itself, and Approve would never work; the
 * screen scrolls inside). A style object, which Preact applies through the CSSOM (no 'unsafe-inline').
 */
const SLOT_STYLE = {
  height: 'min(440px, calc(100vh - 160px))',
  border: '1px solid var(--kf-border)',
  background: 'var(--kf-bg)',
} as const

/**
 * ApproveTransaction: the frame shows what is being signed and asks the person to approve or reject it, in
 * its own screen over the box below (SECURITY.md §3): this page cannot see or press anything in it. The way
 * out is the frame's own Reject (see `core/approval.ts`), so there is no Back here.
 */
export function ApproveTransactionView({ kf }: { kf: Keyframe }) {
  const slot = useRef<HTMLDivElement>(null)
  const approval = useWatched(kf, watchApproval, getApproval)
  const { view } = useWatched(kf, watchModalState, getModalState)
  // While an approval is awaited the frame shows only in this view itself, not from beneath another frame view.
  const iframe =
    approval.open || (approval.waiting && view === 'ApproveTransaction') ? approval.iframe : undefined

  // Before the browser paints the modal: the frame is on screen with the same paint, which is when it learns
  // that it is in view (a frame later in a passive effect).
  useLayoutEffect(() => {
    const box = slot.current
    if (!box || !iframe) return
    // Square: rounded corners may read as not fully visible to IntersectionObserver v2 (it works in
    // rectangles), and Approve would never enable.
    return placeFrameOver(iframe, box, { rounded: false, screen: frameScreen(kf) })
  }, [iframe, kf])
  useLayoutEffect(() => focusFrame(iframe), [iframe])

  // Only reached by `open({ view: 'ApproveTransaction' })` with nothing to approve.
  if (!approval.open && !approval.waiting)
    return <p className="kf-note">There is nothing to approve right now.</p>

  return (
    <div className="kf-stack">
      <p className="kf-text">
        Review the request in the secure Keyframe window below, then approve or reject it.
      </p>
      {/* A focus proxy: Tab from the modal's controls lands here and goes on into the frame. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        ref={slot}
        className="kf-frame-slot"
        data-testid="kf-approve-slot"
        style={SLOT_STYLE}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus proxy above
        tabIndex={0}
        onFocus={() => iframe?.focus()}
      />
      {/* Below the frame, so the note coming or going never moves the screen the person is reading. */}
      <p className="kf-note" role="status" data-testid="kf-approve-queue">
        {approval.queued > 0
          ? `${approval.queued} more request${approval.queued === 1 ? '' : 's'} waiting`
          : ''}
      </p>
    </div>
  )
}
