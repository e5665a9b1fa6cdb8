/** @jsxImportSource preact */
import { getEmailFlow } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { connectOtp } from '../../core/emailActions.ts'
import { FrameCodeStep } from '../FrameCodeStep.tsx'

/**
 * EmailVerifyOtp: the code mailed by CONNECT_EMAIL, typed in the frame's `login_code` prompt (with its own
 * Verify and 'Resend code'). CONNECT_OTP answers once logged in; the modal then closes (SPEC §2).
 */
export function EmailVerifyOtpView({ kf }: { kf: Keyframe }) {
  const { email } = getEmailFlow(kf)
  return (
    <FrameCodeStep
      intro={
        <>
          We sent a 6-digit code to <strong>{email ?? 'your e-mail'}</strong>.
        </>
      }
      run={(signal) => connectOtp(kf, { signal })}
    />
  )
}
