/**
 * The development defaults for devstack's local chains: each chain as chain-api configures it (tokens and
 * Uniswap V2 addresses included) and the dev price table (ETH 3000, KFT 2, kUSD 1 USD). Typed structurally so
 * chain-api does not depend on devstack at runtime.
 * @module
 */
import type { ChainInput } from '../config.ts'

/** What chain-api needs of a devstack `DevChain`. */
export type DevChainLike = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  tokens: readonly { address: `0x${string}`; symbol: string; name: string; decimals: number }[]
  uniswap?: { factory: `0x${string}`; router: `0x${string}`; weth: `0x${string}` }
}

/** USD prices of the dev assets by symbol (a Uniswap pool, where there is one, may say otherwise). */
export const DEV_PRICES_BY_SYMBOL: Readonly<Record<string, number>> = { ETH: 3000, KFT: 2, kUSD: 1 }

/** A devstack chain as chain-api's chain input (local chains are test networks). */
export function chainFromDevChain(chain: DevChainLike): ChainInput {
  return {
    id: chain.chainId,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: chain.nativeCurrency,
    testnet: true,
    tokens: chain.tokens.map((t) => ({
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
    })),
    ...(chain.uniswap ? { uniswapV2: { ...chain.uniswap } } : {}),
  }
}

/** The dev price table for these chains by the dev symbols: native by slip44:60, tokens by lowercase address. */
export function devPrices(chains: readonly ChainInput[]): Record<string, number> {
  const prices: Record<string, number> = {}
  for (const chain of chains) {
    const native = DEV_PRICES_BY_SYMBOL[chain.nativeCurrency.symbol]
    if (native !== undefined) prices[`eip155:${chain.id}/slip44:60`] = native
    for (const token of chain.tokens ?? []) {
      const price = DEV_PRICES_BY_SYMBOL[token.symbol]
      if (price !== undefined) prices[`eip155:${chain.id}/erc20:${token.address.toLowerCase()}`] = price
    }
  }
  return prices
}
