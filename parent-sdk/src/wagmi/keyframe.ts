/**
 * The wagmi connector: Keyframe's modal as one entry of `createConfig({ connectors })`. It reads and follows
 * the instance's eip155 connection, whichever wallet holds it (the embedded wallet after an e-mail login, or
 * an injected wallet picked in the modal), so wagmi, the React hooks and the modal share one store: a login
 * through `kf.open()` connects wagmi too, and wagmi's disconnect is the SDK's.
 * @module
 */
import { ChainNotConfiguredError, ConnectorNotConnectedError, createConnector } from '@wagmi/core'
import { type Address, getAddress, SwitchChainError, UserRejectedRequestError } from 'viem'
import { KEYFRAME_ICON, KEYFRAME_RDNS } from '../connectors/embedded/icon.ts'
import { getEmbeddedProvider } from '../connectors/embedded/provider.ts'
import { evmChainIdOf } from '../connectors/injected/connector.ts'
import type { Eip1193Provider } from '../connectors/types.ts'
import { getConnection } from '../core/account.ts'
import { disconnect, reconnect } from '../core/connection.ts'
import { getProvider } from '../core/connectors.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../core/createKeyframe.ts'
import { getNetwork, switchNetwork } from '../core/network.ts'
import { openUntil } from '../core/openUntil.ts'

export type KeyframeParameters =
  /** An instance the dApp created (and may hand to `KeyframeProvider` too): one store for both. */
  | { keyframe: Keyframe }
  /** Options for an instance the connector creates, its `networks` defaulting to wagmi's `chains`. */
  | (Omit<KeyframeOptions, 'networks'> & { networks?: KeyframeOptions['networks'] })

/** The eip155 connection as wagmi takes it: a checksummed account and a chain number. */
type Connected = { readonly address: Address; readonly chainId: number }

function connectedOf(kf: Keyframe): Connected | undefined {
  const { status, address, chainId } = getConnection(kf, { namespace: 'eip155' })
  const id = chainId === undefined ? undefined : evmChainIdOf(chainId)
  if (status !== 'connected' || !address || id === undefined) return undefined
  return { address: getAddress(address), chainId: id }
}

/** Resolves once no connection is being restored or completed (eip155 status 'connecting'). */
function settled(kf: Keyframe): Promise<void> {
  const isConnecting = () => getConnection(kf, { namespace: 'eip155' }).status === 'connecting'
  if (!isConnecting()) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = kf.subscribe(() => {
      if (isConnecting()) return
      stop()
      resolve()
    })
  })
}

/**
 * Connected at once when a login is there or the frame still holds one (no code asked); else the modal on
 * Connect until a wallet connects. Closing the modal first rejects with 4001.
 */
async function connectThroughModal(kf: Keyframe): Promise<void> {
  await settled(kf)
  // A failure to reconnect leaves the saved login; the person then chooses in the modal.
  if (!connectedOf(kf)) await reconnect(kf).catch(() => false)
  if (connectedOf(kf)) return
  await openUntil(
    kf,
    () => Boolean(connectedOf(kf)),
    () => new UserRejectedRequestError(new Error('The Keyframe modal was closed without connecting.')),
  )
}

keyframe.type = 'keyframe' as const

