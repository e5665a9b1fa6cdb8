/**
 * `POST /v1/fungible/price`: USD prices of tokens named by CAIP-10.
 * @module
 */
import type { FungiblePrice } from '@keyframe/protocol/chain-api/balances'
import type { ChainApiContext } from '../context.ts'
import { resolveAsset } from './asset.ts'
import { priceOf } from './priceOf.ts'
import { tokenIconUrl } from './tokenIconUrl.ts'
import { tokenInfos } from './tokenInfo.ts'

/**
 * The priced ones among `addresses`, in the order asked, each once; tokens of unconfigured chains, contracts
 * that are not ERC20s and tokens without a known price are left out.
 */
export async function fungiblePrices(
  ctx: ChainApiContext,
  addresses: readonly string[],
): Promise<FungiblePrice[]> {
  const unique = [...new Set(addresses)]
  const found = await Promise.all(
    unique.map(async (address): Promise<FungiblePrice | undefined> => {
      const resolved = resolveAsset(ctx, address)
      if (!resolved) return undefined
      const { chain, asset } = resolved
      const [infos, price] = await Promise.all([tokenInfos(chain, [asset]), priceOf(ctx, chain.caip2, asset)])
      const info = infos.get(asset)
      if (!info || price === undefined) return undefined
      return {
        name: info.name,
        symbol: info.symbol,
        iconUrl: tokenIconUrl(ctx.config.publicUrl, info.symbol),
        price,
        address,
      }
    }),
  )
  return found.filter((entry) => entry !== undefined)
}
