/**
 * The iframe that holds the frame document, hidden until a frame view shows it (`ui/views/frameSlot.ts`).
 * Inserted without a `src`, so listeners for its window can be installed before the frame document loads;
 * the caller sets `src` afterwards.
 */
export function createIframe(): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  iframe.title = 'Keyframe wallet'
  // The sandbox limits what the frame may do to the dApp page; each flag is one the frame needs:
  // - allow-scripts: the frame is an app (the message bridge, key handling and signing are JavaScript).
  // - allow-same-origin: the frame keeps its own origin, so it can reach its IndexedDB device share, its
  //   session cookie and its WebCrypto keys, and so its messages carry that origin for us to check. Without
  //   it the frame would have an opaque origin ('null'), which we must never accept.
  // - allow-popups: social login runs in a popup opened on the user's click (SECURITY.md §2).
  // - allow-forms: the frame's own e-mail, code and approval forms.
  // Not granted: top navigation (the frame can never navigate the dApp page), modals, downloads, pointer lock.
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-forms')
  // Copying the wallet address from the frame.
  iframe.setAttribute('allow', 'clipboard-write')
  // 'origin', not 'no-referrer': the frame starts only if `location.ancestorOrigins[0]` equals the `origin`
  // query param (frame-app/web/bridge/boot.ts) and refuses a masked "null" entry. The HTML spec now redacts
  // the embedder's origin to "null" in ancestorOrigins when the iframe's referrer policy is 'no-referrer' (or
  // 'same-origin' across origins; whatwg/html#11560), and browsers that ship it would leave the frame
  // refusing to start. With no attribute the dApp page's own policy would decide, so a page served with
  // `Referrer-Policy: no-referrer` would break it too. 'origin' tells the frame nothing it is not given
  // anyway (the same origin is in the query and on every message event); the page's path never leaves it.
  iframe.setAttribute('referrerpolicy', 'origin')
  // Transparent where the frame shows nothing (a parked frame, `ui/views/frameSlot.ts`): no background, whatever
  // the page's own `iframe` rules say, and `color-scheme: normal` whatever the page's: Chromium paints an iframe
  // opaque when its element's color scheme differs from its document's root's, and the frame's root declares
  // none (each of its screens has its own).
  iframe.style.cssText = 'display:none;position:fixed;border:0;background:transparent;color-scheme:normal'
  return iframe
}
