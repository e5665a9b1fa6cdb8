/**
 * The swap transaction a user signs: the router's swapExactETHForTokens, swapExactTokensForETH or
 * swapExactTokensForTokens over the best route, with a minimum output of the quote less the slippage
 * tolerance and a 20-minute deadline.
 * @module
 */
import { minimumOut, type SwapTransaction } from '@keyframe/protocol/chain-api/swaps'
import { fail } from '@keyframe/server-kit'
import { encodeFunctionData, erc20Abi } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import type { Asset } from '../prices/asset.ts'
import { estimateGasOrFail } from './estimateGasOrFail.ts'
import { quoteSwap } from './quoteSwap.ts'
import { uniswapV2RouterAbi } from './uniswapV2Abi.ts'

/** How long a built swap stays valid. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** The gas limit given when the estimate is skipped (a two-hop V2 swap uses about 180,000). */
export const SWAP_GAS_WITHOUT_ESTIMATE = 300_000n
/**
 * Percent added to a swap's gas estimate, as wallets do: the state can change between estimate and block. A
 * pair writes its price accumulators only in a block whose second differs from its last update, and the first
 * such write costs about 40,000 gas per pair, so a swap estimated in the same second as a pool's last update
 * and mined in the next runs out of gas without room (seen on fresh dev pools). Unused gas is not paid.
 */
export const SWAP_GAS_MARGIN_PERCENT = 50n

export type BuildSwapInput = {
  user: `0x${string}`
  from: Asset
  to: Asset
  /** Base units of `from`. */
  amount: bigint
  /** Tolerance in percent (1 = 1 %). */
  slippage: number
  /** Skip the gas estimate and the allowance check (the caller approves first, then sends). */
  disableEstimate: boolean
  now: Date
}

/**
 * The swap of `amount` of `from` into `to` for `user` on `chain`.
 * @throws HTTPException 400 no_route (no pool connects the two), insufficient_allowance (the router may not
 *   spend enough of `from`; build an approve first), swap_failed (the node says it would revert).
 * @throws Error when the chain has no Uniswap V2 (the route checks this first).
 */
export async function buildSwap(chain: ChainWithClient, input: BuildSwapInput): Promise<SwapTransaction> {
  const router = chain.uniswapV2?.router
  if (!router) throw new Error(`No Uniswap V2 on ${chain.caip2}`)
  const route = await quoteSwap(chain, input.from, input.to, input.amount)
  if (!route) fail(400, 'no_route', 'No swap route between these tokens')
  const amountOutMin = minimumOut(route.amountOut, input.slippage)
  const deadline = BigInt(Math.floor(input.now.getTime() / 1000) + SWAP_DEADLINE_SECONDS)
  const data =
    input.from === 'native'
      ? encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [amountOutMin, route.path, input.user, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: input.to === 'native' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [input.amount, amountOutMin, route.path, input.user, deadline],
        })
  const value = input.from === 'native' ? input.amount : 0n

  let gas = SWAP_GAS_WITHOUT_ESTIMATE
  if (!input.disableEstimate) {
    if (input.from !== 'native') {
      const allowance = await chain.client.readContract({
        address: input.from,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [input.user, router],
      })
      if (allowance < input.amount)
        fail(400, 'insufficient_allowance', 'The router may not spend this amount yet: send an approve first')
    }
    const estimate = await estimateGasOrFail(
      chain,
      { account: input.user, to: router, data, value },
      { code: 'swap_failed', what: 'The swap' },
    )
    gas = (estimate * (100n + SWAP_GAS_MARGIN_PERCENT)) / 100n
  }
  const gasPrice = await chain.client.getGasPrice()
  return {
    tx: {
      from: input.user,
      to: router,
      data,
      value: value.toString(),
      eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
    },
  }
}
