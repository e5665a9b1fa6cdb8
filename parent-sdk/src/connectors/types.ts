/**
 * What every connector hands the core: an EIP-1193 provider for one namespace, and the few operations the
 * modal needs from it. The embedded wallet (the frame) and injected wallets (EIP-6963, `window.ethereum`)
 * both implement it, and so does WalletConnect.
 * @module
 */

/** EIP-1193 request arguments. */
export type RequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object }

/** EIP-1193 events a provider emits. */
export type ProviderEvents = {
  connect: (info: { chainId: string }) => void
  disconnect: (error: { code: number; message: string }) => void
  accountsChanged: (accounts: string[]) => void
  chainChanged: (chainId: string) => void
  message: (message: { type: string; data: unknown }) => void
}

/** An EIP-1193 provider. */
export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>
  on<E extends keyof ProviderEvents>(event: E, listener: ProviderEvents[E]): void
  removeListener<E extends keyof ProviderEvents>(event: E, listener: ProviderEvents[E]): void
}

/** EIP-6963 provider info. */
export type Eip6963ProviderInfo = {
  readonly uuid: string
  readonly name: string
  /** A data: URI (RFC 2397). */
  readonly icon: string
  /** Reverse-DNS id of the wallet, e.g. `io.metamask`. */
  readonly rdns: string
}

export type ConnectorType = 'embedded' | 'injected' | 'walletConnect'

/** One way to hold an account in a namespace. */
export type Connector = {
  /**
   * `'embedded'`, `'injected:<rdns>'` for an EIP-6963 wallet, `'injected'` for a plain `window.ethereum`,
   * `'walletConnect'` for a wallet app connected through WalletConnect.
   */
  readonly id: string
  readonly type: ConnectorType
  readonly name: string
  /** A data: or http(s) URL. */
  readonly icon?: string
  readonly namespace: 'eip155'
  /** The provider the dApp's library talks to. */
  getProvider(): Promise<Eip1193Provider>
  /**
   * Moves the wallet to EVM chain `chainId`. Resolves once the wallet is on it.
   * @throws ChainNotSupportedError ('Chain is not supported') when the wallet cannot be moved there.
   */
  switchChain(chainId: number): Promise<void>
  /** Ends this connector's connection (the namespace becomes disconnected). */
  disconnect(): Promise<void>
}
