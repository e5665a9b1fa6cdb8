/** @jsxImportSource preact */
import { ProtocolError, UserRejectedRequestError } from '@keyframe/protocol/core'
import type { ComponentChildren } from 'preact'
import { useLayoutEffect, useState } from 'preact/hooks'
import { errorText } from './errorText.ts'

/**
 * One code step of the e-mail login or update. The code is typed in the frame's own prompt, never in this
 * page (SECURITY.md §0): on mount `run` sends the request (CONNECT_OTP, UPDATE_EMAIL_*_OTP, which carry no
 * code), the frame shows its prompt in the FramePrompt view over this one (this view stays mounted beneath,
 * so the request goes on), and the request settles once the frame's server accepted a code. Cancel in the
 * frame or a failure brings this view back, with 'Enter the code' to open the prompt again.
 */
export function FrameCodeStep({
  intro,
  run,
}: {
  /** What the code is for and where it went. */
  intro: ComponentChildren
  /** Sends the request; aborted when the view goes away. */
  run(signal: AbortSignal): Promise<void>
}) {
  const [attempt, setAttempt] = useState(0)
  // undefined while the frame has the request; '' after a Cancel (nothing to announce), else the error.
  const [error, setError] = useState<string>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` opens the prompt again
  useLayoutEffect(() => {
    const controller = new AbortController()
    setError(undefined)
    run(controller.signal).catch((cause: unknown) => {
      if (controller.signal.aborted) return
      const cancelled = cause instanceof ProtocolError && cause.code === UserRejectedRequestError.code
      setError(cancelled ? '' : errorText(cause))
    })
    return () => controller.abort()
  }, [attempt])

  return (
    <div className="kf-stack">
      <p className="kf-text">{intro}</p>
      <p className="kf-text">Type it in the secure Keyframe window. This site never sees it.</p>
      {error === undefined && (
        <p className="kf-waiting">
          <span className="kf-spinner" aria-hidden="true" />
          Waiting for the code…
        </p>
      )}
      <p className="kf-error" role="alert">
        {error}
      </p>
      {error !== undefined && (
        <button type="button" className="kf-button kf-block" onClick={() => setAttempt((n) => n + 1)}>
          Enter the code
        </button>
      )}
    </div>
  )
}
