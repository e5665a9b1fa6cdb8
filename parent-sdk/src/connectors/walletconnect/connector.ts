/**
 * The WalletConnect connector (SPEC §4 wallet session) over `@walletconnect/universal-provider`, loaded
 * with `import()` so it is a chunk of its own that only a WalletConnect pairing or restore fetches. It
 * proposes a session for the dApp's networks (the URI goes to `onUri` for the QR and the deep links),
 * follows the session's events (session_update, session_delete, accountsChanged, chainChanged), switches
 * chains through the session, and on disconnect deletes the session, its stored namespaces and the pairings.
 * @module
 */
import { ChainNotSupportedError } from '@keyframe/protocol/core'
import { DisconnectError } from '../../core/errors.ts'
import type { LoginCacheStorage } from '../../core/loginCache.ts'
import { createEmitter } from '../emitter.ts'
import type { Connector, Eip1193Provider, ProviderEvents } from '../types.ts'
import { evmChainIdFrom, requestedNamespaces, type SessionNetwork } from './namespaces.ts'
import { createKeyValueStorage } from './storage.ts'

export type WalletConnectConnectorParameters = {
  /** The relay's ws(s) URL (option `walletConnect.relayUrl`). */
  relayUrl: string
  projectId: string
  /** The dApp as the wallet app shows it. */
  metadata: { name: string; description: string; url: string; icons: string[] }
  /** The dApp's networks: the session asks for their chains, and reads go to their RPC URLs. */
  networks: readonly SessionNetwork[]
  /** Where the session is kept (the instance's storage). */
  storage: LoginCacheStorage
  /** The wallet's account changed. */
  onAccountsChanged(address: `0x${string}`): void
  /** The session moved to EVM chain `chainId`. */
  onChainChanged(chainId: number): void
  /** The session ended: the wallet deleted it, it expired, or `disconnect()` ran. */
  onDisconnect(): void
}

/** The account a session holds. */
export type WalletConnectAccount = {
  address: `0x${string}`
  chainId: number
  /** The wallet app's name (its metadata), for the recent wallets. */
  walletName: string
}

export type WalletConnectConnector = Connector & {
  readonly type: 'walletConnect'
  /** The session kept from an earlier visit, if the storage holds one with an eip155 account. */
  restored(): WalletConnectAccount | undefined
  /**
   * Proposes a session; `onUri` gets the pairing URI once the relay took the proposal. Resolves once the
   * wallet approved. Rejects with the wallet's refusal (`{ code: 5000 }`) or 'Proposal expired'.
   */
  connect(parameters: {
    onUri(uri: string): void
    /** Asked once the wallet approved: a pairing cancelled meanwhile has its session deleted at once. */
    isWanted(): boolean
  }): Promise<WalletConnectAccount>
  /** Closes the relay connection and stops following the session, which stays stored (the instance went away). */
  release(): Promise<void>
}

const USER_DISCONNECTED = { code: 4900, message: 'User disconnected.' }

