/**
 * The embedded wallet (the frame) as a Connector: eip155's active connector while the e-mail login is
 * connected. It knows nothing of the instance's state: it turns the frame's CHAIN_CHANGED and
 * ACCOUNTS_CHANGED, a chain switch it made and a disconnect asked of it into events, and the core
 * (`core/embeddedWallet.ts`) decides what they change, as wagmi's config does with its connectors. The
 * session itself (DISCONNECTED, SESSION_UPDATE) is the core's (`core/connection.ts`).
 * @module
 */
import { type Caip2Id, toCaip2 } from '@keyframe/protocol/core'
import type { FrameClient } from '../../frame/createFrameClient.ts'
import { createEmitter } from '../emitter.ts'
import type { Connector, Eip1193Provider } from '../types.ts'
import { KEYFRAME_ICON } from './icon.ts'

/** What the embedded connector tells the core. */
export type EmbeddedConnectorEvents = {
  /** The wallet is on `chainId` now (the frame moved, or a switch went through). */
  chainChanged(chainId: Caip2Id): void
  /** The frame's account is `address` now. */
  accountsChanged(address: string): void
  /** The dApp asked this connector to end the site's connection. */
  disconnect(): void
}

export type EmbeddedConnector = Connector & {
  readonly id: 'embedded'
  readonly type: 'embedded'
  /** Listens to the connector's events. Returns the unsubscribe. */
  on<E extends keyof EmbeddedConnectorEvents>(event: E, listener: EmbeddedConnectorEvents[E]): () => void
  /** Turns the events of `frame` (the instance's frame client) into the connector's. Its listeners go with the client. */
  follow(frame: FrameClient): void
}

export type EmbeddedConnectorParameters = {
  /** The instance's frame client (loaded on first call). */
  frame(): Promise<FrameClient>
  /** The embedded wallet's EIP-1193 provider. */
  provider(): Eip1193Provider
}

/** Creates the embedded wallet's connector (one per instance). @internal */
export function createEmbeddedConnector(parameters: EmbeddedConnectorParameters): EmbeddedConnector {
  const events = createEmitter<EmbeddedConnectorEvents>()
  return Object.freeze({
    id: 'embedded',
    type: 'embedded',
    name: 'Keyframe',
    icon: KEYFRAME_ICON,
    namespace: 'eip155',
    getProvider: async () => parameters.provider(),
    async switchChain(chainId: number) {
      const frame = await parameters.frame()
      // The frame refuses a chain it is not configured for with ChainNotSupportedError (4902).
      const result = await frame.request('SWITCH_NETWORK', { chainId })
      events.emit('chainChanged', toCaip2(result.chainId))
    },
    async disconnect() {
      events.emit('disconnect')
    },
    on: events.on,
    follow(frame: FrameClient) {
      frame.on('CHAIN_CHANGED', ({ chainId }) => events.emit('chainChanged', toCaip2(chainId)))
      frame.on('ACCOUNTS_CHANGED', ({ accounts }) => {
        // An empty list is no account change: signing out comes as DISCONNECTED.
        if (accounts[0]) events.emit('accountsChanged', accounts[0])
      })
    },
  } as const)
}
