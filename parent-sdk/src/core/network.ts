/**
 * The active network (SPEC §3 network, §4 network switch): the dApp's network the connection is on, a
 * placeholder named 'Unknown Network' for a chain the dApp does not list, switching through the active
 * connector, and the UnsupportedChain view when a connection sits on such a chain.
 * @module
 */
import { unsupportedNetwork } from '@keyframe/protocol'
import { type Caip2Id, type ChainNamespace, ChainNotSupportedError, toCaip2 } from '@keyframe/protocol/core'
import { getConnection } from './account.ts'
import { namespaceOf } from './connection.ts'
import { getActiveConnector } from './connectors.ts'
import type { Keyframe, KeyframeNetwork } from './createKeyframe.ts'
import { memoPerInstance, watchSelected } from './watch.ts'

/** A network as the modal shows it: one of the dApp's, or the 'Unknown Network' placeholder. */
export type Network = KeyframeNetwork & {
  /** CAIP-2 id, e.g. `eip155:1`. */
  readonly caipNetworkId: Caip2Id
  /** The namespace part of `caipNetworkId`. */
  readonly chainNamespace: string
  /** False for a chain the dApp does not list; its `name` is then 'Unknown Network'. */
  readonly isSupported: boolean
}

/** The dApp's networks (option `networks`, ids checked) as the modal lists them, each with its CAIP-2 id. @internal */
export function listNetworks(networks: readonly KeyframeNetwork[]): readonly Network[] {
  return networks.map((network) => {
    const caipNetworkId = toCaip2(network.id)
    return {
      ...network,
      caipNetworkId,
      chainNamespace: caipNetworkId.slice(0, caipNetworkId.indexOf(':')),
      isSupported: true,
    }
  })
}

/** The dApp's networks in its order, then those the embedded wallet added. @internal */
export function getNetworks(kf: Keyframe): readonly Network[] {
  return kf.getState().networks
}

/**
 * Lists a network the embedded wallet added at the dApp's request (`wallet_addEthereumChain`), after the
 * dApp's own: `switchNetwork` may then move there, and the modal names it rather than 'Unknown Network'.
 * A network listed already stays as it is. @internal
 */
export function addNetwork(kf: Keyframe, network: KeyframeNetwork & { readonly id: number }): void {
  const networks = getNetworks(kf)
  const caipNetworkId = toCaip2(network.id)
  if (networks.some((listed) => listed.caipNetworkId === caipNetworkId)) return
  kf._internal.store.setState({
    networks: [...networks, { ...network, caipNetworkId, chainNamespace: 'eip155', isSupported: true }],
  })
}

function findNetwork(kf: Keyframe, caipNetworkId: string): Network | undefined {
  return getNetworks(kf).find((network) => network.caipNetworkId === caipNetworkId)
}

function placeholder(caipNetworkId: Caip2Id): Network {
  return { ...unsupportedNetwork(caipNetworkId), isSupported: false }
}

const select = memoPerInstance<Network>(
  (kf) => {
    const { networkId } = kf.getState()
    const connection = getConnection(kf)
    const id = connection.status === 'connected' && connection.chainId ? connection.chainId : networkId
    return findNetwork(kf, id) ?? placeholder(id)
  },
  (a, b) => a.caipNetworkId === b.caipNetworkId && a.isSupported === b.isSupported,
)

/**
 * The active network: the one the connection is on (or, while disconnected, the one last switched to; the
 * dApp's first network at start). A chain the dApp does not list gives a placeholder named
 * 'Unknown Network' with `isSupported: false` (SPEC §4). The same object is returned until it changes.
 * @example
 * import { getNetwork } from '@keyframe/sdk'
 * const { name, id, isSupported } = getNetwork(kf)
 */
export function getNetwork(kf: Keyframe): Network {
  return select(kf)
}

/**
 * Calls `onChange` when the active network changes. Returns the unsubscribe.
 * @example
 * import { watchNetwork } from '@keyframe/sdk'
 * const unwatch = watchNetwork(kf, { onChange: (network) => console.log(network.name) })
 */
export function watchNetwork(
  kf: Keyframe,
  parameters: { onChange(network: Network, previous: Network): void },
): () => void {
  return watchSelected(kf, getNetwork, parameters.onChange)
}

/** SPEC §8 'Network with ID {id} not found', carried as the cause of the EIP-1193 4902. */
function notFound(chainId: number | string): ChainNotSupportedError {
  return new ChainNotSupportedError({ cause: new Error(`Network with ID ${chainId} not found`) })
}

/**
 * Moves the connection of `namespace` to `chainId` (a connector reported it, or a switch went through) and
 * makes it the chosen network. A namespace that is not connected keeps its state. @internal
 */
export function setConnectionChain(kf: Keyframe, namespace: ChainNamespace, chainId: Caip2Id): void {
  const { store } = kf._internal
  const { connections, networkId } = store.getState()
  const connection = connections[namespace]
  const patch: { networkId?: Caip2Id; connections?: typeof connections } = {}
  if (networkId !== chainId) patch.networkId = chainId
  if (connection.status === 'connected' && connection.chainId !== chainId) {
    patch.connections = {
      ...connections,
      [namespace]: {
        ...connection,
        chainId,
        ...(connection.address ? { caipAddress: `${chainId}:${connection.address}` } : {}),
      },
    }
  }
  if (patch.networkId || patch.connections) store.setState(patch)
}

/**
 * Switches to the dApp's network `chainId` (an EVM chain id, or a CAIP-2 id). Connected, the active
 * connector moves the wallet there first (the embedded wallet's frame, or the injected wallet); otherwise
 * the network is only chosen, and a later connection starts on it (SPEC §4).
 * @throws {ChainNotSupportedError} 4902 'Chain is not supported': `chainId` is not one of the dApp's
 * networks (its `cause` says 'Network with ID {id} not found', SPEC §8), or the wallet cannot move there.
 * @example
 * import { switchNetwork } from '@keyframe/sdk'
 * await switchNetwork(kf, 31338)
 */
export async function switchNetwork(kf: Keyframe, chainId: number | string): Promise<void> {
  let caipNetworkId: Caip2Id
  try {
    caipNetworkId = toCaip2(chainId)
  } catch {
    throw notFound(chainId)
  }
  const network = findNetwork(kf, caipNetworkId)
  const namespace = namespaceOf(caipNetworkId)
  if (!network || !namespace) throw notFound(chainId)
  const connector = getActiveConnector(kf, namespace)
  if (connector && getConnection(kf, { namespace }).status === 'connected') {
    await connector.switchChain(Number(caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)))
  }
  setConnectionChain(kf, namespace, caipNetworkId)
  const { store } = kf._internal
  if (store.getState().activeNamespace !== namespace) store.setState({ activeNamespace: namespace })
}

/**
 * SPEC §4: a connection on a chain the dApp does not list opens the UnsupportedChain view (unless
 * `allowUnsupportedChain`); back on a listed chain, that view closes. Browser only. @internal
 */
export function watchUnsupportedChain(kf: Keyframe): void {
  if (kf._internal.allowUnsupportedChain) return
  watchNetwork(kf, {
    onChange(network) {
      const { open, view } = kf.getState()
      if (network.isSupported) {
        if (open && view === 'UnsupportedChain') kf.close()
        return
      }
      if (getConnection(kf).status !== 'connected' || (open && view === 'UnsupportedChain')) return
      kf.open({ view: 'UnsupportedChain' }).catch(() => {})
    },
  })
}
