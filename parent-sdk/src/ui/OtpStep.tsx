import { type ReactNode, useId, useState } from 'react'
import { errorText } from './errorText.ts'
import { useViewSignal } from './hooks.ts'
import { OtpInput } from './OtpInput.tsx'

/**
 * One code step: what the code is for, the six boxes, the error in a live region and, below, whatever the
 * view adds (a resend button). A full code runs `verify`; a refusal shows the frame's words and keeps the
 * digits, so one wrong digit can be fixed in place.
 */
export function OtpStep({
  intro,
  verify,
  info,
  error: outsideError,
  children,
}: {
  /** Names the group of boxes: what to enter and where it was sent. */
  intro: ReactNode
  verify(otp: string, signal: AbortSignal): Promise<void>
  /** A notice from the view (e.g. 'A new code was sent'), read out politely. */
  info?: string | undefined
  /** An error from the view's other controls (e.g. resend), shown in the same place. */
  error?: string | undefined
  children?: ReactNode
}) {
  const id = useId()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const viewSignal = useViewSignal()
  const shown = error ?? outsideError

  async function onComplete(otp: string) {
    if (busy) return
    const signal = viewSignal()
    setBusy(true)
    setError(undefined)
    try {
      await verify(otp, signal)
    } catch (cause) {
      if (!signal.aborted) setError(errorText(cause))
    } finally {
      if (!signal.aborted) setBusy(false)
    }
  }

  return (
    <div className="kf-stack">
      <p className="kf-text" id={`${id}-intro`}>
        {intro}
      </p>
      <OtpInput
        labelledBy={`${id}-intro`}
        errorId={`${id}-error`}
        invalid={shown !== undefined && error !== undefined}
        busy={busy}
        onComplete={(otp) => void onComplete(otp)}
      />
      <p className="kf-error" id={`${id}-error`} role="alert">
        {shown}
      </p>
      <p className="kf-info" role="status">
        {busy ? 'Checking the code…' : info}
      </p>
      {children}
    </div>
  )
}
