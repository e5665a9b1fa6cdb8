/**
 * What a WalletConnect session asks for (SPEC §3 wallet session: namespaces): the namespaces requested from
 * the dApp's networks, and the chain ids a wallet's events carry.
 * @module
 */

/** A network as the dApp configured it (a viem `Chain` fits): only what a session proposal needs. */
export type SessionNetwork = {
  readonly id: number | string
  readonly rpcUrls?: { readonly default: { readonly http: readonly string[] } }
}

/** One namespace of a session proposal (WalletConnect's `optionalNamespaces` entry). */
export type RequestedNamespace = {
  chains: string[]
  methods: string[]
  events: string[]
  /** Chain reference → the dApp's RPC URL: reads go there, never to WalletConnect's own RPC service. */
  rpcMap: Record<string, string>
}

/**
 * What each namespace asks the wallet for. A namespace gets a connector when its entry is here: eip155 now;
 * solana is one more entry (`solana_signMessage`, `solana_signTransaction`, …) once it has a connector.
 */
const NAMESPACE_REQUESTS: Readonly<Record<string, { methods: string[]; events: string[] }>> = {
  eip155: {
    methods: [
      'personal_sign',
      'eth_sign',
      'eth_signTypedData',
      'eth_signTypedData_v4',
      'eth_signTransaction',
      'eth_sendTransaction',
      'eth_sendRawTransaction',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_watchAsset',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
}

/** CAIP-2 id of a network id (`1` → `eip155:1`), or undefined when it is not a valid one. */
export function caip2Of(id: number | string): string | undefined {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 ? `eip155:${id}` : undefined
  return /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(id) ? id : undefined
}

/**
 * The namespaces a session proposal asks for: one per namespace of the dApp's networks that has a
 * connector, its chains in the dApp's order (the first is where the session starts).
 */
export function requestedNamespaces(networks: readonly SessionNetwork[]): Record<string, RequestedNamespace> {
  const namespaces: Record<string, RequestedNamespace> = {}
  for (const network of networks) {
    const chain = caip2Of(network.id)
    if (!chain) continue
    const namespace = chain.slice(0, chain.indexOf(':'))
    const request = NAMESPACE_REQUESTS[namespace]
    if (!request) continue
    const entry = namespaces[namespace] ?? {
      chains: [],
      methods: [...request.methods],
      events: [...request.events],
      rpcMap: {},
    }
    namespaces[namespace] = entry
    if (entry.chains.includes(chain)) continue
    entry.chains.push(chain)
    const rpcUrl = network.rpcUrls?.default.http[0]
    if (rpcUrl) entry.rpcMap[chain.slice(namespace.length + 1)] = rpcUrl
  }
  return namespaces
}

/** An EVM chain id from a wallet's event or answer: a number, a decimal or 0x string, or a CAIP-2 id. */
export function evmChainIdFrom(value: unknown): number | undefined {
  let chainId: unknown = value
  if (typeof value === 'string') {
    const reference = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
    chainId = reference.startsWith('0x') ? Number.parseInt(reference, 16) : Number(reference)
  }
  return typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
}
