/** @jsxImportSource preact */
import { getAccount } from '../../../core/account.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { useWatched } from '../../useWatched.ts'
import { getNameRegistration, watchNameRegistration } from './nameRegistration.ts'

/**
 * RegisterAccountNameSuccess (SPEC §2, §4): shown from Register on, so the wallet's approval is asked over
 * it; waits while the message is signed and registered, then shows the name and leads back to Account.
 */
export function RegisterAccountNameSuccessView({ kf }: { kf: Keyframe }) {
  const registration = useWatched(kf, watchNameRegistration, getNameRegistration)
  const mine = registration?.address === getAccount(kf).address ? registration : undefined
  if (mine?.status === 'pending') {
    return (
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Registering <strong className="kf-strong">{mine.name}</strong>: approve the message in your wallet…
      </p>
    )
  }
  return (
    <div className="kf-stack">
      {mine?.status === 'registered' ? (
        <p className="kf-text" role="status">
          <strong className="kf-strong" data-testid="kf-registered-name">
            {mine.name}
          </strong>{' '}
          is your account's name now.
        </p>
      ) : (
        <p className="kf-text">No name was registered.</p>
      )}
      <button
        type="button"
        className="kf-button kf-primary kf-block"
        onClick={() => kf._internal.resetTo('Account')}
      >
        Back to account
      </button>
    </div>
  )
}
