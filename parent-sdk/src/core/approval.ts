/**
 * The frame's approvals in the modal (SPEC §2, SECURITY.md §3). An unsafe request (a signature, a
 * transaction) is approved or rejected in the frame's own screen; when the frame shows one
 * (APPROVAL_REQUESTED), the modal opens on its ApproveTransaction view, which shows the frame itself over a
 * box in its body (`ui/views/ApproveTransactionView.tsx`). APPROVAL_CLOSED (approved, rejected or timed
 * out) parks the frame (`ui/views/frameSlot.ts`) and goes back to the view before, or closes the modal if it was opened for the
 * approval. The frame client does not time requests out meanwhile (`frame/createFrameClient.ts`).
 *
 * Closing the modal during an approval decides nothing: the approval stays pending in the frame (which
 * rejects it with 4001 after its own timeout), and opening the modal again shows it again. The showing and
 * leaving is shared with the frame's prompts (`frameOverlay.ts`).
 * @module
 */
import type { FrameClient } from '../frame/createFrameClient.ts'
import type { Keyframe } from './createKeyframe.ts'
import { createFrameOverlay } from './frameOverlay.ts'

/**
 * The frame's approval as the modal sees it. `waiting` while an unsafe request is on its way to the frame: the
 * iframe is already shown then, so the approval screen is on screen as soon as the frame draws it.
 */
export type Approval =
  | { readonly open: false; readonly waiting?: false }
  | { readonly open: false; readonly waiting: true; readonly iframe: HTMLIFrameElement | undefined }
  | {
      readonly open: true
      /** The RPC_REQUEST's id. */
      readonly id: string
      /** Its RPC method, e.g. `personal_sign`. */
      readonly method: string
      readonly iframe: HTMLIFrameElement | undefined
    }

const overlay = /*@__PURE__*/ createFrameOverlay<Extract<Approval, { open: true }>>('ApproveTransaction')

/**
 * How long the frame stays shown after its approval closed while a request awaits its answer (see
 * `attachApproval`), at most.
 */
const CLOSE_GRACE_MS = 500

/** Per instance: the unsafe requests on their way to the frame, the waiting snapshot, who listens. */
type Waits = {
  count: number
  waiting: Approval | undefined
  listeners: Set<() => void>
  /** Called once when a wait ends. */
  ends: Set<() => void>
}
const waits = new WeakMap<Keyframe, Waits>()
/** Per instance: its frame client, whose iframe shows while an approval is awaited. */
const frames = new WeakMap<Keyframe, FrameClient>()

function waitsOf(kf: Keyframe): Waits {
  let value = waits.get(kf)
  if (!value) {
    value = { count: 0, waiting: undefined, listeners: new Set(), ends: new Set() }
    waits.set(kf, value)
  }
  return value
}

/** The frame's approval on screen: open with its request and the iframe to show, waiting, or closed. @internal */
export function getApproval(kf: Keyframe): Approval {
  const approval = overlay.get(kf)
  const wait = waitsOf(kf)
  if (approval.open || wait.count === 0) return approval
  wait.waiting ??= Object.freeze({ open: false, waiting: true, iframe: frames.get(kf)?.element() })
  return wait.waiting
}

/** Calls `onChange` when an approval opens or closes, or the wait for one starts or ends. Returns the unsubscribe. @internal */
export function watchApproval(kf: Keyframe, parameters: { onChange(): void }): () => void {
  const { listeners } = waitsOf(kf)
  const listener = () => parameters.onChange()
  listeners.add(listener)
  const unwatch = overlay.watch(kf, parameters)
  return () => {
    listeners.delete(listener)
    unwatch()
  }
}

/**
 * An unsafe request goes to the frame (SPEC §2: the modal opens at once). A closed modal opens on
 * ApproveTransaction itself, which shows the frame over its box at once: when the frame's approval screen
 * comes (APPROVAL_REQUESTED) it is on screen with the frame's next paint, without a view change or a new
 * placement, and no other view (the Account view and its balance request) is rendered only to be left again.
 * The visibility gate in the frame starts with its screen, not before. An open modal stays where it is
 * until APPROVAL_REQUESTED. Returns the end of the wait, to call once the request is over. @internal
 */
export function awaitApproval(kf: Keyframe): () => void {
  const wait = waitsOf(kf)
  const notify = () => {
    for (const listener of [...wait.listeners]) listener()
  }
  wait.count++
  wait.waiting = undefined
  notify()
  if (!kf.getState().open) kf.open({ view: 'ApproveTransaction' }).catch(() => {})
  let ended = false
  return () => {
    if (ended) return
    ended = true
    wait.count--
    wait.waiting = undefined
    notify()
    const ends = [...wait.ends]
    wait.ends.clear()
    for (const end of ends) end()
  }
}

/**
 * Shows the frame's approvals in the modal (see the module doc). Called once per frame client; its
 * listeners go with the client and the instance. @internal
 */
export function attachApproval(kf: Keyframe, frame: FrameClient) {
  frames.set(kf, frame)
  frame.on('APPROVAL_REQUESTED', ({ id, method }) =>
    overlay.open(kf, { open: true, id, method, iframe: frame.element() }),
  )
  // The close of an approval put off (below), if one is.
  let closing: (() => void) | undefined
  frame.on('APPROVAL_CLOSED', ({ id }) => {
    // Only the approval on screen ends here; a late word about another one changes nothing.
    let timer: ReturnType<typeof setTimeout> | undefined
    const close = () => {
      clearTimeout(timer)
      if (closing === close) closing = undefined
      const approval = overlay.get(kf)
      if (approval.open && approval.id === id) overlay.close(kf)
    }
    const wait = waitsOf(kf)
    // An approved request is signed (and answered) right after: hidden at once, the frame would do that work
    // as a hidden frame, which Chromium runs ~40 ms late (measured: 60 instead of 20 ms from the click to the
    // signature). So the frame stays shown until a request's answer, a prompt of the frame (a passphrase
    // for that signature), or CLOSE_GRACE_MS at most.
    if (wait.count === 0) return close()
    closing?.()
    closing = close
    timer = setTimeout(close, CLOSE_GRACE_MS)
    wait.ends.add(close)
  })
  frame.on('PROMPT_REQUESTED', () => closing?.())
  // A frame that reloads has no approval open any more.
  frame.on('READY', () => overlay.close(kf))
  overlay.follow(kf)
}
