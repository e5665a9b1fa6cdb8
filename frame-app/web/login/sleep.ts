/**
 * The pause between two polls of a login that waits on someone else (a device approval, a Farcaster
 * client's signature).
 * @module
 */

/**
 * Resolves after `ms`; rejects with the signal's reason as soon as `signal` aborts (or at once if it has), so
 * the poll ends there: the parent has had its answer already, and no further request goes to the server.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', aborted, { once: true })
    function done() {
      signal.removeEventListener('abort', aborted)
      resolve()
    }
    function aborted() {
      clearTimeout(timer)
      reject(signal.reason)
    }
  })
}
