/**
 * The page's `<body>`, for what the SDK puts in the page (the frame's iframe, the modal's host). A dApp may
 * create the SDK from a `<head>` script, before the parser has made `<body>`: then the insertion waits.
 * @module
 */

/**
 * Runs `insert` with `document.body` now if there is one, else as soon as the parser adds it (it is a child
 * of `<html>`, so an observer of the root's children hears it at once, before DOMContentLoaded on a long
 * page). A document parsed to its end without a body (one that removed it, an XHTML page) gets its root.
 * Returns the cancel of a wait. Browser only.
 */
export function onBody(insert: (parent: HTMLElement) => void): () => void {
  const now = parentNow()
  if (now) {
    insert(now)
    return () => {}
  }
  const observer = new MutationObserver(check)
  observer.observe(document.documentElement ?? document, { childList: true })
  document.addEventListener('DOMContentLoaded', check)
  function stop() {
    observer.disconnect()
    document.removeEventListener('DOMContentLoaded', check)
  }
  function check() {
    const parent = parentNow()
    if (!parent) return
    stop()
    insert(parent)
  }
  return stop
}

function parentNow(): HTMLElement | null {
  return document.body ?? (document.readyState === 'loading' ? null : document.documentElement)
}
