import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react'
import { getAccount, getEmailFlow, updateEmail } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { errorText } from '../errorText.ts'
import { useViewSignal } from '../hooks.ts'

/**
 * UpdateEmail: the new address. UPDATE_EMAIL answers which code comes first: the current address's
 * (UpdateEmailPrimaryOtp) or straight the new one's (UpdateEmailSecondaryOtp).
 */
export function UpdateEmailView({ kf }: { kf: Keyframe }) {
  const { navigate } = kf._internal
  const id = useId()
  const errorId = `${id}-error`
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const viewSignal = useViewSignal()
  const current = getAccount(kf).user?.email
  // Focus goes to the address, the one thing this view asks for (before the modal's own focus rule runs).
  useLayoutEffect(() => input.current?.focus(), [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const signal = viewSignal()
    setBusy(true)
    setError(undefined)
    try {
      const { action } = await updateEmail(kf, { newEmail: input.current?.value.trim() ?? '', signal })
      if (signal.aborted) return
      navigate(action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
    } catch (cause) {
      if (signal.aborted) return
      setError(errorText(cause))
      input.current?.focus()
    } finally {
      if (!signal.aborted) setBusy(false)
    }
  }

  return (
    <form className="kf-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
      {current && (
        <p className="kf-text">
          Your e-mail is <strong>{current}</strong>.
        </p>
      )}
      <div>
        <label className="kf-label" htmlFor={id}>
          New e-mail
        </label>
        <input
          ref={input}
          className="kf-input kf-block"
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          defaultValue={getEmailFlow(kf).newEmail ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={() => setError(undefined)}
        />
      </div>
      <p className="kf-error" id={errorId} role="alert">
        {error}
      </p>
      <button className="kf-button kf-primary kf-block" type="submit" aria-disabled={busy || undefined}>
        Continue
      </button>
    </form>
  )
}
