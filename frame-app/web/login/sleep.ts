/**
 * The pause between two polls of a login that waits on someone else (a device approval, a Farcaster
 * client's signature).
 * @module
 */

/** Resolves after `ms`, or at once when `signal` aborts: the poll's next request then fails as aborted. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })
}
