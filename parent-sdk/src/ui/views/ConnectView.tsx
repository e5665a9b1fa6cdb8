import { type ConnectMethod, SOCIALS } from '@keyframe/protocol/core'
import { Fragment, type ReactNode, useId } from 'react'
import { connectEmail, getEmailFlow } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { connectInjected, getInjectedWallets, watchInjectedWallets } from '../../core/injected.ts'
import { getRecentWallets } from '../../core/recentWallets.ts'
import { useWatched } from '../../react/useWatched.ts'
import { useEmailForm } from '../hooks.ts'
import { SOCIAL_LABELS } from '../viewCopy.ts'

/**
 * The e-mail login form. The address is checked by the protocol's own schema as the request is prepared
 * ('Invalid email'), before anything reaches the frame; Continue then routes by the frame's answer.
 */
function EmailSection({ kf }: { kf: Keyframe }) {
  const { navigate } = kf._internal
  const id = useId()
  const errorId = `${id}-error`
  // A person on the e-mail field is about to use the frame: load it while they type (~0.2 s saved on submit).
  const preloadFrame = () =>
    void kf
      .frame()
      .then((frame) => frame.ensure())
      .catch(() => {})
  const { input, error, busy, onSubmit, clearError } = useEmailForm(async (email, signal) => {
    const { action } = await connectEmail(kf, { email, signal })
    if (signal.aborted) return
    if (action === 'VERIFY_OTP') navigate('EmailVerifyOtp')
    else if (action === 'VERIFY_DEVICE') navigate('EmailVerifyDevice')
    // 'CONNECT': connected already; the modal closes by itself (SPEC §2).
  })

  return (
    <form data-connect-method="email" noValidate onSubmit={(event) => void onSubmit(event)}>
      <label className="kf-label" htmlFor={id}>
        E-mail
      </label>
      <div className="kf-row">
        <input
          ref={input}
          className="kf-input"
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          defaultValue={getEmailFlow(kf).email ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onFocus={preloadFrame}
          onChange={clearError}
        />
        <button className="kf-button kf-primary" type="submit" aria-disabled={busy || undefined}>
          Continue
        </button>
      </div>
      <p className="kf-error" id={errorId} role="alert">
        {error}
      </p>
    </form>
  )
}

/**
 * The browser's injected wallets (EIP-6963, or a plain `window.ethereum`), the recent ones first and labelled
 * "Recent" (SPEC §9 connector order), then the wallet catalogue.
 */
function WalletSection({ kf }: { kf: Keyframe }) {
  const wallets = useWatched(kf, watchInjectedWallets, getInjectedWallets)
  const recent = getRecentWallets(kf).map((w) => w.id)
  const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length)
  const ordered = [...wallets].sort((a, b) => rank(a.id) - rank(b.id))
  return (
    <div className="kf-stack" data-connect-method="wallet">
      {ordered.length > 0 && (
        <ul className="kf-wallets" aria-label="Browser wallets">
          {ordered.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className="kf-button kf-block kf-wallet"
                onClick={() => void connectInjected(kf, wallet.id).catch(() => {})}
              >
                {wallet.icon ? (
                  <img className="kf-wallet-icon" src={wallet.icon} alt="" width={28} height={28} />
                ) : (
                  <span className="kf-wallet-icon" aria-hidden="true" />
                )}
                <span className="kf-wallet-name">{wallet.name}</span>
                {recent.includes(wallet.id) && <span className="kf-badge">Recent</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="kf-button kf-block"
        onClick={() => kf._internal.navigate('AllWallets')}
      >
        {ordered.length > 0 ? 'All wallets' : 'Connect a wallet'}
      </button>
    </div>
  )
}

/** The Connect view: e-mail, social logins and external wallets, in the order of `connectMethods`. */
export function ConnectView({ kf }: { kf: Keyframe }) {
  const { connectMethods, navigate } = kf._internal
  const sections: Record<ConnectMethod, () => ReactNode> = {
    email: () => <EmailSection kf={kf} />,
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
    wallet: () => <WalletSection kf={kf} />,
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
