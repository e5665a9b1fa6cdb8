/**
 * Where an approval can be shown safely (SECURITY.md §3). Inside the embedding page, the frame's approval
 * screen is only as safe as the browser's word that nothing covers, fades or moves it: IntersectionObserver
 * v2, which only Chromium has. Elsewhere (Firefox, Safari) the approval happens in a top-level window of the
 * frame's own origin (`launcher.ts`, `page.ts`), which no page can draw over.
 * @module
 */
import { tracksVisibility } from '../approve/visibility.ts'

/**
 * Whether an approval in `win` must go to the approval popup: `win` is embedded in a page (not top-level),
 * and its engine cannot prove that the page does not cover it.
 */
export function needsApprovalPopup(win: Window & typeof globalThis): boolean {
  return win.parent !== win && !tracksVisibility(win)
}
