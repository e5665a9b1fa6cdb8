/** @jsxImportSource preact */
import type { ConnectMethod, Social } from '@keyframe/protocol/core'
import { type ComponentChildren, Fragment } from 'preact'
import { useId, useState } from 'preact/hooks'
import { getEmailFlow, hasSavedLogin, reconnect, signOut } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { connectEmail } from '../../core/emailActions.ts'
import { getInjectedWallets, watchInjectedWallets } from '../../core/injected.ts'
import { connectInjected } from '../../core/injectedConnect.ts'
import { readLoginCache } from '../../core/loginCache.ts'
import { getRecentWallets, type RecentWallet } from '../../core/recentWallets.ts'
import type { WalletConnectTarget } from '../../core/walletConnect.ts'
import { errorText } from '../errorText.ts'
import { useEmailForm } from '../hooks.ts'
import { lazyView } from '../lazyView.tsx'
import { useWatched } from '../useWatched.ts'
import { SOCIAL_LABELS } from '../viewCopy.ts'
import { WalletRow } from '../WalletRow.tsx'

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

/** The social marks: a chunk of their own, fetched as the view appears; a same-sized blank until then. */
const SocialIcon = lazyView<{ kf: Keyframe; social: Social }>(
  () => import('../socialIcons.tsx').then((m) => m.SocialIcon),
  () => <span className="kf-social-icon" aria-hidden="true" />,
)

/** The frame's project's logins, from its last READY; undefined until heard. */
const frameLogins = (kf: Keyframe) => kf.getState().frameLogins
const watchFrameLogins = (kf: Keyframe, { onChange }: { onChange(): void }) =>
  kf.subscribe((state, previous) => state.frameLogins !== previous.frameLogins && onChange())

/**
 * Starts a social login. The popup opens here, synchronously in the press (Safari blocks one opened after an
 * `await`); the login's code is fetched after, and ConnectingSocial shows how it goes.
 */
function pressSocial(kf: Keyframe, social: Social) {
  if (social === 'farcaster') return kf._internal.navigate('ConnectingFarcaster')
  const popup = kf._internal.openSocialPopup(social)
  kf._internal.store.setState({ socialLogin: { provider: social, status: 'connecting' } })
  kf._internal.navigate('ConnectingSocial')
  void import('../../core/socialActions.ts').then((m) => m.runSocialLogin(kf, social, popup)).catch(() => {})
}

/** The social logins offered, in order; the first is wide ("Continue with Google"), the rest share rows. */
function SocialSection({ kf, socials }: { kf: Keyframe; socials: readonly Social[] }) {
  return (
    <fieldset className="kf-socials" data-connect-method="social">
      <legend className="kf-visually-hidden">Log in with a social account</legend>
      {socials.map((social, i) => (
        <button
          key={social}
          type="button"
          className={i === 0 ? 'kf-button kf-wide' : 'kf-button'}
          onClick={() => pressSocial(kf, social)}
        >
          <SocialIcon kf={kf} social={social} />
          {i === 0 ? `Continue with ${SOCIAL_LABELS[social]}` : SOCIAL_LABELS[social]}
        </button>
      ))}
    </fieldset>
  )
}

/** Featured and recommended catalogue wallets: fetched from chain-api in a chunk of their own, after the view. */
const CatalogueWallets = lazyView<{ kf: Keyframe }>(
  () => import('../features/allWallets/CatalogueWallets.tsx').then((m) => m.CatalogueWallets),
  () => null,
)