/**
 * A wagmi connector for Keyframe. `connect` opens the modal and resolves once the person connects; a
 * returning visitor is restored by wagmi's `reconnect`. Its `id` and `rdns` are those of Keyframe's EIP-6963
 * announcement (`dev.keyframe`), so wagmi lists Keyframe once.
 * @param parameters `{ keyframe }`: the instance to follow (share it with `KeyframeProvider`); or the
 * options of `createKeyframe`, `networks` defaulting to the config's `chains`.
 * @example
 * import { createKeyframe } from '@keyframe/sdk'
 * import { keyframe } from '@keyframe/sdk/wagmi'
 * import { createConfig, http } from '@wagmi/core'
 * import { mainnet } from 'viem/chains'
 * const kf = createKeyframe({ projectId, frameUrl, networks: [mainnet] })
 * const config = createConfig({
 *   chains: [mainnet],
 *   connectors: [keyframe({ keyframe: kf })],
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function keyframe(parameters: KeyframeParameters) {
  let created: Keyframe | undefined
  // One instance per `keyframe(options)` call, however often wagmi sets the connector up.
  function instanceFor(chains: KeyframeOptions['networks']): Keyframe {
    if ('keyframe' in parameters) return parameters.keyframe
    created ??= createKeyframe({ ...parameters, networks: parameters.networks ?? chains })
    return created
  }

  return createConnector<Eip1193Provider, { readonly keyframe: Keyframe }>((config) => {
    const kf = instanceFor(config.chains)
    let last = connectedOf(kf)
    // The subscription lasts as long as the instance (`destroy()` drops it).
    let watching = false
    // wagmi's own disconnect action ends its connection itself: the SDK's change is not told back to it.
    let disconnecting = false

    return {
      id: KEYFRAME_RDNS,
      name: 'Keyframe',
      icon: KEYFRAME_ICON,
      rdns: KEYFRAME_RDNS,
      type: keyframe.type,
      keyframe: kf,

      async setup() {
        if (watching) return
        watching = true
        kf.subscribe(() => {
          const next = connectedOf(kf)
          const previous = last
          last = next
          if (disconnecting || (!next && !previous)) return
          if (next && !previous) this.onConnect?.({ chainId: `0x${next.chainId.toString(16)}` })
          else if (!next) this.onDisconnect()
          else if (previous) {
            if (next.address !== previous.address) this.onAccountsChanged([next.address])
            if (next.chainId !== previous.chainId) this.onChainChanged(String(next.chainId))
          }
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        if (isReconnecting) await settled(kf)
        else await connectThroughModal(kf)
        let connected = connectedOf(kf)
        if (!connected) throw new ConnectorNotConnectedError()
        if (chainId !== undefined && chainId !== connected.chainId) {
          // As wagmi's injected connector: a refusal to switch fails the connect, any other failure does not.
          await this.switchChain?.({ chainId }).catch((error: { code?: number }) => {
            if (error.code === UserRejectedRequestError.code) throw error
          })
          connected = connectedOf(kf) ?? connected
        }
        const { address } = connected
        return {
          accounts: (withCapabilities ? [{ address, capabilities: {} }] : [address]) as never,
          chainId: connected.chainId,
        }
      },

      async disconnect() {
        disconnecting = true
        try {
          await disconnect(kf)
        } finally {
          disconnecting = false
          last = connectedOf(kf)
        }
      },

      async getAccounts() {
        const connected = connectedOf(kf)
        return connected ? [connected.address] : []
      },

      async getChainId() {
        return connectedOf(kf)?.chainId ?? evmChainIdOf(getNetwork(kf).caipNetworkId) ?? config.chains[0].id
      },

      /** The provider of the wallet holding eip155; the embedded wallet's while none does. */
      async getProvider() {
        return (await getProvider(kf)) ?? getEmbeddedProvider(kf)
      },

      async isAuthorized() {
        await settled(kf)
        return connectedOf(kf) !== undefined
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((x) => x.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          // Moves the wallet holding eip155; its chain change reaches wagmi as a `change` event.
          await switchNetwork(kf, chainId)
        } catch (error) {
          if ((error as { code?: number }).code === UserRejectedRequestError.code) {
            throw new UserRejectedRequestError(error as Error)
          }
          throw new SwitchChainError(error as Error)
        }
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((x) => getAddress(x)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onConnect(connectInfo) {
        const connected = connectedOf(kf)
        if (!connected) return
        config.emitter.emit('connect', {
          accounts: [connected.address],
          chainId: Number(connectInfo.chainId),
        })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}
