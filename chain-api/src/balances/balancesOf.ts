/**
 * An account's balances on one chain: the native currency, the chain's configured tokens and every ERC20 the
 * indexer saw the account send or receive, read in one multicall, priced in USD.
 * @module
 */
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { erc20Abi, formatUnits } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { ChainApiContext } from '../context.ts'
import { tokenContractsOf } from '../indexer/queries.ts'
import { type Asset, assetAt, assetId } from '../prices/asset.ts'
import { priceOf } from '../prices/priceOf.ts'
import { tokenIconUrl } from '../prices/tokenIconUrl.ts'
import { tokenInfos } from '../prices/tokenInfo.ts'

/** The tokens to read for `address`: configured first, then those from the index, each once. */
async function tokensOf(
  ctx: ChainApiContext,
  chain: ChainWithClient,
  address: `0x${string}`,
): Promise<`0x${string}`[]> {
  let indexed: `0x${string}`[] = []
  try {
    indexed = await tokenContractsOf(ctx.db, chain.caip2, address)
  } catch (error) {
    // The index is an extra: without it (not migrated, database hiccup) the configured tokens still answer.
    ctx.log.warn('balances: token list from the index failed', { chain: chain.caip2, error })
  }
  const seen = new Set<string>()
  const out: `0x${string}`[] = []
  for (const token of [...chain.tokens.map((t) => t.address), ...indexed]) {
    const key = token.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(assetAt(token) as `0x${string}`)
  }
  return out
}

/**
 * The non-zero balances of `address` on `chain`, native first. Tokens that are not readable ERC20s, or have
 * zero decimals (NFT contracts answer balanceOf too), are left out; an unknown price counts as 0.
 */
export async function balancesOf(
  ctx: ChainApiContext,
  chain: ChainWithClient,
  address: `0x${string}`,
): Promise<TokenBalance[]> {
  const tokens = await tokensOf(ctx, chain, address)
  const [native, reads] = await Promise.all([
    chain.client.getBalance({ address }),
    tokens.length === 0
      ? Promise.resolve([])
      : chain.client.multicall({
          contracts: tokens.map(
            (token) =>
              ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }) as const,
          ),
          allowFailure: true,
          // One eth_call for all tokens, also on chains without a Multicall3 contract (the dev chains).
          deployless: true,
        }),
  ])
  const held: { asset: Asset; amount: bigint }[] = []
  if (native > 0n) held.push({ asset: 'native', amount: native })
  tokens.forEach((token, index) => {
    const read = reads[index]
    if (read?.status === 'success' && read.result > 0n) held.push({ asset: token, amount: read.result })
  })
  if (held.length === 0) return []
  const infos = await tokenInfos(
    chain,
    held.map(({ asset }) => asset),
  )
  const priced = await Promise.all(
    held.map(async ({ asset, amount }): Promise<TokenBalance | undefined> => {
      const info = infos.get(asset)
      if (!info || (asset !== 'native' && info.decimals === 0)) return undefined
      const price = (await priceOf(ctx, chain.caip2, asset)) ?? 0
      const numeric = formatUnits(amount, info.decimals)
      return {
        name: info.name,
        symbol: info.symbol,
        chainId: chain.caip2,
        ...(asset === 'native' ? {} : { address: assetId(chain.caip2, asset) }),
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(info.decimals), numeric },
        iconUrl: tokenIconUrl(ctx.config.publicUrl, info.symbol),
      }
    }),
  )
  return priced.filter((balance) => balance !== undefined)
}