/** The connector id WalletConnect records as a recent wallet when no catalogue wallet was chosen. */
const WALLETCONNECT_ID = 'walletConnect'
const CATALOGUE_ID = /^[0-9a-f]{64}$/
/** WalletConnect's entry: a QR code glyph (any wallet app scans it), not a wallet's logo. */
const WALLETCONNECT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="8" fill="#3b82f6"/><path fill="#fff" d="M7 7h6v6H7zm2 2v2h2V9zm6-2h6v6h-6zm2 2v2h2V9zM7 15h6v6H7zm2 2v2h2v-2zm6-2h2v2h-2zm2 2h2v2h-2zm2-2h2v2h-2zm-4 4h2v2h-2zm4 0h2v2h-2z"/></svg>',
)}`

/**
 * Pairs through WalletConnect, its module fetched on the press: this view does not load WalletConnect's
 * pairing on `open()` (with WalletConnect configured, the catalogue part beside it already has).
 */
function pairWith(kf: Keyframe, wallet?: WalletConnectTarget) {
  void import('../pairWith.ts').then((m) => m.pairWith(kf, wallet))
}

/** Pairs with a recent wallet that is not in the browser: a custom wallet, or a catalogue one (its links fetched). */
function pairWithRecent(kf: Keyframe, recent: RecentWallet) {
  const custom = kf._internal.walletOptions.custom.find((w) => w.id === recent.id)
  if (custom) return pairWith(kf, custom)
  void import('../features/allWallets/chooseWallet.ts').then((m) => m.pairWithRecent(kf, recent))
}

/**
 * The wallet list in SPEC §9 connector order: WalletConnect (when the site has it), the recent wallets, the
 * browser's injected wallets (EIP-6963, or a plain `window.ethereum`), the featured ones, the site's custom
 * wallets, then 4 recommended from the catalogue; and All wallets.
 */
function WalletSection({ kf }: { kf: Keyframe }) {
  const { walletConnect, walletOptions, features, navigate } = kf._internal
  const wallets = useWatched(kf, watchInjectedWallets, getInjectedWallets)
  const recentWallets = getRecentWallets(kf)
  const recent = recentWallets.map((w) => w.id)
  const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length)
  const ordered = [...wallets].sort((a, b) => rank(a.id) - rank(b.id))
  // Recent wallets not in the browser connect through WalletConnect; without it they are not offered.
  const elsewhere = walletConnect
    ? recentWallets.filter(
        (w) =>
          !wallets.some((i) => i.id === w.id) &&
          (CATALOGUE_ID.test(w.id) || walletOptions.custom.some((c) => c.id === w.id)),
      )
    : []
  const custom = walletConnect ? walletOptions.custom.filter((w) => !recent.includes(w.id)) : []
  const badge = (id: string) => (recent.includes(id) ? 'Recent' : undefined)
  return (
    <div className="kf-stack" data-connect-method="wallet">
      {(walletConnect || ordered.length > 0) && (
        <ul className="kf-wallets" aria-label="Wallets">
          {walletConnect && (
            <WalletRow
              name="WalletConnect"
              icon={WALLETCONNECT_ICON}
              badge={badge(WALLETCONNECT_ID)}
              onPress={() => pairWith(kf)}
            />
          )}
          {elsewhere.map((w) => (
            <WalletRow key={w.id} name={w.name} badge="Recent" onPress={() => pairWithRecent(kf, w)} />
          ))}
          {ordered.map((wallet) => (
            <WalletRow
              key={wallet.id}
              name={wallet.name}
              icon={wallet.icon}
              badge={badge(wallet.id)}
              onPress={() => void connectInjected(kf, wallet.id).catch(() => {})}
            />
          ))}
          {/* Featured only: the catalogue's recommended wallets would load chain-api's client (zod) with every
              open() — over issue 14's open() budget — so they lead All wallets instead. */}
          {walletConnect && kf._internal.walletOptions.featured.length > 0 && <CatalogueWallets kf={kf} />}
          {custom.map((w) => (
            <WalletRow key={w.id} name={w.name} icon={w.imageUrl} onPress={() => pairWith(kf, w)} />
          ))}
        </ul>
      )}
      {features.allWallets && (
        <button type="button" className="kf-button kf-block" onClick={() => navigate('AllWallets')}>
          {ordered.length > 0 || walletConnect ? 'All wallets' : 'Connect a wallet'}
        </button>
      )}
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
  const { email, socialUsername } = readLoginCache(kf._internal.storage)
  const who = email ?? socialUsername

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
        {who ? `Continue as ${who}` : 'Continue'}
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
  const [saved, setSaved] = useState(() => hasSavedLogin(kf))
  // `features.socials`, less those the frame's project did not turn on (once its READY said).
  const logins = useWatched(kf, watchFrameLogins, frameLogins)
  const socials = kf._internal.socials.filter((s) => !logins || logins.includes(s))
  const connectMethods = kf._internal.connectMethods.filter((m) => m !== 'social' || socials.length > 0)
  const sections: Record<ConnectMethod, () => ComponentChildren> = {
    email: () => <EmailSection kf={kf} />,
    social: () => <SocialSection kf={kf} socials={socials} />,
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
