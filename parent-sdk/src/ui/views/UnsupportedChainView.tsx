/** @jsxImportSource preact */
import { useState } from 'preact/hooks'
import { disconnect } from '../../core/connection.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { errorText } from '../errorText.ts'
import { NetworkList } from './NetworksView.tsx'

/**
 * UnsupportedChain (SPEC §4): the connection is on a chain the dApp does not list. The person switches to
 * one of the dApp's networks (the modal then closes) or disconnects. Back closes the modal (SPEC §2).
 */
export function UnsupportedChainView({ kf }: { kf: Keyframe }) {
  const [busy, setBusy] = useState(false)

  async function onDisconnect() {
    if (busy) return
    setBusy(true)
    try {
      await disconnect(kf)
      kf.close()
    } catch (error) {
      kf._internal.toasts.show('error', errorText(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="kf-stack">
      <p className="kf-text">
        This app doesn’t support your current network. Switch to an available option to continue.
      </p>
      <NetworkList kf={kf} onSwitched={() => kf.close()} />
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
