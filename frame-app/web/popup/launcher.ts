/**
 * The frame's side of an approval in a popup (see `engine.ts` for when): inside the modal, a short summary
 * with "Review in a new window" and Reject; the press opens a top-level window of the frame's own origin
 * (`/approve`, `page.ts`), which no page can draw over, and the request goes to it over `messages.ts`. The
 * decision comes back on the offer's port; the key stays here, and so does the signing.
 * @module
 */
import type { ApprovalDetails } from '../approve/details.ts'
import { type ApprovalScreen, renderApprovalScreen } from '../approve/screen.ts'
import { type ApprovalOffer, popupReply } from './messages.ts'

/** The popup document's path on the frame server (`frame-app/server/approvalPopup.ts`). */
export const POPUP_PATH = '/approve'
/** Its size: the modal's approval screen, with room for the window's own bars. */
const POPUP_FEATURES = 'popup,width=440,height=680'
/** How often the offer is made until the popup's document is there to take it, in ms. */
const OFFER_EVERY_MS = 100
/** How often the popup is checked for having been closed, in ms. */
const CLOSED_EVERY_MS = 250

export type PopupApprovalHandlers = {
  /** The person approved in the popup. */
  approve(): void
  /** The person rejected (here or in the popup), or closed the popup without deciding. */
  reject(): void
}

export type PopupApproval = {
  /** The summary screen in the frame. */
  screen: ApprovalScreen
  /** Closes the popup (if open) and takes the summary down. */
  stop(): void
}

/** Shows the summary of `details` in `doc` (the frame) and runs the popup it opens. */
export function showPopupApproval(
  doc: Document,
  details: ApprovalDetails,
  handlers: PopupApprovalHandlers,
): PopupApproval {
  const win = doc.defaultView as Window
  const screen = renderApprovalScreen(doc, details)
  const { root, body, reject } = screen
  const title = body.querySelector('h1')
  const summary = body.querySelector('dl')
  const note = doc.createElement('p')
  note.textContent =
    'This browser cannot confirm that the page does not cover this window, so you review and approve the request in a Keyframe window of its own.'
  const status = doc.createElement('p')
  status.setAttribute('role', 'status')
  body.replaceChildren(...[title, summary, note, status].filter((node) => node !== null))
  const review = doc.createElement('button')
  review.type = 'button'
  review.className = 'kfa-approve'
  review.textContent = 'Review in a new window'
  screen.approve.replaceWith(review)

  let popup: Window | null = null
  let port: MessagePort | undefined
  const offered: MessagePort[] = []
  let offering: ReturnType<typeof setInterval> | undefined
  let watching: ReturnType<typeof setInterval> | undefined
  let done = false

  const offer: ApprovalOffer = {
    type: 'keyframe:approval',
    details,
    theme: doc.documentElement.dataset.theme === 'light' ? 'light' : 'dark',
  }

  function finish(approved: boolean) {
    if (done) return
    done = true
    stopTimers()
    closePopup()
    if (approved) handlers.approve()
    else handlers.reject()
  }

  function stopTimers() {
    clearInterval(offering)
    clearInterval(watching)
    offering = watching = undefined
  }

  function closePopup() {
    for (const p of offered) p.close()
    offered.length = 0
    port = undefined
    if (popup && !popup.closed) popup.close()
    popup = null
  }

  function onReply(from: MessagePort, event: MessageEvent) {
    const reply = popupReply.safeParse(event.data)
    if (!reply.success || done) return
    // A decision counts only on the port of the offer the popup took.
    if (reply.data.type === 'decision') return from === port ? finish(reply.data.approved) : undefined
    if (port) return
    // The popup took this offer: the others (to its first, empty document) are void.
    port = from
    clearInterval(offering)
    offering = undefined
    status.textContent = 'Waiting for your decision in the Keyframe window.'
  }

  /** Offers the request to the popup's document; repeated until it answers 'ready' (its load time is unknown). */
  function makeOffer(target: Window) {
    const channel = new MessageChannel()
    channel.port1.onmessage = (event) => onReply(channel.port1, event)
    offered.push(channel.port1)
    // Exactly the frame's own origin: a popup navigated elsewhere receives nothing.
    target.postMessage(offer, win.location.origin, [channel.port2])
  }

  function open() {
    if (popup && !popup.closed) return popup.focus()
    const url = new URL(POPUP_PATH, win.location.origin).href
    const opened = win.open(url, '_blank', POPUP_FEATURES)
    if (!opened) {
      status.textContent =
        'Your browser blocked the Keyframe window. Allow pop-ups for this site, then press "Review in a new window" again.'
      status.setAttribute('role', 'alert')
      return
    }
    popup = opened
    status.setAttribute('role', 'status')
    status.textContent = 'Opening the Keyframe window…'
    makeOffer(opened)
    offering = setInterval(() => makeOffer(opened), OFFER_EVERY_MS)
    // Closed without a decision: a rejection (4001), as Reject would be.
    watching = setInterval(() => {
      if (opened.closed) finish(false)
    }, CLOSED_EVERY_MS)
  }

  // Only what a person did counts: a script in this document cannot make a trusted event.
  review.addEventListener('click', (event) => {
    if (event.isTrusted) open()
  })
  reject.addEventListener('click', (event) => {
    if (event.isTrusted) finish(false)
  })
  // Escape is Reject; Tab stays on the screen (the parent's focus trap cannot reach in here).
  root.addEventListener('keydown', (event) => {
    if (!event.isTrusted) return
    if (event.key === 'Escape') {
      event.preventDefault()
      return finish(false)
    }
    if (event.key !== 'Tab') return
    event.preventDefault()
    ;(doc.activeElement === review ? reject : review).focus()
  })
  const onWindowFocus = () => {
    if (!root.contains(doc.activeElement)) review.focus({ preventScroll: true })
  }
  win.addEventListener('focus', onWindowFocus)
  review.focus({ preventScroll: true })

  return {
    screen,
    stop() {
      done = true
      stopTimers()
      closePopup()
      win.removeEventListener('focus', onWindowFocus)
      screen.remove()
    },
  }
}
