/**
 * The frame's approval of unsafe requests (SECURITY.md §3): the person sees what is being signed on the
 * frame's own screen and approves or rejects it there; the parent only hears APPROVAL_REQUESTED,
 * APPROVAL_VISIBLE and APPROVAL_CLOSED, and shows the frame. Loaded with `import()` only, on the first
 * unsafe request: it is not part of the frame's first load.
 *
 * One approval is on screen at a time; the others wait in order. Approve works only once the gate is open
 * (`gate.ts`: the whole screen shown at a readable size, unobscured and unchanged for APPROVAL_VISIBLE_MS, the
 * details read to their end), only for a trusted event (a real click or key press, not one a script made
 * up), and only for a press that began after the gate opened: a pointer or key already down then, or a key's
 * auto-repeat, never approves. The person has `timeoutMs` from when the screen shows.
 * @module
 */
import { APPROVAL_VISIBLE_MS, RequestAbortedError, UserRejectedRequestError } from '@keyframe/protocol/core'
import type { BridgeContext } from '../bridge/context.ts'
import { needsApprovalPopup } from '../popup/engine.ts'
import { showPopupApproval } from '../popup/launcher.ts'
import type { ApprovalDetails } from './details.ts'
import { watchGate } from './gate.ts'
import { type ApprovalScreen, isUsable, renderApprovalScreen, setHint, setUsable } from './screen.ts'
import { intersectionVisibility, type VisibilitySource } from './visibility.ts'

export type RequestApprovalContext = {
  /** The RPC_REQUEST's id, named in the APPROVAL_* events. */
  id: string
  /** Aborting it (RPC_ABORT, teardown) rejects with RequestAbortedError and takes the screen down. */
  signal: AbortSignal
  /** Sends a frame → parent event (the bridge's `emit`). */
  emit: BridgeContext['emit']
  /** How long the person has to decide once the screen shows, in ms (APPROVAL_TIMEOUT_MS by default). */
  timeoutMs: number
  /**
   * When given, Approve leaves the screen up and unchanged until `release` is called (APPROVAL_CLOSED comes
   * then, the screen's removal a task later, after the answer is posted): the caller is about to rebuild the
   * key and sign, and any change to the screen would be drawn meanwhile, by a renderer and a compositor that
   * compete with that work for the CPU (measured: 14 → 10 ms from the click to the signature on 2 cores).
   * Without it, the screen goes at once.
   */
  hold?(release: () => void): void
}

type Entry = {
  details: ApprovalDetails
  context: RequestApprovalContext
  resolve(): void
  reject(error: unknown): void
  onAbort(): void
  /** Approved or rejected: later clicks and keys change nothing. */
  decided?: boolean
}

type Shown = { entry: Entry; screen: ApprovalScreen; stop(): void }

export type CreateApprovalsOptions = {
  /** What tells the gate the screen is seen (default: IntersectionObserver, for a frame). */
  visibility?: VisibilitySource
}

/**
 * The approvals of one document: the one on screen and the ones waiting. {@link requestApproval} uses the
 * frame's own; a document of the frame's origin that no page can draw over (a popup) makes its own with a
 * visibility source of its own.
 * @example
 * const { request } = createApprovals(popup.document, { visibility: popupVisibility })
 * await request(details, context)
 */
