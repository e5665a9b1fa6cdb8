/** @jsxImportSource preact */
import { shortenAddress } from '@keyframe/protocol'
import type { ComponentChildren } from 'preact'
import { useRef } from 'preact/hooks'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { getNetwork } from '../../../core/network.ts'
import { cancelSignIn, signIn } from '../../../core/siwxOnDemand.ts'
import { watchSelected } from '../../../core/watch.ts'
import { useRefocus } from '../../useRefocus.ts'
import { useWatched } from '../../useWatched.ts'
import { signInStyles } from './signInStyles.ts'

/** What the view reads: the sign-in state and the eip155 connection it is for (same objects until they change). */
const getSiwx = (kf: Keyframe) => kf.getState().siwx
const watchSiwx = (kf: Keyframe, { onChange }: { onChange(): void }) =>
  watchSelected(kf, getSiwx, () => onChange())
const getEip155 = (kf: Keyframe) => kf.getState().connections.eip155
const watchEip155 = (kf: Keyframe, { onChange }: { onChange(): void }) =>
  watchSelected(kf, getEip155, () => onChange())

/**
 * Where the person confirms, when it is not over this view: an injected wallet's name, the WalletConnect
 * wallet app's (chosen in the list) or 'your wallet app'. The embedded wallet shows its own approval here.
 */
function confirmPlace(kf: Keyframe): string | undefined {
  const { activeConnectors, walletConnect } = kf.getState()
  const connector = activeConnectors.eip155
  if (connector?.type === 'injected') return connector.name
  if (connector?.type === 'walletConnect') return walletConnect?.wallet?.name ?? 'your wallet app'
  return undefined
}

/** The dApp as the person knows it: its `metadata.name`, else the page's host. */
function dappName(kf: Keyframe): string {
  return kf._internal.metadata?.name || location.host
}

/** A pen: signing, not paying. */
const SignMark = () => (
  <svg viewBox="0 0 32 32" width="32" height="32" fill="none" aria-hidden="true">
    <path
      d="m19.5 6.5 6 6L13 25H7v-6L19.5 6.5Z"
      stroke="currentColor"
      stroke-width="2"
      stroke-linejoin="round"
    />
    <path d="m16.5 9.5 6 6" stroke="currentColor" stroke-width="2" />
  </svg>
)

/**
 * SIWXSignMessage (option `siwx`) and ConnectingSiwe (option `siweConfig`, AppKit's name): the dApp asks the
 * connected eip155 account to sign an EIP-4361 message, proving the address is the person's (SPEC §2, §4).
 * "Sign" has the wallet sign it (an embedded wallet shows its own approval, over this view); "Cancel" closes
 * the modal, or, when the dApp requires sign-in, disconnects. A declined signature stays here to try again.
 */
export function SignInView({ kf }: { kf: Keyframe }) {
  const siwx = useWatched(kf, watchSiwx, getSiwx)
  const connection = useWatched(kf, watchEip155, getEip155)
  const root = useRef<HTMLDivElement>(null)
  const status = siwx ? (siwx.session ? 'signed' : siwx.status) : 'off'
  useRefocus(root, `${status}:${siwx?.error ?? ''}`)

  let body: ComponentChildren
  if (!siwx) {
    body = <p className="kf-note">Sign-in is not set up on this site.</p>
  } else if (connection.status !== 'connected' || !connection.address) {
    body = (
      <>
        <p className="kf-note">Connect a wallet to sign in.</p>
        <button
          type="button"
          className="kf-button kf-primary kf-block"
          onClick={() => kf._internal.resetTo('Connect')}
        >
          Connect a wallet
        </button>
      </>
    )
  } else if (siwx.session) {
    body = (
      <p className="kf-text" role="status">
        <strong title={connection.address}>Signed in as {shortenAddress(connection.address)}</strong>
      </p>
    )
  } else {
    const { address } = connection
    const signing = siwx.status === 'signing'
    const elsewhere = signing ? confirmPlace(kf) : undefined
    body = (
      <>
        <span className="kf-connecting-icon kf-siwx-mark" aria-hidden="true">
          <SignMark />
        </span>
        <h3 className="kf-siwx-heading">Sign in to {dappName(kf)}</h3>
        <p className="kf-text">
          {location.host} asks you to sign a message with your wallet to prove this address is yours. It costs
          nothing and sends no transaction.
        </p>
        <dl className="kf-account kf-siwx-account">
          <dt>Address</dt>
          <dd className="kf-hash" title={address} data-testid="kf-siwx-address">
            {shortenAddress(address)}
          </dd>
          <dt>Network</dt>
          <dd>{getNetwork(kf).name}</dd>
        </dl>
        {siwx.required && <p className="kf-info">Cancelling disconnects your wallet.</p>}
        <p className="kf-error" role="alert">
          {siwx.error ?? ''}
        </p>
        {elsewhere && (
          <p className="kf-waiting" role="status">
            <span className="kf-spinner" aria-hidden="true" />
            Confirm in {elsewhere}
          </p>
        )}
        <div className="kf-row">
          <button
            type="button"
            className="kf-button kf-grow"
            onClick={() => void cancelSignIn(kf).catch(() => {})}
          >
            Cancel
          </button>
          {/* aria-disabled, not disabled: focus stays on it while the wallet answers, then it is Sign again. */}
          <button
            type="button"
            className="kf-button kf-primary kf-grow"
            aria-disabled={signing || undefined}
            onClick={() => {
              // The refusal or the backend's verdict shows in the state's error.
              if (!signing) void signIn(kf).catch(() => {})
            }}
          >
            {signing ? 'Signing…' : 'Sign'}
          </button>
        </div>
      </>
    )
  }

  return (
    <div ref={root} className="kf-stack kf-connecting kf-siwx" data-status={status} tabIndex={-1}>
      <style>{signInStyles}</style>
      {body}
    </div>
  )
}
