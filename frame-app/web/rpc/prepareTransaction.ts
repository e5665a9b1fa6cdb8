/**
 * Fills what a transaction needs before it can be signed, against the chain's node: nonce (pending),
 * gas limit (estimated) and EIP-1559 fees (viem's estimate: base fee × 1.2 + priority fee), or a gas price
 * for a legacy transaction. What the dApp gave is kept.
 * @module
 */

import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import {
  type Address,
  formatUnits,
  type Hex,
  type TransactionSerializableEIP1559,
  type TransactionSerializableLegacy,
} from 'viem'
import { estimateFeesPerGas, estimateGas, getGasPrice, getTransactionCount } from 'viem/actions'
import { type ChainClient, viaNode } from './client.ts'

/** A transaction as the dApp asked for it, quantities parsed. */
export type TransactionRequest = {
  /** null or absent: a contract deployment. */
  to?: Address | null | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
  nonce?: number | undefined
  /** A legacy transaction (type 0): priced by `gasPrice`. */
  legacy?: boolean | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

/** A transaction ready to be serialized and signed. */
export type PreparedTransaction = (
  | (TransactionSerializableEIP1559 & { type: 'eip1559'; maxFeePerGas: bigint })
  | (TransactionSerializableLegacy & { type: 'legacy'; gasPrice: bigint })
) & { chainId: number; nonce: number; gas: bigint }

/**
 * Fills nonce, gas and fees of `request` sent by `from`.
 * @throws ProtocolError from the node (e.g. the call reverts while estimating gas).
 */
export async function prepareTransaction(
  client: ChainClient,
  from: Address,
  request: TransactionRequest,
): Promise<PreparedTransaction> {
  const call = {
    ...(request.to ? { to: request.to } : {}),
    value: request.value ?? 0n,
    ...(request.data && request.data !== '0x' ? { data: request.data } : {}),
  }
  const [nonce, gas, fees] = await Promise.all([
    request.nonce ?? pendingNonce(client, from),
    request.gas ?? viaNode(estimateGas(client, { account: from, ...call })),
    feesOf(client, request),
  ])
  return { ...call, ...fees, chainId: client.chain.id, nonce, gas }
}

/** The next nonce of `from`, counting its transactions still in the mempool. */
export function pendingNonce(client: ChainClient, from: Address): Promise<number> {
  return viaNode(getTransactionCount(client, { address: from, blockTag: 'pending' }))
}

async function feesOf(
  client: ChainClient,
  request: TransactionRequest,
): Promise<
  | { type: 'legacy'; gasPrice: bigint }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
> {
  if (request.legacy || (request.gasPrice !== undefined && request.maxFeePerGas === undefined))
    return { type: 'legacy', gasPrice: request.gasPrice ?? (await viaNode(getGasPrice(client))) }
  const given = { maxFeePerGas: request.maxFeePerGas, maxPriorityFeePerGas: request.maxPriorityFeePerGas }
  const estimated =
    given.maxFeePerGas !== undefined && given.maxPriorityFeePerGas !== undefined
      ? (given as { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint })
      : await viaNode(estimateFeesPerGas(client))
  const maxFeePerGas = given.maxFeePerGas ?? estimated.maxFeePerGas
  const priority = given.maxPriorityFeePerGas ?? estimated.maxPriorityFeePerGas
  // A priority fee above the max fee is invalid; the max fee is what the person sees as the cost.
  return {
    type: 'eip1559',
    maxFeePerGas,
    maxPriorityFeePerGas: priority > maxFeePerGas ? maxFeePerGas : priority,
  }
}

/** The most the transaction can cost in fees (gas limit × max price per gas). */
export function maxFeeOf(tx: PreparedTransaction): bigint {
  return tx.gas * (tx.type === 'legacy' ? tx.gasPrice : tx.maxFeePerGas)
}

/** A fee in the chain's native units with its symbol, e.g. "0.000042 ETH". */
export function formatFee(chain: FrameChain, wei: bigint): string {
  return `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`
}
