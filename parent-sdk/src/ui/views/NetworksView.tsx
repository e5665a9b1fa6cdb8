/** @jsxImportSource preact */
import { useState } from 'preact/hooks'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getNetwork, getNetworks, type Network, switchNetwork, watchNetwork } from '../../core/network.ts'
import { useWatched } from '../useWatched.ts'

/** EIP-1193 4001: the person declined in their wallet; that needs no toast. */
function isUserRejection(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 4001
}

/**
 * The dApp's networks as buttons, the active one marked (`aria-current`). Choosing one switches to it
 * (through the wallet when connected), then calls `onSwitched`; a failure shows the toast
 * 'Chain is not supported' (SPEC §4).
 */
export function NetworkList({ kf, onSwitched }: { kf: Keyframe; onSwitched(): void }) {
  const active = useWatched(kf, watchNetwork, getNetwork)
  const [switching, setSwitching] = useState<string>()

  async function choose(network: Network) {
    if (switching) return
    if (network.caipNetworkId === active.caipNetworkId) {
      onSwitched()
      return
    }
    setSwitching(network.caipNetworkId)
    try {
      await switchNetwork(kf, network.id)
      onSwitched()
    } catch (error) {
      if (!isUserRejection(error)) kf._internal.toasts.show('error', 'Chain is not supported')
    } finally {
      setSwitching(undefined)
    }
  }

  return (
    <ul className="kf-networks">
      {getNetworks(kf).map((network) => {
        const isActive = network.caipNetworkId === active.caipNetworkId
        const isSwitching = network.caipNetworkId === switching
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="kf-button kf-block kf-network"
              data-network-id={network.caipNetworkId}
              aria-current={isActive || undefined}
              aria-busy={isSwitching || undefined}
              aria-disabled={(switching !== undefined && !isSwitching) || undefined}
              onClick={() => void choose(network)}
            >
              <span className="kf-network-name">{network.name}</span>
              {isSwitching && <span className="kf-spinner" aria-hidden="true" />}
              {isActive && !isSwitching && (
                <span className="kf-network-mark" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** Networks: the dApp's networks; choosing one switches and goes back (or closes when opened on it). */
export function NetworksView({ kf }: { kf: Keyframe }) {
  return <NetworkList kf={kf} onSwitched={() => kf._internal.goBack()} />
}
