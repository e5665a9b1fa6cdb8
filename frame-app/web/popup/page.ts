/**
 * The approval popup's document (`/approve` on the frame's origin, opened by `launcher.ts`): it takes the
 * request from its opener, the frame, and shows the frame's own approval screen with its gate, in a window
 * that is top-level, so no page can draw over it; the gate also wants this window focused (a window the page
 * opens on top of it takes the focus away and starts the clock again). The answer goes back on the offer's
 * port; signing stays in the frame.
 * @module
 */
import { APPROVAL_TIMEOUT_MS } from '@keyframe/protocol/core'
import { createApprovals } from '../approve/requestApproval.ts'
import { approvalOffer, type PopupReply } from './messages.ts'
import { popupVisibility } from './popupVisibility.ts'

export type ApprovalPopupOptions = {
  /** The popup's window. */
  window: Window
  /** How long the person has (the frame keeps its own clock too, and closes the popup when it runs out). */
  timeoutMs?: number
}

/**
 * Waits for the frame's offer, shows it, and answers on its port. Only the first valid offer counts, and only
 * from `window.opener` at exactly this document's origin. Returns the stop (tests).
 */
export function runApprovalPopup({ window: win, timeoutMs = APPROVAL_TIMEOUT_MS }: ApprovalPopupOptions) {
  const doc = win.document
  const aborted = new AbortController()
  let taken = false

  function onMessage(event: MessageEvent) {
    if (taken || event.source !== win.opener || event.origin !== win.location.origin) return
    const offer = approvalOffer.safeParse(event.data)
    const port = event.ports[0]
    if (!offer.success || !port) return
    taken = true
    win.removeEventListener('message', onMessage)
    const answer = (reply: PopupReply) => port.postMessage(reply)
    answer({ type: 'ready' })
    doc.documentElement.dataset.theme = offer.data.theme
    createApprovals(doc, { visibility: popupVisibility })
      .request(offer.data.details, { id: 'popup', signal: aborted.signal, emit: () => {}, timeoutMs })
      .then(
        () => answer({ type: 'decision', approved: true }),
        () => answer({ type: 'decision', approved: false }),
      )
  }
  win.addEventListener('message', onMessage)
  return () => {
    win.removeEventListener('message', onMessage)
    aborted.abort()
  }
}
