/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact'
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import {
  cancelWalletConnect,
  connectWalletConnect,
  getWalletConnect,
  type WalletConnectState,
  type WalletConnectTarget,
  watchWalletConnect,
} from '../../../core/walletConnect.ts'
import { copyLink } from '../../copyLink.ts'
import { errorText } from '../../errorText.ts'
import { QrCode } from '../../qr/QrCode.tsx'
import { useRefocus } from '../../useRefocus.ts'
import { useWatched } from '../../useWatched.ts'
import { type DeepLink, walletLinks } from './deepLink.ts'
import { isTouchViewport } from './touch.ts'
import { walletConnectStyles } from './walletConnectStyles.ts'

type Ended = WalletConnectState & { status: 'declined' | 'expired' | 'failed' }

function hasEnded(state: WalletConnectState | undefined): state is Ended {
  return state?.status === 'declined' || state?.status === 'expired' || state?.status === 'failed'
}

/** Why the pairing ended, in the words the view shows. */
function endedText(state: Ended): string {
  if (state.status === 'declined') return 'Connection declined'
  if (state.status === 'expired') return 'The connection request expired'
  return state.error ?? 'Could not connect'
}

/** Starts a pairing; its failures show through the state, so the promise's own rejection is not needed. */
function start(kf: Keyframe, wallet: WalletConnectTarget | undefined, onError: (message: string) => void) {
  connectWalletConnect(kf, wallet ? { wallet } : {}).catch((cause: unknown) => {
    // An error before any state (WalletConnect not configured) has nowhere else to show.
    if (!getWalletConnect(kf)) onError(errorText(cause))
  })
}

function WalletBadge({ wallet }: { wallet: WalletConnectTarget }) {
  return (
    <p className="kf-wc-wallet">
      {wallet.imageUrl ? (
        <img src={wallet.imageUrl} alt="" width={28} height={28} />
      ) : (
        <span className="kf-wc-icon kf-connecting-icon" aria-hidden="true" />
      )}
      <strong className="kf-strong">{wallet.name}</strong>
    </p>
  )
}

/**
 * An anchor that looks like a button. Its href is ready before the press and the press follows it (no
 * `preventDefault`): iOS opens an app only from a link the person pressed.
 */
function LinkButton(props: { link: DeepLink; label: string; primary?: boolean; onClick?: () => void }) {
  const { link, label, primary, onClick } = props
  return (
    <a
      className={`kf-button kf-block${primary ? ' kf-primary' : ''}`}
      href={link.href}
      target={link.target}
      rel={link.target === '_blank' ? 'noopener noreferrer' : undefined}
      onClick={onClick}
    >
      {label}
    </a>
  )
}

/**
 * ConnectingWalletConnect: the pairing URI as a QR code to scan with a phone's wallet, "Copy link", and the
 * chosen wallet's name, image and deep links (desktop app, web app). On a touch screen a wallet with a mobile
 * link is on the same device: its app opens instead of a code (by itself when the URI arrives soon enough after
 * the press that chose the wallet, else from its "Open" link), and the view waits for it ("Waiting for your
 * wallet") for as long as the person is away in the app; the page going to the background changes nothing here. A decline or an expiry offers "Try again" (a new URI). Leaving the view drops the pairing;
 * reaching a connection closes the modal (SPEC §2).
 */
