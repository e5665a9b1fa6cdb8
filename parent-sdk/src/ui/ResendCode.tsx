/** @jsxImportSource preact */
import { useState } from 'preact/hooks'
import type { Keyframe } from '../core/createKeyframe.ts'
import { type ConnectEmailAction, connectEmail } from '../core/emailActions.ts'
import { errorText } from './errorText.ts'
import { useEmailCooldown, useViewSignal } from './hooks.ts'

/**
 * 'Resend e-mail' of the device approval (EmailVerifyDevice), counting down the 30 s e-mail cooldown
 * ('Resend e-mail in {n}s'). It stays focusable while counting down (aria-disabled, not disabled, so keyboard
 * focus is not lost); pressing it then gets the spec's refusal, 'Please try again after {n} seconds'. A login
 * code's resend is in the frame's own prompt, beside the boxes.
 */
export function ResendCode({
  kf,
  email,
  label = 'Resend code',
  onSent,
  onError,
}: {
  kf: Keyframe
  email: string
  label?: string
  onSent(action: ConnectEmailAction): void
  onError(message: string): void
}) {
  const { seconds, refresh } = useEmailCooldown(kf)
  const [busy, setBusy] = useState(false)
  const viewSignal = useViewSignal()

  async function resend() {
    if (busy) return
    const signal = viewSignal()
    setBusy(true)
    try {
      const { action } = await connectEmail(kf, { email, signal })
      if (signal.aborted) return
      refresh()
      onSent(action)
    } catch (error) {
      if (!signal.aborted) onError(errorText(error))
    } finally {
      if (!signal.aborted) setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className="kf-button kf-link"
      aria-disabled={seconds > 0 || busy || undefined}
      onClick={() => void resend()}
    >
      {seconds > 0 ? `${label} in ${seconds}s` : label}
    </button>
  )
}
