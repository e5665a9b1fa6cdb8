/**
 * The frame's approvals in the modal (SPEC §2, SECURITY.md §3). An unsafe request (a signature, a
 * transaction) is approved or rejected in the frame's own screen; when the frame shows one
 * (APPROVAL_REQUESTED), the modal opens on its ApproveTransaction view, which shows the frame itself over a
 * box in its body (`ui/views/ApproveTransactionView.tsx`). APPROVAL_CLOSED (approved, rejected or timed
 * out) parks the frame (`ui/views/frameSlot.ts`) and goes back to the view before, or closes the modal if it was opened for the
 * approval. The frame client does not time requests out meanwhile (`frame/createFrameClient.ts`).
 *
 * Closing the modal (its close button, Escape, the backdrop, `kf.close()`) while an unsafe request awaits the
 * person's decision rejects that request with 4001 at once, and every one queued behind it: the request's
 * abort tells the frame (RPC_ABORT), which takes its screen down (APPROVAL_CLOSED). An approval the person
 * already decided is left to finish. The showing and leaving is shared with the frame's prompts
 * (`frameOverlay.ts`).
 * @module
 */
import type { FrameClient } from '../frame/createFrameClient.ts'
import type { Keyframe } from './createKeyframe.ts'
import { type Closed, createFrameOverlay } from './frameOverlay.ts'
import { defineRuntime } from './runtime.ts'
import { memoPerInstance, watchSelected } from './watch.ts'

/** The frame's approval screen for one request, as its APPROVAL_REQUESTED said. */
export type ApprovalScreen = {
  readonly open: true
  /** The RPC_REQUEST's id. */
  readonly id: string
  /** Its RPC method, e.g. `personal_sign`. */
  readonly method: string
  readonly iframe: HTMLIFrameElement | undefined
}

/**
 * The frame's approval as the modal sees it. `waiting` while an unsafe request is on its way to the frame: the
 * iframe is already shown then, so the approval screen is on screen as soon as the frame draws it. `queued`:
 * how many more requests wait for a decision behind the one shown.
 */
export type Approval =
  | { readonly open: false; readonly waiting?: false }
  | {
      readonly open: false
      readonly waiting: true
      readonly iframe: HTMLIFrameElement | undefined
      readonly queued: number
    }
  | (ApprovalScreen & { readonly queued: number })

/** An unsafe request's wait for its approval, as `awaitApproval` hands it to the provider. */
export type ApprovalWait = {
  /** The request went to the frame as RPC_REQUEST `id` (the id its APPROVAL_* events name). */
  sent(id: string): void
  /** The request is over (answered, failed or dismissed). Idempotent. */
  end(): void
}

const overlay = /*@__PURE__*/ createFrameOverlay<ApprovalScreen>('ApproveTransaction', 'approvalScreen')

/**
 * How long the frame stays shown after its approval closed while a request awaits its answer (see
 * `attachApproval`), at most.
 */
const CLOSE_GRACE_MS = 500

/** One unsafe request in flight. */
type Wait = { id: string | undefined; decided: boolean; dismiss(): void }

/** Per instance: the unsafe requests in flight, the instance's frame client, the ends of the put-off close. */
const APPROVALS = defineRuntime('approval', (kf) => {
  const runtime = {
    waits: new Set<Wait>(),
    /** Holds of the modal open (`holdOpen`). */
    holds: 0,
    frame: undefined as FrameClient | undefined,
    /** Called once when a wait ends. */
    ends: new Set<() => void>(),
  }
  // The person closed the modal: every request not decided yet is rejected (see the module doc).
  kf._internal.onClose(() => {
    for (const wait of [...runtime.waits]) if (!wait.decided) wait.dismiss()
  })
  return runtime
})

/** Writes the counts of the requests in flight and of those not decided yet to the store. */
function publish(kf: Keyframe) {
  const { waits } = kf._internal.runtime(APPROVALS)
  let undecided = 0
  for (const wait of waits) if (!wait.decided) undecided++
  kf._internal.store.setState({ approvalRequests: waits.size, approvalsUndecided: undecided })
}

/** What tells two approvals apart, but for the iframe. */
function keyOf(approval: Approval): string {
  if (approval.open) return `open ${approval.id} ${approval.queued}`
  return approval.waiting ? `waiting ${approval.queued}` : 'closed'
}

const iframeOf = (approval: Approval) => ('iframe' in approval ? approval.iframe : undefined)

