/**
 * The frame's approvals in the modal (SPEC §2, SECURITY.md §3). An unsafe request (a signature, a
 * transaction) is approved or rejected in the frame's own screen; when the frame shows one
 * (APPROVAL_REQUESTED), the modal opens on its ApproveTransaction view, which shows the frame itself over a
 * box in its body (`ui/views/ApproveTransactionView.tsx`). APPROVAL_CLOSED (approved, rejected or timed
 * out) hides the frame and goes back to the view before, or closes the modal if it was opened for the
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

/** The frame's approval as the modal sees it. */
export type Approval =
  | { readonly open: false }
  | {
      readonly open: true
      /** The RPC_REQUEST's id. */
      readonly id: string
      /** Its RPC method, e.g. `personal_sign`. */
      readonly method: string
      readonly iframe: HTMLIFrameElement | undefined
    }

const overlay = /*@__PURE__*/ createFrameOverlay<Extract<Approval, { open: true }>>('ApproveTransaction')

/** The frame's approval on screen: closed, or open with its request and the iframe to show. @internal */
export function getApproval(kf: Keyframe): Approval {
  return overlay.get(kf)
}

/** Calls `onChange` when an approval opens or closes. Returns the unsubscribe. @internal */
export function watchApproval(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return overlay.watch(kf, parameters)
}

/**
 * Shows the frame's approvals in the modal (see the module doc). Called once per frame client; its
 * listeners go with the client and the instance. @internal
 */
export function attachApproval(kf: Keyframe, frame: FrameClient) {
  frame.on('APPROVAL_REQUESTED', ({ id, method }) =>
    overlay.open(kf, { open: true, id, method, iframe: frame.element() }),
  )
  frame.on('APPROVAL_CLOSED', ({ id }) => {
    // Only the approval on screen ends here; a late word about another one changes nothing.
    const approval = overlay.get(kf)
    if (approval.open && approval.id === id) overlay.close(kf)
  })
  // A frame that reloads has no approval open any more.
  frame.on('READY', () => overlay.close(kf))
  overlay.follow(kf)
}
