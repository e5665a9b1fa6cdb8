/** @jsxImportSource preact */
import { useId } from 'preact/hooks'
import { getAccount, watchAccount } from '../../../core/account.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { getNetwork, getNetworks, watchNetwork } from '../../../core/network.ts'
import { QrCode } from '../../qr/QrCode.tsx'
import { useWatched } from '../../useWatched.ts'
import { receiveStyles } from './receiveStyles.ts'

/**
 * Receive: the connected address as a QR code and in full with a copy button, and the dApp's networks of the
 * connected namespace, where the same address receives (the active one marked). The same for an embedded and
 * an injected wallet: it reads only the account and the networks.
 */
export function ReceiveView({ kf }: { kf: Keyframe }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const active = useWatched(kf, watchNetwork, getNetwork)
  const networksId = useId()
  const { toasts, resetTo } = kf._internal

  const address = account.address
  if (account.status !== 'connected' || !address) {
    return (
      <div className="kf-stack">
        <p className="kf-note">Connect a wallet to see its address.</p>
        <button type="button" className="kf-button kf-primary kf-block" onClick={() => resetTo('Connect')}>
          Connect
        </button>
      </div>
    )
  }

  async function onCopy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      toasts.show('success', 'Address copied')
    } catch {
      toasts.show('error', 'Could not copy the address')
    }
  }

  const networks = getNetworks(kf).filter((network) => network.chainNamespace === account.namespace)
  return (
    <div className="kf-stack">
      <style>{receiveStyles}</style>
      <QrCode text={address} label="QR code of your address" />
      <p className="kf-receive-address" data-testid="kf-receive-address">
        {address}
      </p>
      <button type="button" className="kf-button kf-primary kf-block" onClick={() => void onCopy(address)}>
        Copy address
      </button>
      <section className="kf-receive-section" aria-labelledby={networksId}>
        <h3 id={networksId}>Receive on these networks only</h3>
        <ul className="kf-receive-networks">
          {networks.map((network) => (
            <li
              key={network.caipNetworkId}
              aria-current={network.caipNetworkId === active.caipNetworkId || undefined}
            >
              {network.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
