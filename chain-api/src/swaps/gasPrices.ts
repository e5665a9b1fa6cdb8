/**
 * Gas price tiers for swaps: the node's `eth_gasPrice` as standard, and fixed markups above it for fast
 * and instant (a node offers one price; markups are what a user pays to be picked first).
 * @module
 */
import type { SwapGasPrice } from '@keyframe/protocol/chain-api/swaps'
import type { PublicClient } from 'viem'

/** Percent of the standard price: fast and instant. */
export const GAS_PRICE_MARKUP = { fast: 120n, instant: 150n } as const

/** Wei prices as decimal strings, slowest first. */
export async function gasPrices(client: PublicClient): Promise<SwapGasPrice> {
  const standard = await client.getGasPrice()
  return {
    standard: standard.toString(),
    fast: ((standard * GAS_PRICE_MARKUP.fast) / 100n).toString(),
    instant: ((standard * GAS_PRICE_MARKUP.instant) / 100n).toString(),
  }
}
