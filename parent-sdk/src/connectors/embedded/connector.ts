/**
 * The embedded wallet (the frame) as a Connector: eip155's active connector while the e-mail login is
 * connected. It follows the frame's CHAIN_CHANGED and ACCOUNTS_CHANGED; DISCONNECTED is handled with the
 * rest of the session in `core/connection.ts`.
 * @module
 */
import { type Caip10Id, toCaip2 } from '@keyframe/protocol/core'
import { disconnect } from '../../core/connection.ts'
import { getActiveConnector } from '../../core/connectors.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { setConnectionChain } from '../../core/network.ts'
import type { FrameClient } from '../../frame/createFrameClient.ts'
import type { Connector } from '../types.ts'
import { KEYFRAME_ICON } from './icon.ts'
import { getEmbeddedProvider } from './provider.ts'

export type EmbeddedConnector = Connector & { readonly id: 'embedded'; readonly type: 'embedded' }

const connectors = new WeakMap<Keyframe, EmbeddedConnector>()

/** The embedded wallet's connector of `kf` (one per instance). @internal */
export function embeddedConnector(kf: Keyframe): EmbeddedConnector {
  let connector = connectors.get(kf)
  if (!connector) {
    connector = Object.freeze({
      id: 'embedded',
      type: 'embedded',
      name: 'Keyframe',
      icon: KEYFRAME_ICON,
      namespace: 'eip155',
      getProvider: async () => getEmbeddedProvider(kf),
      async switchChain(chainId: number) {
        const frame = await kf.frame()
        // The frame refuses a chain it is not configured for with ChainNotSupportedError (4902).
        const result = await frame.request('SWITCH_NETWORK', { chainId })
        setConnectionChain(kf, 'eip155', toCaip2(result.chainId))
      },
      disconnect: () => disconnect(kf),
    } as const)
    connectors.set(kf, connector)
  }
  return connector
}

function isActive(kf: Keyframe): boolean {
  return (
    getActiveConnector(kf)?.type === 'embedded' && kf.getState().connections.eip155.status === 'connected'
  )
}

/**
 * Follows the frame's chain and account while the embedded wallet holds eip155 (another connector's
 * connection is not the frame's to change). The listeners go with the frame client. @internal
 */
export function attachEmbedded(kf: Keyframe, frame: FrameClient): void {
  frame.on('CHAIN_CHANGED', ({ chainId }) => {
    if (isActive(kf)) setConnectionChain(kf, 'eip155', toCaip2(chainId))
  })
  frame.on('ACCOUNTS_CHANGED', ({ accounts }) => {
    const [address] = accounts
    // An empty list is no account change: signing out comes as DISCONNECTED.
    if (!address || !isActive(kf)) return
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
  })
}
