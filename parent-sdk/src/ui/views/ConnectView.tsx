/** @jsxImportSource preact */
import { type ConnectMethod, SOCIALS } from '@keyframe/protocol/core'
import { type ComponentChildren, Fragment } from 'preact'
import { useId, useState } from 'preact/hooks'
import { connectEmail, getEmailFlow, hasSavedLogin, reconnect, signOut } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { connectInjected, getInjectedWallets, watchInjectedWallets } from '../../core/injected.ts'
import { readLoginCache } from '../../core/loginCache.ts'
import { getRecentWallets } from '../../core/recentWallets.ts'
import { errorText } from '../errorText.ts'
import { useEmailForm } from '../hooks.ts'
import { useWatched } from '../useWatched.ts'
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
          onInput={clearError}
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

/**
 * A login the frame still holds (the dApp disconnected this site, or a restore failed on the way): Continue
 * reconnects with no code and no passphrase; Log out ends it. `onDone` hides it once the login is gone.
 */
function SavedLoginSection({ kf, onDone }: { kf: Keyframe; onDone(): void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const { email } = readLoginCache(kf._internal.storage)

  async function run(action: () => Promise<void>) {
    if (busy) return
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (cause) {
      setError(errorText(cause))
    } finally {
      setBusy(false)
    }
  }
  // Connected: the modal closes by itself (SPEC §2). The session gone: the person logs in again below.
  const onContinue = () =>
    run(async () => {
      if (await reconnect(kf)) return
      onDone()
      kf._internal.toasts.show('error', 'Your session has ended. Please log in again.')
    })
  const onLogOut = () =>
    run(async () => {
      onDone()
      await signOut(kf)
    })

  return (
    <div className="kf-stack" data-connect-method="saved">
      <button
        type="button"
        className="kf-button kf-primary kf-block"
        aria-disabled={busy || undefined}
        onClick={() => void onContinue()}
      >
        {email ? `Continue as ${email}` : 'Continue'}
      </button>
      <button
        type="button"
        className="kf-button kf-link"
        aria-disabled={busy || undefined}
        onClick={() => void onLogOut()}
      >
        Log out
      </button>
      <p className="kf-error" role="alert">
        {error}
      </p>
    </div>
  )
}

/**
 * The Connect view: a saved login to continue with, if any, then e-mail, social logins and external
 * wallets, in the order of `connectMethods`.
 */
export function ConnectView({ kf }: { kf: Keyframe }) {
  const { connectMethods, navigate } = kf._internal
  const [saved, setSaved] = useState(() => hasSavedLogin(kf))
  const sections: Record<ConnectMethod, () => ComponentChildren> = {
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
      {saved && <SavedLoginSection kf={kf} onDone={() => setSaved(false)} />}
      {connectMethods.map((method, i) => (
        <Fragment key={method}>
          {(i > 0 || saved) && (
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
