/**
 * A fungible asset of a configured chain: its native currency or an ERC20, as the swaps, balances and prices
 * areas name them (CAIP-10 with the `0xeeee…eeee` placeholder for the native currency).
 * @module
 */
import { NATIVE_TOKEN_ADDRESS } from '@keyframe/protocol/chain-api/swaps'
import { getAddress, isAddress } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { ChainApiContext } from '../context.ts'

/** `native`, or an ERC20's checksummed address. */
export type Asset = 'native' | `0x${string}`

/** The asset at `address` (the placeholder means native). */
export function assetAt(address: string): Asset {
  return address.toLowerCase() === NATIVE_TOKEN_ADDRESS ? 'native' : getAddress(address)
}

/** The asset's CAIP-10 (`eip155:31337:0xeeee…eeee` for native; token addresses checksummed). */
export function assetId(caip2: string, asset: Asset): string {
  return `${caip2}:${asset === 'native' ? NATIVE_TOKEN_ADDRESS : getAddress(asset)}`
}

/** The asset's key in `config.prices`: `eip155:31337/slip44:60` or `eip155:31337/erc20:0x…` (lowercase). */
export function priceKey(caip2: string, asset: Asset): string {
  return asset === 'native' ? `${caip2}/slip44:60` : `${caip2}/erc20:${asset.toLowerCase()}`
}

/**
 * The configured chain and asset of a CAIP-10 id, or undefined when the chain is not configured or the address
 * is not an EVM address (the caller answers its empty default).
 */
export function resolveAsset(
  ctx: Pick<ChainApiContext, 'chains'>,
  caip10: string,
): { chain: ChainWithClient; asset: Asset } | undefined {
  const at = caip10.lastIndexOf(':')
  const chain = ctx.chains.get(caip10.slice(0, at))
  const address = caip10.slice(at + 1)
  return chain && isAddress(address, { strict: false }) ? { chain, asset: assetAt(address) } : undefined
}
