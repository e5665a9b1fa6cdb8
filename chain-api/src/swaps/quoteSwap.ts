/**
 * The best Uniswap V2 route for a swap and what it pays: the direct pair, or one hop through the wrapped
 * native token or a configured token (the dev pools are ETH/kUSD and KFT/kUSD, so KFT reaches ETH through
 * kUSD), whichever gives more (the router's `getAmountsOut`, fee included).
 * @module
 */
import type { ChainWithClient } from '../chains/registry.ts'
import type { Asset } from '../prices/asset.ts'
import { uniswapV2RouterAbi } from './uniswapV2Abi.ts'

export type SwapRoute = {
  /** Token addresses from the given token to the received one (native as WETH). */
  path: `0x${string}`[]
  amountIn: bigint
  amountOut: bigint
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The route (direct or one hop) paying the most for `amountIn` of `from` in `to`, or undefined when the chain has no Uniswap V2,
 * no pool connects them, or the swap is no swap (the same asset, or wrapping ETH into WETH).
 * @example
 * const route = await quoteSwap(chain, 'native', kusd, 10n ** 18n) // { path: [weth, kusd], amountOut: 2988020943n, … }
 */
export async function quoteSwap(
  chain: ChainWithClient,
  from: Asset,
  to: Asset,
  amountIn: bigint,
): Promise<SwapRoute | undefined> {
  const uniswap = chain.uniswapV2
  if (!uniswap || amountIn <= 0n) return undefined
  const a = from === 'native' ? uniswap.weth : from
  const b = to === 'native' ? uniswap.weth : to
  if (same(a, b)) return undefined
  const paths: `0x${string}`[][] = [[a, b]]
  const hubs = [uniswap.weth, ...chain.tokens.map((token) => token.address)]
  for (const hub of hubs) {
    if (same(hub, a) || same(hub, b) || paths.some((path) => path.length === 3 && same(path[1]!, hub)))
      continue
    paths.push([a, hub, b])
  }
  // A path without a pool reverts inside the router; allowFailure leaves it out.
  const results = await chain.client.multicall({
    contracts: paths.map(
      (path) =>
        ({
          address: uniswap.router,
          abi: uniswapV2RouterAbi,
          functionName: 'getAmountsOut',
          args: [amountIn, path],
        }) as const,
    ),
    allowFailure: true,
    deployless: true,
  })
  let best: SwapRoute | undefined
  results.forEach((result, index) => {
    if (result.status !== 'success') return
    const amountOut = result.result.at(-1) ?? 0n
    if (amountOut > 0n && (!best || amountOut > best.amountOut))
      best = { path: paths[index]!, amountIn, amountOut }
  })
  return best
}
