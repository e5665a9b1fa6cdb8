/** @jsxImportSource preact */
import { useLayoutEffect, useState } from 'preact/hooks'
import { getEmailFlow } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { connectDevice } from '../../core/emailActions.ts'
import { errorText } from '../errorText.ts'
import { ResendCode } from '../ResendCode.tsx'

/**
 * EmailVerifyDevice: this browser is new to the account, so the frame mailed an approval. CONNECT_DEVICE
 * waits for it (30 s, then the dApp's `onTimeout` is called and 'Try again' waits anew). Approved, the
 * login either completes (the modal closes) or goes on to the code the frame mailed next.
 */
export function EmailVerifyDeviceView({ kf }: { kf: Keyframe }) {
  const { email } = getEmailFlow(kf)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  const [resendError, setResendError] = useState<string>()
  const [info, setInfo] = useState<string>()

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts a new wait
  useLayoutEffect(() => {
    const controller = new AbortController()
    setError(undefined)
    connectDevice(kf, { signal: controller.signal }).then(
      ({ action }) => {
        if (!controller.signal.aborted && action === 'VERIFY_OTP') {
          kf._internal.navigate('EmailVerifyOtp', { replace: true })
        }
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(errorText(cause))
      },
    )
    return () => controller.abort()
  }, [kf, attempt])

  return (
    <div className="kf-stack">
      <p className="kf-text kf-strong">Check your e-mail</p>
      <p className="kf-text">
        We sent a message to <strong>{email ?? 'your e-mail'}</strong>. Approve this device from it to go on.
      </p>
      {error === undefined && (
        <p className="kf-waiting">
          <span className="kf-spinner" aria-hidden="true" />
          Waiting for approval…
        </p>
      )}
      <p className="kf-error" role="alert">
        {error ?? resendError}
      </p>
      {error !== undefined && (
        <button type="button" className="kf-button kf-block" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      )}
      <p className="kf-info" role="status">
        {info}
      </p>
      {email && (
        <ResendCode
          kf={kf}
          email={email}
          label="Resend e-mail"
          onSent={(action) => {
            setResendError(undefined)
            if (action === 'VERIFY_OTP') kf._internal.navigate('EmailVerifyOtp', { replace: true })
            else if (action === 'VERIFY_DEVICE') {
              setInfo(`A new e-mail was sent to ${email}.`)
              setAttempt((n) => n + 1)
            }
          }}
          onError={(message) => {
            setInfo(undefined)
            setResendError(message)
          }}
        />
      )}
    </div>
  )
}