export function createApprovals(doc: Document, options: CreateApprovalsOptions = {}) {
  const { visibility = intersectionVisibility } = options
  const win = doc.defaultView
  const queue: Entry[] = []
  let shown: Shown | undefined

  function show(entry: Entry) {
    if (win && needsApprovalPopup(win)) return showInPopup(entry)
    const { details, context } = entry
    const { id, emit } = context
    const screen = renderApprovalScreen(doc, details)
    const { root, body, hint, approve, reject } = screen
    let usable = false
    // A press that began while the gate was open, not yet ended: a pointer that went down on Approve, Space
    // that went down on it. Cleared when the gate closes: a press must begin and end after it opens.
    let pointerDown = false
    let spaceDown = false

    // Only what a person did counts: a script in this document cannot make a trusted event.
    const onApprove = (event: Event) => {
      if (event.isTrusted && usable) decide(entry)
    }
    const onApprovePointerDown = (event: PointerEvent) => {
      pointerDown = event.isTrusted && usable
    }
    const onApproveClick = (event: MouseEvent) => {
      const began = pointerDown
      pointerDown = false
      if (began) onApprove(event)
    }
    const onReject = (event: Event) => {
      if (event.isTrusted) settle(entry, new UserRejectedRequestError())
    }
    // Approve is not a <button> (see `screen.ts`): it gets a button's keys here, Enter as it goes down and
    // Space as it comes up after going down on it. A key held down repeats: its repeats are not presses.
    const onApproveKey = (event: KeyboardEvent) => {
      const down = event.type === 'keydown'
      const enter = down && event.key === 'Enter'
      const space = event.key === ' '
      if (space || enter) event.preventDefault()
      if (event.repeat) return
      if (enter) return onApprove(event)
      if (!space) return
      if (down) spaceDown = event.isTrusted && usable
      else if (spaceDown) {
        spaceDown = false
        onApprove(event)
      }
    }
    // A press does not move focus: the screen's `:focus` styles would restyle it and ask for a frame, with
    // the same holding back of the signature's tasks as a <button>'s `:active` (see `screen.ts`).
    const keepFocus = (event: Event) => event.preventDefault()
    // Escape is Reject. Tab stays on the screen: the parent's focus trap cannot reach in here, and leaving
    // would land in the page behind the modal.
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.isTrusted) return
      if (event.key === 'Escape') {
        event.preventDefault()
        return settle(entry, new UserRejectedRequestError())
      }
      if (event.key !== 'Tab') return
      // A disclosure in the details (a sign-in's full message) is a stop of its own, between them and Reject.
      const controls = [body, ...body.querySelectorAll<HTMLElement>('summary'), reject, approve].filter(
        isUsable,
      )
      const active = doc.activeElement as HTMLElement | null
      const edge = event.shiftKey ? controls[0] : controls[controls.length - 1]
      if (active && controls.includes(active) && active !== edge) return
      event.preventDefault()
      ;(event.shiftKey ? controls[controls.length - 1] : controls[0])?.focus()
    }
    // The parent focuses the iframe when it shows it; the details (not a button: a key press must not
    // decide by accident; arrow keys, Page Down and End scroll them) take focus unless something on the
    // screen has it. The
    // screen fills the frame: scrolling to it would only cost a layout on the way to Approve.
    const onWindowFocus = () => {
      if (!root.contains(doc.activeElement)) body.focus({ preventScroll: true })
    }
    approve.addEventListener('pointerdown', onApprovePointerDown)
    approve.addEventListener('click', onApproveClick)
    approve.addEventListener('keydown', onApproveKey)
    approve.addEventListener('keyup', onApproveKey)
    approve.addEventListener('mousedown', keepFocus)
    reject.addEventListener('click', onReject)
    root.addEventListener('keydown', onKeyDown)
    win?.addEventListener('focus', onWindowFocus)

    const stopGate = watchGate(
      { root, body, controls: [reject, approve] },
      {
        minMs: APPROVAL_VISIBLE_MS,
        visibility,
        onChange(open) {
          usable = open
          if (!open) pointerDown = spaceDown = false
          setUsable(approve, open)
          if (open) emit('APPROVAL_VISIBLE', { id })
        },
        onHint: (reason) => setHint(hint, reason),
      },
    )
    const timer = setTimeout(() => settle(entry, new UserRejectedRequestError()), context.timeoutMs)
    shown = {
      entry,
      screen,
      stop() {
        clearTimeout(timer)
        stopGate()
        win?.removeEventListener('focus', onWindowFocus)
        screen.remove()
      },
    }
    emit('APPROVAL_REQUESTED', { id, method: details.method })
    // After the event: the parent shows the frame on it, and a focus() costs a style pass (it fails while
    // the frame is hidden; the parent's focus on the iframe then brings focus here, `onWindowFocus`).
    body.focus({ preventScroll: true })
  }

  /**
   * Where the engine cannot prove the screen visible in the page, the approval happens in a top-level popup
   * of the frame's origin (`popup/launcher.ts`); the frame shows a summary and the button that opens it.
   */
  function showInPopup(entry: Entry) {
    const { details, context } = entry
    const popup = showPopupApproval(doc, details, {
      approve: () => decide(entry),
      reject: () => settle(entry, new UserRejectedRequestError()),
    })
    const timer = setTimeout(() => settle(entry, new UserRejectedRequestError()), context.timeoutMs)
    shown = {
      entry,
      screen: popup.screen,
      stop() {
        clearTimeout(timer)
        popup.stop()
      },
    }
    context.emit('APPROVAL_REQUESTED', { id: context.id, method: details.method })
  }

  /** Shows the next waiting approval, if the screen is free. */
  function next() {
    while (!shown && queue.length > 0) {
      const entry = queue.shift() as Entry
      try {
        show(entry)
      } catch (error) {
        // Details the screen cannot render fail their own request, not the ones behind it.
        entry.context.signal.removeEventListener('abort', entry.onAbort)
        entry.reject(error)
      }
    }
  }

  /** Approve: the screen goes now, or once the caller releases it (`hold`). */
  function decide(entry: Entry) {
    if (entry.decided) return
    const { hold } = entry.context
    if (!hold || shown?.entry !== entry) return settle(entry)
    entry.decided = true
    entry.context.signal.removeEventListener('abort', entry.onAbort)
    entry.resolve()
    let released = false
    hold(() => {
      if (released) return
      released = true
      // The screen goes in a task of its own, after the one that posts the answer: taking it down first
      // costs the signature its DOM work and the gate's teardown.
      if (!close(entry, { later: true })) next()
    })
  }

  /**
   * Takes `entry`'s screen down, if it is the one shown (APPROVAL_CLOSED now; with `later`, the screen in the
   * next task, then the next approval). Returns whether it was shown.
   */
  function close(entry: Entry, { later = false } = {}): boolean {
    if (shown?.entry !== entry) return false
    const { stop } = shown
    shown = undefined
    entry.context.emit('APPROVAL_CLOSED', { id: entry.context.id })
    if (!later) stop()
    else
      setTimeout(() => {
        stop()
        next()
      }, 0)
    return true
  }

  /** Ends `entry`: approved without `error`, else rejected with it. Only the first end counts. */
  function settle(entry: Entry, error?: unknown) {
    if (entry.decided) return
    entry.decided = true
    if (!close(entry)) {
      const index = queue.indexOf(entry)
      if (index < 0) return
      queue.splice(index, 1)
    }
    entry.context.signal.removeEventListener('abort', entry.onAbort)
    if (error === undefined) entry.resolve()
    else entry.reject(error)
    next()
  }

  function request(details: ApprovalDetails, context: RequestApprovalContext): Promise<void> {
    if (context.signal.aborted) return Promise.reject(new RequestAbortedError())
    return new Promise<void>((resolve, reject) => {
      const entry: Entry = {
        details,
        context,
        resolve,
        reject,
        onAbort: () => settle(entry, new RequestAbortedError()),
      }
      context.signal.addEventListener('abort', entry.onAbort, { once: true })
      queue.push(entry)
      next()
    })
  }

  return { request }
}

let approvals: ReturnType<typeof createApprovals> | undefined

/**
 * Asks the person to approve `details` on the frame's screen (after any approval already on it).
 * Emits APPROVAL_REQUESTED when the screen shows it, APPROVAL_VISIBLE each time Approve becomes usable and
 * APPROVAL_CLOSED when it is over, however it ends.
 * @throws UserRejectedRequestError (4001) on Reject, Escape, or when `timeoutMs` passes undecided.
 * @throws RequestAbortedError when `signal` aborts (waiting or on screen).
 * @example
 * const { requestApproval } = await import('../approve/requestApproval.ts')
 * await requestApproval(details, { id: ctx.id, signal: ctx.signal, emit: ctx.emit, timeoutMs: APPROVAL_TIMEOUT_MS })
 * // approved: sign now
 */
export function requestApproval(details: ApprovalDetails, context: RequestApprovalContext): Promise<void> {
  approvals ??= createApprovals(document)
  return approvals.request(details, context)
}
