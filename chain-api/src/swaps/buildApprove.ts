/**
 * The approve a user signs before swapping an ERC20: the token's `approve(router, amount)`.
 * @module
 */
import type { SwapTransaction } from '@keyframe/protocol/chain-api/swaps'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'
import { estimateGasOrFail } from './estimateGasOrFail.ts'

/**
 * The transaction letting `chain`'s Uniswap V2 router spend `amount` (default unlimited) of `token` for
 * `user`, with its gas estimated and the current gas price.
 * @throws HTTPException 400 approve_failed when the token would revert it.
 * @throws Error when the chain has no Uniswap V2 (the route checks this first).
 */
export async function buildApprove(
  chain: ChainWithClient,
  input: { user: `0x${string}`; token: `0x${string}`; amount?: bigint },
): Promise<SwapTransaction> {
  const router = chain.uniswapV2?.router
  if (!router) throw new Error(`No Uniswap V2 on ${chain.caip2}`)
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [router, input.amount ?? maxUint256],
  })
  const [gas, gasPrice] = await Promise.all([
    estimateGasOrFail(
      chain,
      { account: input.user, to: input.token, data },
      { code: 'approve_failed', what: 'The approve' },
    ),
    chain.client.getGasPrice(),
  ])
  return {
    tx: {
      from: input.user,
      to: input.token,
      data,
      value: '0',
      eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
    },
  }
}
