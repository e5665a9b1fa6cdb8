/** @jsxImportSource preact */
import { getAccount } from '../../core/account.ts'
import { getEmailFlow } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { updateEmailPrimaryOtp, updateEmailSecondaryOtp } from '../../core/emailActions.ts'
import { FrameCodeStep } from '../FrameCodeStep.tsx'

/** UpdateEmailPrimaryOtp: the code mailed to the current address, in the frame's prompt; then the new one's. */
export function UpdateEmailPrimaryOtpView({ kf }: { kf: Keyframe }) {
  const current = getAccount(kf).user?.email
  return (
    <FrameCodeStep
      intro={
        <>
          We sent a 6-digit code to your current e-mail, <strong>{current ?? 'your e-mail'}</strong>.
        </>
      }
      run={async (signal) => {
        await updateEmailPrimaryOtp(kf, { signal })
        if (!signal.aborted) kf._internal.navigate('UpdateEmailSecondaryOtp', { replace: true })
      }}
    />
  )
}

/** UpdateEmailSecondaryOtp: the code mailed to the new address. Accepted, the account shows the new e-mail. */
export function UpdateEmailSecondaryOtpView({ kf }: { kf: Keyframe }) {
  const { newEmail } = getEmailFlow(kf)
  return (
    <FrameCodeStep
      intro={
        <>
          We sent a 6-digit code to your new e-mail, <strong>{newEmail ?? 'your new e-mail'}</strong>.
        </>
      }
      run={async (signal) => {
        await updateEmailSecondaryOtp(kf, { signal })
        if (signal.aborted) return
        kf._internal.toasts.show('success', 'E-mail updated')
        kf._internal.resetTo('Account')
      }}
    />
  )
}