export function ConnectingWalletConnectView({ kf }: { kf: Keyframe }) {
  const state = useWatched(kf, watchWalletConnect, getWalletConnect)
  const [touch] = useState(isTouchViewport)
  const [startError, setStartError] = useState<string>()
  // A URI that already existed when the view appeared was prepared by the wallet list, whose press opened the
  // app with it; any other is opened from here. Kept per URI: a retry's new one has not been opened.
  const [openedUri, setOpenedUri] = useState(() => getWalletConnect(kf)?.uri)
  const root = useRef<HTMLDivElement>(null)

  // Opened without a pairing under way (`open({ view: 'ConnectingWalletConnect' })`): start one.
  // Leaving (back, close) drops a pairing that did not connect.
  useLayoutEffect(() => {
    if (!kf._internal.walletConnect) return
    if (!getWalletConnect(kf)) start(kf, undefined, setStartError)
    return () => cancelWalletConnect(kf)
  }, [kf])

  const wallet = state?.wallet
  const uri = state?.uri
  const links = wallet && uri ? walletLinks(wallet, uri) : {}
  // On a touch screen a wallet with a usable mobile link is on this device: its app opens, no code to scan.
  const opensApp = touch && wallet !== undefined && walletLinks(wallet, uri ?? '').mobile !== undefined
  const phase = `${state?.status}:${uri !== undefined}`

  // Choosing the wallet (a press in the list, or Try again) opens its app as soon as the URI exists, while the
  // browser still counts that press as the person's (transient user activation: about 5 s in Chromium), so a
  // phone allows the app to open. Later, or where the browser does not say, the "Open" link takes one more tap.
  const mobileHref = opensApp ? links.mobile?.href : undefined
  useLayoutEffect(() => {
    if (!mobileHref || !uri || openedUri === uri || !navigator.userActivation?.isActive) return
    setOpenedUri(uri)
    location.assign(mobileHref)
  }, [mobileHref, uri, openedUri])

  // The control that had focus went away with the phase (Try again, Copy link): focus the first one now shown.
  useRefocus(root, phase)

  const copyButton = uri && (
    <button type="button" className="kf-button kf-block" onClick={() => void copyLink(kf, uri)}>
      Copy link
    </button>
  )
  // A phone has no desktop app to open; its web app opens anywhere.
  const otherLinks = wallet && (
    <>
      {links.desktop && !touch && (
        <LinkButton link={links.desktop} label={`Open ${wallet.name} desktop app`} />
      )}
      {links.webapp && <LinkButton link={links.webapp} label={`Open ${wallet.name} web app`} />}
    </>
  )

  let body: ComponentChildren
  if (!kf._internal.walletConnect) {
    body = <p className="kf-note">WalletConnect is not set up on this site.</p>
  } else if (startError) {
    body = (
      <p className="kf-error" role="alert">
        {startError}
      </p>
    )
  } else if (hasEnded(state)) {
    body = (
      <>
        {wallet && <WalletBadge wallet={wallet} />}
        <p className="kf-error" role="alert">
          {endedText(state)}
        </p>
        <button
          type="button"
          className="kf-button kf-primary kf-block"
          onClick={() => start(kf, wallet, setStartError)}
        >
          Try again
        </button>
      </>
    )
  } else if (state?.status === 'connected') {
    body = (
      <p className="kf-text" role="status">
        <strong>Connected{wallet ? ` to ${wallet.name}` : ''}</strong>
      </p>
    )
  } else if (opensApp && wallet) {
    const mobile = links.mobile
    const opened = uri !== undefined && openedUri === uri
    body = (
      <>
        {wallet.imageUrl ? (
          <img
            className="kf-connecting-icon kf-wc-hero"
            src={wallet.imageUrl}
            alt=""
            width={64}
            height={64}
          />
        ) : (
          <span className="kf-connecting-icon kf-wc-hero" aria-hidden="true" />
        )}
        <p className="kf-text">
          <strong>Continue in {wallet.name}</strong>
        </p>
        {!mobile ? (
          <p className="kf-waiting" role="status">
            <span className="kf-spinner" aria-hidden="true" />
            Preparing the connection
          </p>
        ) : opened ? (
          <>
            <p className="kf-waiting" role="status">
              <span className="kf-spinner" aria-hidden="true" />
              Waiting for your wallet
            </p>
            <p className="kf-text">Accept the connection request in {wallet.name}, then come back here.</p>
          </>
        ) : (
          <p className="kf-text">Open {wallet.name} to accept the connection request.</p>
        )}
        {mobile && (
          <LinkButton link={mobile} label={`Open ${wallet.name}`} primary onClick={() => setOpenedUri(uri)} />
        )}
        {copyButton}
        {otherLinks}
      </>
    )
  } else {
    body = (
      <>
        {uri ? (
          <QrCode text={uri} label="QR code to connect with WalletConnect" />
        ) : (
          <div className="kf-wc-box" role="status" aria-label="Preparing the connection">
            <span className="kf-spinner" aria-hidden="true" />
          </div>
        )}
        {wallet && <WalletBadge wallet={wallet} />}
        <p className="kf-text">
          Scan with {wallet ? `${wallet.name} on your phone` : "your phone's wallet app"}, or copy the link
          into it.
        </p>
        {copyButton}
        {otherLinks}
      </>
    )
  }

  return (
    <div ref={root} className="kf-stack kf-wc" data-status={state?.status ?? 'pairing'} tabIndex={-1}>
      <style>{walletConnectStyles}</style>
      {body}
    </div>
  )
}