const select = memoPerInstance<Approval>(
  (kf) => {
    const { approvalRequests, approvalsUndecided } = kf.getState()
    const screen = overlay.get(kf)
    const queued = Math.max(0, approvalsUndecided - 1)
    if (screen.open) return { ...screen, queued }
    if (approvalRequests === 0) return screen as Closed
    const iframe = kf._internal.runtime(APPROVALS).frame?.element()
    return { open: false, waiting: true, iframe, queued }
  },
  (a, b) => keyOf(a) === keyOf(b) && iframeOf(a) === iframeOf(b),
)

/** The frame's approval on screen: open with its request and the iframe to show, waiting, or closed. @internal */
export function getApproval(kf: Keyframe): Approval {
  return select(kf)
}

/** Calls `onChange` when an approval opens or closes, or the wait for one starts or ends. Returns the unsubscribe. @internal */
export function watchApproval(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return watchSelected(kf, getApproval, () => parameters.onChange())
}

/**
 * An unsafe request goes to the frame (SPEC §2: the modal opens at once). A closed modal opens on
 * ApproveTransaction itself, which shows the frame over its box at once: when the frame's approval screen
 * comes (APPROVAL_REQUESTED) it is on screen with the frame's next paint, without a view change or a new
 * placement, and no other view (the Account view and its balance request) is rendered only to be left again.
 * The visibility gate in the frame starts with its screen, not before. An open modal stays where it is
 * until APPROVAL_REQUESTED. `dismiss` is called if the person closes the modal before deciding. @internal
 */
export function awaitApproval(kf: Keyframe, dismiss: () => void = () => {}): ApprovalWait {
  const runtime = kf._internal.runtime(APPROVALS)
  const wait: Wait = { id: undefined, decided: false, dismiss }
  runtime.waits.add(wait)
  publish(kf)
  if (!kf.getState().open) kf.open({ view: 'ApproveTransaction' }).catch(() => {})
  return {
    sent(id) {
      wait.id = id
    },
    end() {
      if (!runtime.waits.delete(wait)) return
      publish(kf)
      const ends = [...runtime.ends]
      runtime.ends.clear()
      for (const end of ends) end()
    },
  }
}

/**
 * Keeps the modal open when the unsafe requests started meanwhile end (SPEC §2's transaction stack): a view
 * that makes a request itself (Send, Swap, account names) shows its own result, where the modal would
 * otherwise close on the request's success. Returns the release (idempotent); call it in a `finally`.
 * @internal
 */
export function holdOpen(kf: Keyframe): () => void {
  const runtime = kf._internal.runtime(APPROVALS)
  runtime.holds++
  let released = false
  return () => {
    if (released) return
    released = true
    runtime.holds--
  }
}

/** Whether something holds the modal open (`holdOpen`). @internal */
export function isHeldOpen(kf: Keyframe): boolean {
  return kf._internal.runtime(APPROVALS).holds > 0
}

/** The frame decided on request `id` (approved, rejected, timed out or aborted): closing no longer rejects it. */
function decided(kf: Keyframe, id: string) {
  const { waits } = kf._internal.runtime(APPROVALS)
  for (const wait of waits) {
    if (wait.id === id && !wait.decided) {
      wait.decided = true
      publish(kf)
    }
  }
}

/**
 * Shows the frame's approvals in the modal (see the module doc). Called once per frame client; its
 * listeners go with the client and the instance. @internal
 */
export function attachApproval(kf: Keyframe, frame: FrameClient) {
  const runtime = kf._internal.runtime(APPROVALS)
  runtime.frame = frame
  frame.on('APPROVAL_REQUESTED', ({ id, method }) =>
    overlay.open(kf, { open: true, id, method, iframe: frame.element() }),
  )
  // The close of an approval put off (below), if one is.
  let closing: (() => void) | undefined
  frame.on('APPROVAL_CLOSED', ({ id }) => {
    decided(kf, id)
    // Only the approval on screen ends here; a late word about another one changes nothing.
    let timer: ReturnType<typeof setTimeout> | undefined
    const close = () => {
      clearTimeout(timer)
      if (closing === close) closing = undefined
      const approval = overlay.get(kf)
      if (approval.open && approval.id === id) overlay.close(kf)
    }
    // An approved request is signed (and answered) right after: hidden at once, the frame would do that work
    // as a hidden frame, which Chromium runs ~40 ms late (measured: 60 instead of 20 ms from the click to the
    // signature). So the frame stays shown until a request's answer, a prompt of the frame (a passphrase
    // for that signature), or CLOSE_GRACE_MS at most.
    if (runtime.waits.size === 0) return close()
    closing?.()
    closing = close
    timer = setTimeout(close, CLOSE_GRACE_MS)
    runtime.ends.add(close)
  })
  frame.on('PROMPT_REQUESTED', () => closing?.())
  // A frame that reloads has no approval open any more.
  frame.on('READY', () => overlay.close(kf))
  overlay.follow(kf)
}
