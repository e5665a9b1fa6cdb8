import { getAccount } from '../../core/account.ts'
import { getEmailFlow, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { OtpStep } from '../OtpStep.tsx'

/** UpdateEmailPrimaryOtp: the code mailed to the current address; then the new address's code. */
export function UpdateEmailPrimaryOtpView({ kf }: { kf: Keyframe }) {
  const current = getAccount(kf).user?.email
  return (
    <OtpStep
      intro={
        <>
          Enter the 6-digit code we sent to your current e-mail, <strong>{current ?? 'your e-mail'}</strong>.
        </>
      }
      verify={async (otp, signal) => {
        await updateEmailPrimaryOtp(kf, { otp, signal })
        if (!signal.aborted) kf._internal.navigate('UpdateEmailSecondaryOtp', { replace: true })
      }}
    />
  )
}

/** UpdateEmailSecondaryOtp: the code mailed to the new address. Accepted, the account shows the new e-mail. */
export function UpdateEmailSecondaryOtpView({ kf }: { kf: Keyframe }) {
  const { newEmail } = getEmailFlow(kf)
  return (
    <OtpStep
      intro={
        <>
          Enter the 6-digit code we sent to your new e-mail, <strong>{newEmail ?? 'your new e-mail'}</strong>.
        </>
      }
      verify={async (otp, signal) => {
        await updateEmailSecondaryOtp(kf, { otp, signal })
        if (signal.aborted) return
        kf._internal.toasts.show('success', 'E-mail updated')
        kf._internal.resetTo('Account')
      }}
    />
  )
}
