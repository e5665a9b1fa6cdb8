/**
 * The swaps endpoints (`/v1/convert/*`) over the chain's Uniswap V2 deployment.
 * @module
 */
import {
  buildSwapApprove,
  buildSwapTransaction,
  DEFAULT_SLIPPAGE,
  GAS_PRICE_UNSUPPORTED,
  getSwapAllowance,
  getSwapGasPrice,
  getSwapQuote,
  getSwapTokens,
  SWAPS_UNSUPPORTED,
} from '@keyframe/protocol/chain-api/swaps'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import { erc20Abi, getAddress, maxUint256 } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { assetId, resolveAsset } from '../prices/asset.ts'
import { buildApprove } from './buildApprove.ts'
import { buildSwap } from './buildSwap.ts'
import { gasPrices } from './gasPrices.ts'
import { quoteSwap } from './quoteSwap.ts'
import { swapTokens } from './swapTokens.ts'

/** The chain and asset of a CAIP-10 id when the chain has swaps, else undefined. */
function swappable(ctx: ChainApiContext, caip10: string) {
  const resolved = resolveAsset(ctx, caip10)
  return resolved?.chain.uniswapV2 ? resolved : undefined
}

/** Both tokens on a chain with swaps, on the same chain; 400 otherwise. */
function pairOrFail(ctx: ChainApiContext, from: string, to: string) {
  const source = swappable(ctx, from)
  if (!source) fail(400, 'unsupported_chain', SWAPS_UNSUPPORTED)
  const target = resolveAsset(ctx, to)
  if (target?.chain !== source.chain) fail(400, 'invalid_params', 'to: Not on the chain of from')
  return { chain: source.chain, from: source.asset, to: target.asset }
}

/** The user's address; a CAIP-10 user must be on the tokens' chain. */
function userOn(chain: ChainWithClient, user: string): `0x${string}` {
  const at = user.lastIndexOf(':')
  if (at !== -1 && user.slice(0, at) !== chain.caip2)
    fail(400, 'invalid_params', 'userAddress: Not on the chain of the tokens')
  return getAddress(user.slice(at + 1))
}

/** Registers the swaps endpoints. */
export function swapsRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  route(app, getSwapTokens, async ({ query }) => {
    const chain = ctx.chains.get(query.chainId)
    return { tokens: chain ? await swapTokens(chain, ctx.config.publicUrl) : [] }
  })

  route(app, getSwapQuote, async ({ query }) => {
    const source = swappable(ctx, query.from)
    if (!source) return { quotes: [] }
    const { chain, from, to } = pairOrFail(ctx, query.from, query.to)
    userOn(chain, query.userAddress)
    const found = await quoteSwap(chain, from, to, BigInt(query.amount))
    if (!found) return { quotes: [] }
    return {
      quotes: [
        {
          id: `uniswap-v2:${found.path.join('>')}`,
          fromAmount: found.amountIn.toString(),
          fromAccount: assetId(chain.caip2, from),
          toAmount: found.amountOut.toString(),
          toAccount: assetId(chain.caip2, to),
        },
      ],
    }
  })

  route(app, getSwapAllowance, async ({ query }) => {
    const token = swappable(ctx, query.tokenAddress)
    if (!token) fail(400, 'unsupported_chain', SWAPS_UNSUPPORTED)
    const user = userOn(token.chain, query.userAddress)
    // The native currency is sent along with the swap: nothing to approve.
    if (token.asset === 'native') return { allowance: maxUint256.toString() }
    const allowance = await token.chain.client.readContract({
      address: token.asset,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user, token.chain.uniswapV2!.router],
    })
    return { allowance: allowance.toString() }
  })

  route(app, getSwapGasPrice, async ({ query }) => {
    const chain = ctx.chains.get(query.chainId)
    if (!chain) fail(400, 'unsupported_chain', GAS_PRICE_UNSUPPORTED)
    return gasPrices(chain.client)
  })

  route(app, buildSwapApprove, async ({ query }) => {
    const { chain, from } = pairOrFail(ctx, query.from, query.to)
    const user = userOn(chain, query.userAddress)
    if (from === 'native') fail(400, 'invalid_params', 'from: The native currency needs no approve')
    return buildApprove(chain, {
      user,
      token: from,
      ...(query.amount !== undefined ? { amount: BigInt(query.amount) } : {}),
    })
  })

  route(app, buildSwapTransaction, async ({ body }) => {
    const { chain, from, to } = pairOrFail(ctx, body.from, body.to)
    const user = userOn(chain, body.userAddress)
    const slippage = body.eip155?.slippage
    return buildSwap(chain, {
      user,
      from,
      to,
      amount: BigInt(body.amount),
      slippage: slippage === undefined ? DEFAULT_SLIPPAGE : Number(slippage),
      disableEstimate: body.disableEstimate ?? false,
      now: ctx.now(),
    })
  })
}
