/**
 * What the on-ramp sells: on each configured chain, its native asset and its configured tokens, identified by
 * symbol; networks named by CAIP-2 id (or the decimal chain id); USD prices from `config.prices`.
 * @module
 */
import type { ChainApiConfig, ChainConfig } from '../config.ts'

export type PurchaseAsset = {
  chain: ChainConfig
  symbol: string
  name: string
  decimals: number
  /** The ERC20; undefined for the native asset. */
  token?: `0x${string}`
}

/** The chain a network text names: `eip155:31337` or `31337`; undefined when not configured. */
export function resolveNetwork(chains: readonly ChainConfig[], network: string): ChainConfig | undefined {
  const text = network.trim()
  if (/^\d{1,12}$/.test(text)) return chains.find((chain) => chain.id === Number(text))
  return chains.find((chain) => chain.caip2 === text)
}

/** The native asset first, then the configured tokens. */
export function purchaseAssetsOf(chain: ChainConfig): PurchaseAsset[] {
  return [
    {
      chain,
      symbol: chain.nativeCurrency.symbol,
      name: chain.nativeCurrency.name,
      decimals: chain.nativeCurrency.decimals,
    },
    ...chain.tokens.map((token) => ({
      chain,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      token: token.address,
    })),
  ]
}

/** The asset with this symbol on `chain` (exact symbol first, then ignoring case); undefined when not sold. */
export function findAsset(chain: ChainConfig, symbol: string): PurchaseAsset | undefined {
  const assets = purchaseAssetsOf(chain)
  return (
    assets.find((asset) => asset.symbol === symbol) ??
    assets.find((asset) => asset.symbol.toLowerCase() === symbol.toLowerCase())
  )
}

/** The configured USD price of an asset, or undefined. */
export function priceUsdOf(config: Pick<ChainApiConfig, 'prices'>, asset: PurchaseAsset): number | undefined {
  if (asset.token) return config.prices[`${asset.chain.caip2}/erc20:${asset.token.toLowerCase()}`]
  return nativePriceUsd(config, asset.chain.caip2)
}

/** The configured USD price of a chain's native asset (key `<caip2>/slip44:<coin>`), or undefined. */
export function nativePriceUsd(config: Pick<ChainApiConfig, 'prices'>, caip2: string): number | undefined {
  return Object.entries(config.prices).find(([key]) => key.startsWith(`${caip2}/slip44:`))?.[1]
}
