/**
 * The embedded wallet of one instance, wired to the core: its connector's events change the instance's
 * state (a chain or account the frame moved to, a disconnect the dApp asked for), and its provider's
 * flows are the core's (reconnect, disconnect, network switch, the modal's Connect and approvals). The
 * connector and provider themselves (`connectors/embedded/*`) import nothing of the core's flows.
 * @module
 */
import { type Caip10Id, UserRejectedRequestError } from '@keyframe/protocol/core'
import { createEmbeddedConnector, type EmbeddedConnector } from '../connectors/embedded/connector.ts'
import { createEmbeddedProvider, type EmbeddedProvider } from '../connectors/embedded/provider.ts'
import type { Eip1193Provider } from '../connectors/types.ts'
import { disconnect, reconnect } from './connection.ts'
import { getActiveConnector } from './connectors.ts'
import type { Keyframe } from './createKeyframe.ts'
import { addNetwork, setConnectionChain, switchNetwork } from './network.ts'
import { openUntil } from './openUntil.ts'

/** The instance's embedded wallet: its connector, and its EIP-1193 provider (made on first use). */
export type EmbeddedWallet = { readonly connector: EmbeddedConnector; provider(): Eip1193Provider }

/** Whether the embedded wallet holds eip155 with a connection: only then are the frame's events ours. */
function holds(kf: Keyframe): boolean {
  return (
    getActiveConnector(kf)?.type === 'embedded' && kf.getState().connections.eip155.status === 'connected'
  )
}

/** The frame's account changed: the eip155 connection takes the new address. */
function setAddress(kf: Keyframe, address: string) {
  const { store } = kf._internal
  const { connections } = store.getState()
  const connection = connections.eip155
  if (connection.address === address) return
  const caipAddress = connection.chainId ? (`${connection.chainId}:${address}` as Caip10Id) : undefined
  store.setState({
    connections: {
      ...connections,
      eip155: { ...connection, address, ...(caipAddress ? { caipAddress } : {}) },
    },
  })
}

function createProvider(kf: Keyframe): EmbeddedProvider {
  const provider = createEmbeddedProvider(kf, {
    reconnect: () => reconnect(kf),
    disconnect: () => disconnect(kf),
    connectInModal: (connected, signal) =>
      openUntil(kf, connected, () => new UserRejectedRequestError(), signal),
    switchNetwork: (chainId) => switchNetwork(kf, chainId),
    addNetwork: (network) => addNetwork(kf, network),
    // Loaded already: the frame client's `frameSession.ts` imports it, and a request waits for the frame first.
    awaitApproval: async (dismiss) => {
      const { awaitApproval, isHeldOpen } = await import('./approval.ts')
      return { keepsOpen: isHeldOpen(kf), wait: awaitApproval(kf, dismiss) }
    },
  })
  // On destroy: its pending requests are rejected with 4900 and its listeners dropped.
  kf._internal.onDestroy(provider.end)
  return provider
}

/** Creates the embedded wallet of `kf` (once per instance, by `createKeyframe`). @internal */
export function createEmbeddedWallet(kf: Keyframe): EmbeddedWallet {
  let provider: EmbeddedProvider | undefined
  const providerOf = () => {
    provider ??= createProvider(kf)
    return provider.provider
  }
  const connector = createEmbeddedConnector({ frame: () => kf.frame(), provider: providerOf })
  // Another connector's connection is not the frame's to change.
  connector.on('chainChanged', (chainId) => {
    if (holds(kf)) setConnectionChain(kf, 'eip155', chainId)
  })
  connector.on('accountsChanged', (address) => {
    if (holds(kf)) setAddress(kf, address)
  })
  connector.on('disconnect', () => void disconnect(kf).catch(() => {}))
  return { connector, provider: providerOf }
}