function toHex(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`
}

/** Loads WalletConnect and restores the stored session, if any. */
export async function createWalletConnectConnector(
  parameters: WalletConnectConnectorParameters,
): Promise<WalletConnectConnector> {
  const { UniversalProvider } = await import('@walletconnect/universal-provider')
  const provider = await UniversalProvider.init({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    metadata: parameters.metadata,
    storage: createKeyValueStorage(parameters.storage),
    logger: 'silent',
    // Self-hosted: nothing goes to WalletConnect's own services (telemetry, verify, RPC).
    telemetryEnabled: false,
  })
  // The Verify API attests the page's origin through an iframe of verify.walletconnect.org on every
  // proposal and request, waiting up to 5 s for it: none of that with a relay of the dApp's own.
  provider.client.core.verify.register = async () => ''

  const events = createEmitter<ProviderEvents>()
  let address: `0x${string}` | undefined
  let chainId: number | undefined
  let onUri: ((uri: string) => void) | undefined

  async function readAccount(): Promise<{ address: `0x${string}`; chainId: number } | undefined> {
    if (!provider.session) return undefined
    try {
      const [first] = (await provider.request<string[]>({ method: 'eth_accounts' })) ?? []
      const chain = evmChainIdFrom(await provider.request({ method: 'eth_chainId' }))
      if (!first || !/^0x[0-9a-fA-F]{40}$/.test(first) || chain === undefined) return undefined
      return { address: first as `0x${string}`, chainId: chain }
    } catch {
      // A session without an eip155 account.
      return undefined
    }
  }

  function accountOf(account: { address: `0x${string}`; chainId: number }): WalletConnectAccount {
    address = account.address
    chainId = account.chainId
    return { ...account, walletName: provider.session?.peer.metadata.name ?? 'WalletConnect' }
  }

  function setAccount(next: `0x${string}`) {
    if (next.toLowerCase() === address?.toLowerCase()) return
    address = next
    parameters.onAccountsChanged(next)
    events.emit('accountsChanged', [next])
  }

  function setChain(next: number) {
    if (next === chainId) return
    chainId = next
    parameters.onChainChanged(next)
    events.emit('chainChanged', toHex(next))
  }

  function ended() {
    if (address === undefined) return
    address = undefined
    chainId = undefined
    parameters.onDisconnect()
    events.emit('disconnect', USER_DISCONNECTED)
  }

  provider.on('display_uri', (uri: string) => onUri?.(uri))
  provider.on('accountsChanged', (accounts: string[]) => {
    const [first] = accounts
    if (first && /^0x[0-9a-fA-F]{40}$/.test(first)) setAccount(first as `0x${string}`)
  })
  provider.on('chainChanged', (value: unknown) => {
    const next = evmChainIdFrom(value)
    if (next !== undefined) setChain(next)
  })
  // The wallet changed the session's accounts or chains: the account on the current chain may differ.
  provider.on('session_update', async () => {
    const account = await readAccount()
    if (!account) return
    setChain(account.chainId)
    setAccount(account.address)
  })
  // The wallet deleted the session (the provider already dropped it and its stored namespaces).
  provider.on('session_delete', ended)

  const restoredAccount = await readAccount()
  const restored = restoredAccount && accountOf(restoredAccount)

  const eip1193: Eip1193Provider = {
    async request(args) {
      const result = await provider.request({ method: args.method, params: args.params })
      // The provider answers eth_chainId with a number; EIP-1193 says a hex string.
      return args.method === 'eth_chainId' && typeof result === 'number' ? toHex(result) : result
    },
    on: (event, listener) => void events.on(event, listener),
    removeListener: (event, listener) => events.off(event, listener),
  }

  async function deletePairings() {
    const { pairing } = provider.client.core
    for (const { topic } of pairing.getPairings()) {
      await pairing.disconnect({ topic }).catch(() => undefined)
    }
  }

  return {
    id: 'walletConnect',
    type: 'walletConnect',
    name: 'WalletConnect',
    namespace: 'eip155',
    getProvider: async () => eip1193,
    restored: () => restored,
    async connect(connectParameters) {
      onUri = connectParameters.onUri
      try {
        await provider.connect({ optionalNamespaces: requestedNamespaces(parameters.networks) })
      } finally {
        onUri = undefined
      }
      if (!connectParameters.isWanted()) {
        await provider.disconnect().catch(() => undefined)
        throw new Error('Keyframe: the WalletConnect pairing was cancelled before the wallet approved')
      }
      const account = await readAccount()
      if (!account) {
        await provider.disconnect().catch(() => undefined)
        throw new Error('Keyframe: the wallet approved no eip155 account')
      }
      const connected = accountOf(account)
      events.emit('connect', { chainId: toHex(connected.chainId) })
      return connected
    },
    async switchChain(target) {
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(target) }] })
      } catch (cause) {
        throw new ChainNotSupportedError({ cause })
      }
      setChain(target)
    },
    async disconnect() {
      let failure: unknown
      // The relay may be gone: the session still ends here, and the error says 'Failed to disconnect'.
      if (provider.session) await provider.disconnect().catch((error: unknown) => (failure = error))
      await deletePairings()
      ended()
      if (failure !== undefined) throw new DisconnectError({ cause: failure })
    },
    async release() {
      events.clear()
      address = undefined
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose().catch(() => undefined)
    },
  }
}
