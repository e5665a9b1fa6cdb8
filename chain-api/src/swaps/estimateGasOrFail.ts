/**
 * Gas estimates for the transactions chain-api builds: a transaction the node refuses (a revert, funds short
 * of the value) is the caller's problem, answered 400 with the node's reason, not the server's.
 * @module
 */
import { fail } from '@keyframe/server-kit'
import {
  BaseError,
  ExecutionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  TimeoutError,
} from 'viem'
import type { ChainWithClient } from '../chains/registry.ts'

/**
 * The gas `tx` needs.
 * @throws HTTPException 400 `{ code, message: '<what> would fail: <reason>' }` when the node says it cannot run.
 * @throws the node's error when the node could not be asked (down, timeout): a 500.
 */
export async function estimateGasOrFail(
  chain: ChainWithClient,
  tx: { account: `0x${string}`; to: `0x${string}`; data: `0x${string}`; value?: bigint },
  failure: { code: string; what: string },
): Promise<bigint> {
  try {
    return await chain.client.estimateGas(tx)
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    const refused = error.walk(
      (cause) => cause instanceof ExecutionRevertedError || cause instanceof InsufficientFundsError,
    )
    const unreachable = error.walk(
      (cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError,
    )
    if (!(refused instanceof BaseError) || unreachable) throw error
    fail(400, failure.code, `${failure.what} would fail: ${refused.shortMessage.replace(/\.$/, '')}`)
  }
}
