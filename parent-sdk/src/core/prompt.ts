/**
 * The frame's prompts in the modal. When the frame needs the person to type something only it may see (a
 * recovery passphrase, a mailed code: PROMPT_REQUESTED), the modal opens on its FramePrompt view, which shows
 * the frame itself over a box in its body (`ui/views/FramePromptView.tsx`); PROMPT_CLOSED parks the frame (`ui/views/frameSlot.ts`) and goes
 * back to the view before, or closes the modal if it was opened for the prompt. The frame client pauses
 * request timeouts meanwhile (`frame/createFrameClient.ts`).
 *
 * The person may close the modal during a prompt: the frame is hidden, and the prompt stays open inside
 * it. Closing is not giving up: only the frame's own Cancel rejects (the pending request then fails with
 * 4001 from the frame), so the parent never decides for the person what happens to their wallet. Two
 * things keep that from leaving a request hanging out of sight: a request started from a modal view is
 * aborted when the view goes away (the frame then closes its prompt), and opening the modal again while
 * the frame still waits shows the prompt again (so does sending the open modal to another view). The
 * showing and leaving is shared with approvals (`frameOverlay.ts`).
 * @module
 */
import type { EventPayload } from '@keyframe/protocol'
import type { FrameClient } from '../frame/createFrameClient.ts'
import type { Keyframe } from './createKeyframe.ts'
import { createFrameOverlay } from './frameOverlay.ts'

/** What the frame asks for: a recovery passphrase, the login code, an e-mail change's codes, a fresh factor. */
export type FramePromptKind = EventPayload<'PROMPT_REQUESTED'>['kind']

/** The frame's prompt as the modal sees it. */
export type FramePrompt =
  | { readonly open: false }
  | { readonly open: true; readonly kind: FramePromptKind; readonly iframe: HTMLIFrameElement | undefined }

const overlay = /*@__PURE__*/ createFrameOverlay<Extract<FramePrompt, { open: true }>>(
  'FramePrompt',
  'framePrompt',
)

/** The frame's prompt: closed, or open with its kind and the iframe to show. @internal */
export function getFramePrompt(kf: Keyframe): FramePrompt {
  return overlay.get(kf)
}

/** Calls `onChange` when the frame's prompt opens or closes. Returns the unsubscribe. @internal */
export function watchFramePrompt(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return overlay.watch(kf, parameters)
}

/**
 * Shows the frame's prompts in the modal (see the module doc). Called once per frame client; its listeners
 * go with the client and the instance. @internal
 */
export function attachPrompt(kf: Keyframe, frame: FrameClient) {
  frame.on('PROMPT_REQUESTED', ({ kind }) => overlay.open(kf, { open: true, kind, iframe: frame.element() }))
  frame.on('PROMPT_CLOSED', () => overlay.close(kf))
  // A frame that reloads has no prompt open any more.
  frame.on('READY', () => overlay.close(kf))
  overlay.follow(kf)
}
