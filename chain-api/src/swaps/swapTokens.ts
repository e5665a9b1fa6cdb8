/**
 * The assets that can be swapped on a chain: its configured tokens that have a Uniswap V2 pool with WETH or
 * with another configured token, and the native currency when WETH has a pool.
 * @module
 */
import type { SwapToken } from '@keyframe/protocol/chain-api/swaps'
import { zeroAddress } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import { assetId } from '../prices/asset.ts'
import { tokenIconUrl } from '../prices/tokenIconUrl.ts'
import { uniswapV2FactoryAbi } from './uniswapV2Abi.ts'

/** The swappable assets of `chain`, native first then in configuration order; none without Uniswap V2. */
export async function swapTokens(chain: ChainWithClient, publicUrl: string): Promise<SwapToken[]> {
  const uniswap = chain.uniswapV2
  if (!uniswap) return []
  const tokens = chain.tokens.filter((token) => token.address.toLowerCase() !== uniswap.weth.toLowerCase())
  const ends: `0x${string}`[] = [uniswap.weth, ...tokens.map((token) => token.address)]
  const pairs: [number, number][] = []
  for (let i = 0; i < ends.length; i++) for (let j = i + 1; j < ends.length; j++) pairs.push([i, j])
  const results = await chain.client.multicall({
    contracts: pairs.map(
      ([i, j]) =>
        ({
          address: uniswap.factory,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [ends[i]!, ends[j]!],
        }) as const,
    ),
    allowFailure: false,
    deployless: true,
  })
  const pooled = new Set<number>()
  pairs.forEach(([i, j], index) => {
    if (results[index] === zeroAddress) return
    pooled.add(i)
    pooled.add(j)
  })
  const out: SwapToken[] = []
  if (pooled.has(0)) {
    const { name, symbol, decimals } = chain.nativeCurrency
    out.push({
      name,
      symbol,
      decimals,
      address: assetId(chain.caip2, 'native'),
      logoUri: tokenIconUrl(publicUrl, symbol),
    })
  }
  tokens.forEach((token, index) => {
    if (!pooled.has(index + 1)) return
    out.push({
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      address: assetId(chain.caip2, token.address),
      logoUri: tokenIconUrl(publicUrl, token.symbol),
    })
  })
  return out
}
