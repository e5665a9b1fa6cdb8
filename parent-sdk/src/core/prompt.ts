/**
 * The frame's prompts in the modal. When the frame needs the person to type something only it may see (a
 * recovery passphrase: PROMPT_REQUESTED), the modal opens on its FramePrompt view, which shows the frame
 * itself over a box in its body (`ui/views/FramePromptView.tsx`); PROMPT_CLOSED hides the frame and goes
 * back to the view before, or closes the modal if it was opened for the prompt. The frame client pauses
 * request timeouts meanwhile (`frame/createFrameClient.ts`).
 *
 * The person may close the modal during a prompt: the frame is hidden, and the prompt stays open inside
 * it. Closing is not giving up: only the frame's own Cancel rejects (the pending request then fails with
 * 4001 from the frame), so the parent never decides for the person what happens to their wallet. Two
 * things keep that from leaving a request hanging out of sight: a request started from a modal view is
 * aborted when the view goes away (the frame then closes its prompt), and opening the modal again while
 * the frame still waits shows the prompt again (so does sending the open modal to another view).
 * @module
 */
import type { FrameClient } from '../frame/createFrameClient.ts'
import type { Keyframe } from './createKeyframe.ts'

/** What the frame asks for. */
export type FramePromptKind = 'create_passphrase' | 'enter_passphrase'

/** The frame's prompt as the modal sees it. */
export type FramePrompt =
  | { readonly open: false }
  | { readonly open: true; readonly kind: FramePromptKind; readonly iframe: HTMLIFrameElement | undefined }

const CLOSED: FramePrompt = Object.freeze({ open: false })

type Runtime = { prompt: FramePrompt; listeners: Set<() => void> }
const runtimes = new WeakMap<Keyframe, Runtime>()

function runtimeOf(kf: Keyframe): Runtime {
  let runtime = runtimes.get(kf)
  if (!runtime) {
    runtime = { prompt: CLOSED, listeners: new Set() }
    runtimes.set(kf, runtime)
  }
  return runtime
}

function set(kf: Keyframe, prompt: FramePrompt) {
  const runtime = runtimeOf(kf)
  runtime.prompt = prompt
  for (const listener of [...runtime.listeners]) listener()
}

/** The frame's prompt: closed, or open with its kind and the iframe to show. @internal */
export function getFramePrompt(kf: Keyframe): FramePrompt {
  return runtimeOf(kf).prompt
}

/** Calls `onChange` when the frame's prompt opens or closes. Returns the unsubscribe. @internal */
export function watchFramePrompt(kf: Keyframe, parameters: { onChange(): void }): () => void {
  const { listeners } = runtimeOf(kf)
  const listener = () => parameters.onChange()
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Shows the FramePrompt view: opens the modal on it, or puts it on top of the view shown. */
function show(kf: Keyframe) {
  if (kf._internal.isDestroyed() || !getFramePrompt(kf).open) return
  const { open, view } = kf.getState()
  if (open) {
    if (view !== 'FramePrompt') kf._internal.navigate('FramePrompt')
    return
  }
  // The UI chunk loads first: the prompt may have closed by the time the view is up.
  kf.open({ view: 'FramePrompt' }).then(
    () => leave(kf),
    () => {},
  )
}

/** Leaves the FramePrompt view once the prompt is closed: back to the view before, or the modal closes. */
function leave(kf: Keyframe) {
  if (kf._internal.isDestroyed() || getFramePrompt(kf).open) return
  const { open, view } = kf.getState()
  if (open && view === 'FramePrompt') kf._internal.goBack()
}

/**
 * Shows the frame's prompts in the modal (see the module doc). Called once per frame client; its listeners
 * go with the client and the instance. @internal
 */
export function attachPrompt(kf: Keyframe, frame: FrameClient) {
  const closed = () => {
    if (!getFramePrompt(kf).open) return
    set(kf, CLOSED)
    leave(kf)
  }
  frame.on('PROMPT_REQUESTED', ({ kind }) => {
    set(kf, { open: true, kind, iframe: frame.element() })
    show(kf)
  })
  frame.on('PROMPT_CLOSED', closed)
  // A frame that reloads has no prompt open any more.
  frame.on('READY', closed)
  // The modal opened again, or was sent to another view (`open({ view })`), while the frame still waits
  // for the person: show the prompt again, after that change, so its view stays underneath.
  kf.subscribe((state, previous) => {
    const away = !previous.open || previous.view === 'FramePrompt'
    if (state.open && state.view !== 'FramePrompt' && away && getFramePrompt(kf).open) {
      queueMicrotask(() => show(kf))
    }
  })
}
