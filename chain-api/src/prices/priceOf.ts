/**
 * USD prices of a chain's assets: the configured price table first; else the price implied by the chain's
 * Uniswap V2 pool between the asset and a token that has a configured price (the deepest such pool).
 * @module
 */
import { formatUnits, zeroAddress } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { ChainApiContext } from '../context.ts'
import { uniswapV2FactoryAbi, uniswapV2PairAbi } from '../swaps/uniswapV2Abi.ts'
import { type Asset, assetAt, priceKey } from './asset.ts'
import { tokenInfos } from './tokenInfo.ts'

/** An asset with a configured price that a pool can be measured against. */
type Anchor = { token: `0x${string}`; price: number; decimals: number }

/**
 * The USD price of one unit of `asset` on the chain `caip2`, or undefined when neither the price table nor a
 * pool with a priced token gives one (or the chain is not configured).
 * @example
 * await priceOf(ctx, 'eip155:31337', 'native') // 3000
 */
export async function priceOf(
  ctx: Pick<ChainApiContext, 'chains' | 'config'>,
  caip2: string,
  asset: Asset,
): Promise<number | undefined> {
  const configured = ctx.config.prices[priceKey(caip2, asset)]
  if (configured !== undefined) return configured
  const chain = ctx.chains.get(caip2)
  const uniswap = chain?.uniswapV2
  if (!chain || !uniswap) return undefined
  // WETH is worth its native currency; the native currency trades in pools as WETH.
  if (asset !== 'native' && asset.toLowerCase() === uniswap.weth.toLowerCase())
    return ctx.config.prices[priceKey(caip2, 'native')] ?? poolPrice(ctx, chain, uniswap.weth)
  return poolPrice(ctx, chain, asset === 'native' ? uniswap.weth : asset)
}

/** The assets of the chain with a configured price, as pool tokens (native as WETH). */
function anchorsOf(ctx: Pick<ChainApiContext, 'config'>, chain: ChainWithClient, weth: `0x${string}`) {
  const prefix = `${chain.caip2}/`
  const anchors: { token: `0x${string}`; price: number; asset: Asset }[] = []
  for (const [key, price] of Object.entries(ctx.config.prices)) {
    if (!key.startsWith(prefix) || price <= 0) continue
    const id = key.slice(prefix.length)
    if (id === 'slip44:60') anchors.push({ token: weth, price, asset: 'native' })
    else if (id.startsWith('erc20:')) {
      const asset = assetAt(id.slice('erc20:'.length))
      if (asset !== 'native') anchors.push({ token: asset, price, asset })
    }
  }
  return anchors
}

async function poolPrice(
  ctx: Pick<ChainApiContext, 'config'>,
  chain: ChainWithClient,
  token: `0x${string}`,
): Promise<number | undefined> {
  const uniswap = chain.uniswapV2!
  const candidates = anchorsOf(ctx, chain, uniswap.weth).filter(
    (anchor) => anchor.token.toLowerCase() !== token.toLowerCase(),
  )
  if (candidates.length === 0) return undefined
  const infos = await tokenInfos(chain, [token, ...candidates.map((anchor) => anchor.asset)])
  const decimals = infos.get(token)?.decimals
  if (decimals === undefined) return undefined
  const anchors: Anchor[] = candidates.flatMap((anchor) => {
    const info = infos.get(anchor.asset)
    return info ? [{ token: anchor.token, price: anchor.price, decimals: info.decimals }] : []
  })
  const pairs = await chain.client.multicall({
    contracts: anchors.map(
      (anchor) =>
        ({
          address: uniswap.factory,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [token, anchor.token],
        }) as const,
    ),
    allowFailure: true,
    deployless: true,
  })
  const pools = anchors.flatMap((anchor, index) => {
    const pair = pairs[index]
    return pair?.status === 'success' && pair.result !== zeroAddress ? [{ anchor, pair: pair.result }] : []
  })
  if (pools.length === 0) return undefined
  const reads = await chain.client.multicall({
    contracts: pools.flatMap(({ pair }) => [
      { address: pair, abi: uniswapV2PairAbi, functionName: 'token0' } as const,
      { address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' } as const,
    ]),
    allowFailure: false,
    deployless: true,
  })
  let best: { price: number; depth: number } | undefined
  pools.forEach(({ anchor }, index) => {
    const token0 = reads[index * 2] as `0x${string}`
    const [reserve0, reserve1] = reads[index * 2 + 1] as readonly [bigint, bigint, number]
    const tokenIsFirst = token0.toLowerCase() === token.toLowerCase()
    const tokenReserve = Number(formatUnits(tokenIsFirst ? reserve0 : reserve1, decimals))
    const anchorReserve = Number(formatUnits(tokenIsFirst ? reserve1 : reserve0, anchor.decimals))
    if (tokenReserve === 0 || anchorReserve === 0) return
    // The pool's USD depth on the priced side: the deepest pool is the hardest to move.
    const depth = anchorReserve * anchor.price
    if (!best || depth > best.depth) best = { price: (anchorReserve / tokenReserve) * anchor.price, depth }
  })
  return best?.price
}
