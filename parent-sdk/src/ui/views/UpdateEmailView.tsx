/** @jsxImportSource preact */
import { useId, useLayoutEffect } from 'preact/hooks'
import { getAccount } from '../../core/account.ts'
import { getEmailFlow } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { updateEmail } from '../../core/emailActions.ts'
import { useEmailForm } from '../hooks.ts'

/**
 * UpdateEmail: the new address. UPDATE_EMAIL answers which code comes first: the current address's
 * (UpdateEmailPrimaryOtp) or straight the new one's (UpdateEmailSecondaryOtp).
 */
export function UpdateEmailView({ kf }: { kf: Keyframe }) {
  const { navigate } = kf._internal
  const id = useId()
  const errorId = `${id}-error`
  const { input, error, busy, onSubmit, clearError } = useEmailForm(async (newEmail, signal) => {
    const { action } = await updateEmail(kf, { newEmail, signal })
    if (signal.aborted) return
    navigate(action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
  })
  const current = getAccount(kf).user?.email
  // Focus goes to the address, the one thing this view asks for (before the modal's own focus rule runs).
  useLayoutEffect(() => input.current?.focus(), [input])

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
          onInput={clearError}
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
