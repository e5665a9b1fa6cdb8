/**
 * The configured chains by CAIP-2 id, each with one viem public client (HTTP, keep-alive through Node's
 * global fetch) so that every area reuses the same connection to the node.
 * @module
 */
import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.ts'

export type ChainWithClient = ChainConfig & { client: PublicClient }

export type ChainRegistry = {
  list(): ChainConfig[]
  /** The configured chain for a CAIP-2 id, or undefined (→ the endpoint's empty default). */
  get(caip2: string): ChainWithClient | undefined
  /** The configured chain for a numeric chain id, or undefined. */
  byId(id: number): ChainWithClient | undefined
}

/** A viem chain for a configured chain (for clients and wallet clients: the dev sandbox's payer). */
export function viemChain(chain: ChainConfig) {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.blockExplorerUrl
      ? { blockExplorers: { default: { name: chain.name, url: chain.blockExplorerUrl } } }
      : {}),
    testnet: chain.testnet,
  })
}

/**
 * Builds the registry. Clients are created once here; nothing connects until the first request.
 * @example
 * const chains = createChainRegistry(config.chains)
 * const block = await chains.get('eip155:31337')?.client.getBlockNumber()
 */
export function createChainRegistry(chains: readonly ChainConfig[]): ChainRegistry {
  const byCaip2 = new Map<string, ChainWithClient>()
  for (const chain of chains) {
    const client = createPublicClient({
      chain: viemChain(chain),
      // viem's default retries would hide a dead node behind seconds of waiting; the caller decides.
      transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }),
    }) as PublicClient
    byCaip2.set(chain.caip2, { ...chain, client })
  }
  const all = [...chains]
  return {
    list: () => [...all],
    get: (caip2) => byCaip2.get(caip2),
    byId: (id) => byCaip2.get(`eip155:${id}`),
  }
}
