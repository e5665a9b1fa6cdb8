/**
 * The approval popup's entry (`approve.html`, built by `vite.config.ts` beside the frame's own entry).
 * @module
 */
import { runApprovalPopup } from './page.ts'

if (window.opener) runApprovalPopup({ window })
else
  document.body.textContent =
    'This window opens from the Keyframe wallet, for one approval. You can close it.'
