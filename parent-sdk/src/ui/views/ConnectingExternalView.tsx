/** @jsxImportSource preact */
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getExternalConnect, watchExternalConnect } from '../../core/injected.ts'
import { connectInjected } from '../../core/injectedConnect.ts'
import { useWatched } from '../useWatched.ts'

/**
 * ConnectingExternal: the injected wallet asks the person to connect. "Continue in {name}" while it asks;
 * "Connection declined" and "Try again" when they refused (4001); reaching a connection closes the modal.
 */
export function ConnectingExternalView({ kf }: { kf: Keyframe }) {
  const connect = useWatched(kf, watchExternalConnect, getExternalConnect)
  if (!connect) {
    return (
      <div className="kf-stack">
        <p className="kf-note">No wallet chosen.</p>
        <button type="button" className="kf-button kf-block" onClick={() => kf._internal.resetTo('Connect')}>
          Choose a wallet
        </button>
      </div>
    )
  }
  const { wallet, status } = connect
  const retry = () => void connectInjected(kf, wallet.id).catch(() => {})
  return (
    <div className="kf-stack kf-connecting" data-status={status}>
      {wallet.icon ? (
        <img className="kf-connecting-icon" src={wallet.icon} alt="" width={64} height={64} />
      ) : (
        <span className="kf-connecting-icon" aria-hidden="true" />
      )}
      {status === 'connecting' && (
        <>
          <p className="kf-text">
            <strong>Continue in {wallet.name}</strong>
          </p>
          <p className="kf-waiting" role="status">
            <span className="kf-spinner" aria-hidden="true" />
            Accept the connection request in the wallet.
          </p>
        </>
      )}
      {status === 'connected' && (
        <p className="kf-text" role="status">
          <strong>Connected to {wallet.name}</strong>
        </p>
      )}
      {(status === 'declined' || status === 'failed') && (
        <>
          <p className="kf-error" role="alert">
            {status === 'declined' ? 'Connection declined' : `Could not connect to ${wallet.name}`}
          </p>
          <button type="button" className="kf-button kf-primary kf-block" onClick={retry}>
            Try again
          </button>
        </>
      )}
    </div>
  )
}
