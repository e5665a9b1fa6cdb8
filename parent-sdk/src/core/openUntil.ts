import type { Keyframe } from './createKeyframe.ts'

/**
 * Opens the modal on Connect and resolves once `done()` holds (checked on every state change), or rejects
 * with `closed()` when the person closes the modal first. Shared by the embedded provider's
 * `eth_requestAccounts` and the wagmi connector, which differ only in the error a closed modal is.
 */
export function openUntil(
  kf: Keyframe,
  done: () => boolean,
  closed: () => Error,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // Closing counts only once the modal is up: it may still be loading.
    let shown = kf.getState().open
    const check = () => {
      if (done()) {
        stop()
        resolve()
      } else if (shown && !kf.getState().open) {
        stop()
        reject(closed())
      }
    }
    const stop = kf.subscribe(check)
    signal?.addEventListener('abort', stop, { once: true })
    if (!shown) {
      kf.open({ view: 'Connect' }).then(
        () => {
          shown = true
          check()
        },
        (error: unknown) => {
          stop()
          reject(error)
        },
      )
    }
  })
}
