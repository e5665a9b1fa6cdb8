import { type ConnectMethod, SOCIALS } from '@keyframe/protocol/core'
import { Fragment, type ReactNode, useId } from 'react'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { SOCIAL_LABELS } from '../viewCopy.ts'

/** The Connect view: e-mail, social logins and external wallets, in the order of `connectMethods`. */
export function ConnectView({ kf }: { kf: Keyframe }) {
  const { connectMethods, navigate } = kf._internal
  const emailId = useId()
  const sections: Record<ConnectMethod, () => ReactNode> = {
    email: () => (
      <form
        data-connect-method="email"
        onSubmit={(event) => {
          event.preventDefault()
          navigate('EmailLogin')
        }}
      >
        <label className="kf-label" htmlFor={emailId}>
          E-mail
        </label>
        <div className="kf-row">
          <input
            className="kf-input"
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
          />
          <button className="kf-button kf-primary" type="submit">
            Continue
          </button>
        </div>
      </form>
    ),
    social: () => (
      <fieldset className="kf-socials" data-connect-method="social">
        <legend className="kf-visually-hidden">Log in with a social account</legend>
        {SOCIALS.map((social, i) => (
          <button
            key={social}
            type="button"
            className={i === 0 ? 'kf-button kf-wide' : 'kf-button'}
            onClick={() => navigate(social === 'farcaster' ? 'ConnectingFarcaster' : 'SocialLogin')}
          >
            {i === 0 ? `Continue with ${SOCIAL_LABELS[social]}` : SOCIAL_LABELS[social]}
          </button>
        ))}
      </fieldset>
    ),
    wallet: () => (
      <div data-connect-method="wallet">
        <button type="button" className="kf-button kf-block" onClick={() => navigate('AllWallets')}>
          Connect a wallet
        </button>
      </div>
    ),
  }
  return (
    <>
      {connectMethods.map((method, i) => (
        <Fragment key={method}>
          {i > 0 && (
            <div className="kf-divider" aria-hidden="true">
              or
            </div>
          )}
          {sections[method]()}
        </Fragment>
      ))}
    </>
  )
}
