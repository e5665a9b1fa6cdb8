import { useState } from 'react'
import { connectOtp, getEmailFlow } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { OtpStep } from '../OtpStep.tsx'
import { ResendCode } from '../ResendCode.tsx'

/**
 * EmailVerifyOtp: the code mailed by CONNECT_EMAIL. A full code runs CONNECT_OTP; once connected the modal
 * closes (SPEC §2). 'Resend code' asks for a new code after the 30 s cooldown.
 */
export function EmailVerifyOtpView({ kf }: { kf: Keyframe }) {
  const { email } = getEmailFlow(kf)
  const [info, setInfo] = useState<string>()
  const [error, setError] = useState<string>()
  return (
    <OtpStep
      intro={
        <>
          Enter the 6-digit code we sent to <strong>{email ?? 'your e-mail'}</strong>.
        </>
      }
      verify={(otp, signal) => connectOtp(kf, { otp, signal })}
      info={info}
      error={error}
    >
      {email && (
        <ResendCode
          kf={kf}
          email={email}
          onSent={(action) => {
            setError(undefined)
            if (action === 'VERIFY_DEVICE') kf._internal.navigate('EmailVerifyDevice', { replace: true })
            else if (action === 'VERIFY_OTP') setInfo(`A new code was sent to ${email}.`)
          }}
          onError={(message) => {
            setInfo(undefined)
            setError(message)
          }}
        />
      )}
    </OtpStep>
  )
}
