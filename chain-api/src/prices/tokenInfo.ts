/**
 * Name, symbol and decimals of a chain's assets: the native currency and configured tokens from the
 * configuration, any other ERC20 read from the chain once (one multicall) and remembered.
 * @module
 */
import { erc20Abi } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { Asset } from './asset.ts'

export type TokenInfo = { name: string; symbol: string; decimals: number }

// Per chain object of a context's registry, so contexts (tests, restarts) never share what they read.
// A token's metadata never changes; only successful reads are kept.
const readTokens = new WeakMap<ChainWithClient, Map<string, TokenInfo>>()

/** Metadata of each asset (by the same key as given), undefined for a contract that is not a readable ERC20. */
export async function tokenInfos(
  chain: ChainWithClient,
  assets: readonly Asset[],
): Promise<Map<Asset, TokenInfo | undefined>> {
  let known = readTokens.get(chain)
  if (!known) {
    known = new Map()
    readTokens.set(chain, known)
  }
  const out = new Map<Asset, TokenInfo | undefined>()
  const unknown: `0x${string}`[] = []
  for (const asset of assets) {
    if (asset === 'native') {
      out.set(asset, { ...chain.nativeCurrency })
      continue
    }
    const key = asset.toLowerCase()
    const configured = chain.tokens.find((token) => token.address.toLowerCase() === key)
    const found = configured ?? known.get(key)
    if (found) out.set(asset, { name: found.name, symbol: found.symbol, decimals: found.decimals })
    else unknown.push(asset)
  }
  if (unknown.length === 0) return out
  const fields = ['name', 'symbol', 'decimals'] as const
  const results = await chain.client.multicall({
    contracts: unknown.flatMap((address) =>
      fields.map((functionName) => ({ address, abi: erc20Abi, functionName }) as const),
    ),
    allowFailure: true,
    // The dev chains have no Multicall3 contract; deployless multicall runs it inside one eth_call anywhere.
    deployless: true,
  })
  unknown.forEach((address, index) => {
    const [name, symbol, decimals] = results.slice(index * 3, index * 3 + 3)
    if (name?.status !== 'success' || symbol?.status !== 'success' || decimals?.status !== 'success') {
      out.set(address, undefined)
      return
    }
    const info = {
      name: String(name.result),
      symbol: String(symbol.result),
      decimals: Number(decimals.result),
    }
    known.set(address.toLowerCase(), info)
    out.set(address, info)
  })
  return out
}
