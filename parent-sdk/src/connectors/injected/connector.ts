/**
 * The Connector of one injected wallet (EIP-6963 or a plain `window.ethereum`): connect, follow its
 * account and chain, switch chains (adding the chain from the dApp's network config when the wallet does
 * not know it), disconnect.
 * @module
 */
import { ChainNotSupportedError } from '@keyframe/protocol/core'
import type { Connector, Eip1193Provider } from '../types.ts'
import type { InjectedWallet } from './discovery.ts'

/** What `wallet_addEthereumChain` is built from: the dApp's network (a viem `Chain` fits). */
export type AddableNetwork = {
  readonly id: number | string
  readonly name: string
  readonly nativeCurrency?: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls?: { readonly default: { readonly http: readonly string[] } }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } }
}

export type InjectedConnectorParameters = {
  wallet: InjectedWallet
  /** The dApp's network with EVM chain id `chainId`, if it has one. */
  getNetwork(chainId: number): AddableNetwork | undefined
  /** The wallet's account changed (never called with an empty list: that is `onDisconnect`). */
  onAccountsChanged(accounts: readonly `0x${string}`[]): void
  /** The wallet moved to EVM chain `chainId`. */
  onChainChanged(chainId: number): void
  /** The connection ended: the wallet dropped the account, disconnected, or `disconnect()` ran. */
  onDisconnect(): void
}

export type InjectedConnector = Connector & {
  readonly type: 'injected'
  /**
   * Asks the wallet for its accounts and chain, then follows its events. `eth_requestAccounts` may prompt
   * the person; with `isReconnecting` it is `eth_accounts`, which never does (a restore on page load).
   * @throws {TypeError} the wallet returned no account.
   */
  connect(parameters?: {
    isReconnecting?: boolean
  }): Promise<{ accounts: readonly `0x${string}`[]; chainId: number }>
  /**
   * Stops following the wallet's events and leaves its connection as it is: for a connector that does not
   * hold the account (a newer connect overtook it, another connector took over, the instance went away).
   */
  release(): void
}

/** EIP-1193 `4001`, EIP-3085/MetaMask `4902` 'Unrecognized chain ID'. */
const USER_REJECTED = 4001
const UNRECOGNIZED_CHAIN = 4902

function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

/**
 * Whether the wallet said it does not know the chain: 4902, the same code wrapped by MetaMask Mobile in a
 * -32603's `data.originalError`, or only the words (some wallets answer with another code).
 */
function isUnrecognizedChain(error: unknown): boolean {
  if (codeOf(error) === UNRECOGNIZED_CHAIN) return true
  const original = (error as { data?: { originalError?: unknown } } | null)?.data?.originalError
  if (codeOf(original) === UNRECOGNIZED_CHAIN) return true
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && /unrecognized chain|chain .*not (been )?added/i.test(message)
}

/** Whether `error` is the wallet's user rejection (EIP-1193 4001). */
export function isUserRejection(error: unknown): boolean {
  return codeOf(error) === USER_REJECTED
}

function toChainNumber(value: unknown): number {
  const chainId = typeof value === 'string' ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10) : value
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new TypeError(`expected an EVM chain id from the wallet, got ${JSON.stringify(value)}`)
  }
  return chainId
}

function toHex(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`
}

function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
}

/** The EVM chain id of a network id (`1` or `'eip155:1'`); undefined for other namespaces. */
export function evmChainIdOf(id: number | string): number | undefined {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 ? id : undefined
  const match = /^eip155:(\d+)$/.exec(id)
  return match ? Number(match[1]) : undefined
}

/** `wallet_addEthereumChain`'s parameter (EIP-3085); undefined when the network lacks an RPC URL. */
function addChainParameter(chainId: number, network: AddableNetwork) {
  const rpcUrls = network.rpcUrls?.default.http ?? []
  if (rpcUrls.length === 0) return undefined
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: toHex(chainId),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: [...rpcUrls],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}

/**
 * Creates the Connector of `wallet`. Its provider listeners are attached by `connect()` and removed by
 * `disconnect()`, `release()`, or when the wallet ends the connection.
 */
export function createInjectedConnector(parameters: InjectedConnectorParameters): InjectedConnector {
  const { wallet, getNetwork } = parameters
  const provider: Eip1193Provider = wallet.provider
  let attached = false

  const onAccountsChanged = (accounts: string[]) => {
    const valid = Array.isArray(accounts) ? accounts.filter(isAddress) : []
    if (valid.length === 0) end()
    else parameters.onAccountsChanged(valid)
  }
  const onChainChanged = (chainId: string) => {
    try {
      parameters.onChainChanged(toChainNumber(chainId))
    } catch {
      // A wallet reporting a malformed chain id: keep the last good one.
    }
  }
  const onDisconnect = (error: { code: number }) => {
    // 1013: MetaMask lost its own connection for a moment and reconnects by itself; the account stays.
    if (error?.code === 1013) return
    end()
  }

  function attach() {
    if (attached) return
    attached = true
    provider.on('accountsChanged', onAccountsChanged)
    provider.on('chainChanged', onChainChanged)
    provider.on('disconnect', onDisconnect)
  }

  function detach() {
    if (!attached) return
    attached = false
    provider.removeListener('accountsChanged', onAccountsChanged)
    provider.removeListener('chainChanged', onChainChanged)
    provider.removeListener('disconnect', onDisconnect)
  }

  function end() {
    const wasAttached = attached
    detach()
    if (wasAttached) parameters.onDisconnect()
  }

  async function switchOnce(chainId: number) {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(chainId) }] })
  }

  return {
    id: wallet.id,
    type: 'injected',
    name: wallet.name,
    ...(wallet.icon ? { icon: wallet.icon } : {}),
    namespace: 'eip155',
    getProvider: async () => provider,
    async connect({ isReconnecting = false } = {}) {
      const method = isReconnecting ? 'eth_accounts' : 'eth_requestAccounts'
      const accounts = await provider.request({ method })
      const valid = Array.isArray(accounts) ? accounts.filter(isAddress) : []
      if (valid.length === 0) throw new TypeError('the wallet returned no account')
      const chainId = toChainNumber(await provider.request({ method: 'eth_chainId' }))
      attach()
      return { accounts: valid, chainId }
    },
    release: detach,
    async switchChain(chainId) {
      try {
        try {
          await switchOnce(chainId)
        } catch (error) {
          if (!isUnrecognizedChain(error)) throw error
          const network = getNetwork(chainId)
          const parameter = network && addChainParameter(chainId, network)
          if (!parameter) throw error
          await provider.request({ method: 'wallet_addEthereumChain', params: [parameter] })
          // Some wallets switch as they add; asking again is harmless and covers those that do not.
          await switchOnce(chainId)
        }
      } catch (cause) {
        throw new ChainNotSupportedError({ cause })
      }
      // Not every wallet emits chainChanged when asked to switch; the answer itself says it is there.
      if (attached) parameters.onChainChanged(chainId)
    },
    async disconnect() {
      // EIP-2255: a wallet that supports it forgets the site's permission, so the next connect asks again.
      try {
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {
        // Many wallets lack the method; the local disconnect below is what counts.
      }
      end()
    },
  }
}
