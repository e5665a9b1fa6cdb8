import { shortenAddress } from '@keyframe/protocol'
import { useState } from 'react'
import { disconnect, getAccount, watchAccount } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { useWatched } from '../../react/useWatched.ts'
import { errorText } from '../errorText.ts'

/**
 * Account (minimal for now): the shortened address (4 + 6 characters, SPEC §9), the e-mail, 'Update e-mail'
 * and 'Disconnect'. Disconnecting closes the modal; if the frame refuses to sign out the page is
 * disconnected anyway and a toast says 'Failed to disconnect'.
 */
export function AccountView({ kf }: { kf: Keyframe }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const { navigate, resetTo, toasts } = kf._internal
  const [busy, setBusy] = useState(false)

  if (account.status === 'connecting') {
    return (
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Restoring your session…
      </p>
    )
  }
  if (account.status === 'disconnected' || !account.address) {
    return (
      <div className="kf-stack">
        <p className="kf-note">Not connected.</p>
        <button type="button" className="kf-button kf-primary kf-block" onClick={() => resetTo('Connect')}>
          Connect
        </button>
      </div>
    )
  }

  async function onDisconnect() {
    if (busy) return
    setBusy(true)
    try {
      await disconnect(kf)
      kf.close()
    } catch (error) {
      toasts.show('error', errorText(error))
      resetTo('Connect')
    } finally {
      setBusy(false)
    }
  }

  const email = account.user?.email
  return (
    <div className="kf-stack">
      <dl className="kf-account">
        <dt>Address</dt>
        <dd>
          <span title={account.address}>{shortenAddress(account.address)}</span>
        </dd>
        {email && (
          <>
            <dt>E-mail</dt>
            <dd>{email}</dd>
          </>
        )}
      </dl>
      {email && (
        <button type="button" className="kf-button kf-block" onClick={() => navigate('UpdateEmail')}>
          Update e-mail
        </button>
      )}
      <button
        type="button"
        className="kf-button kf-block"
        aria-disabled={busy || undefined}
        onClick={() => void onDisconnect()}
      >
        Disconnect
      </button>
    </div>
  )
}
