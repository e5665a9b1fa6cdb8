/**
 * Fills what a transaction needs before it can be signed, against the chain's node: nonce (pending),
 * gas limit (estimated) and fees for its type — a gas price for legacy (type 0) and access-list (type 1,
 * EIP-2930) transactions, viem's EIP-1559 estimate (base fee × 1.2 + priority fee) for type 2. What the dApp
 * gave is kept.
 * @module
 */

import type { TransactionType } from '@keyframe/protocol'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import {
  type AccessList,
  type Address,
  Eip1559FeesNotSupportedError,
  formatUnits,
  type Hex,
  type TransactionSerializableEIP1559,
  type TransactionSerializableEIP2930,
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
  /** The type the dApp named; else its fee fields choose (see {@link requestedType}). */
  type?: TransactionType | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  accessList?: AccessList | undefined
}

/** What a transaction pays for gas, by type. */
export type Fees =
  | { type: 'legacy' | 'eip2930'; gasPrice: bigint }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/** A transaction ready to be serialized and signed. */
export type PreparedTransaction = (
  | (TransactionSerializableLegacy & { type: 'legacy'; gasPrice: bigint })
  | (TransactionSerializableEIP2930 & { type: 'eip2930'; gasPrice: bigint })
  | (TransactionSerializableEIP1559 & { type: 'eip1559'; maxFeePerGas: bigint })
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
    // Its addresses and keys cost gas up front (EIP-2930): estimated with it.
    ...(request.accessList ? { accessList: request.accessList } : {}),
  }
  const [nonce, gas, fees] = await Promise.all([
    request.nonce ?? pendingNonce(client, from),
    request.gas ?? viaNode(estimateGas(client, { account: from, ...call })),
    estimateFees(client, request),
  ])
  return { ...call, ...fees, chainId: client.chain.id, nonce, gas }
}

/** The next nonce of `from`, counting its transactions still in the mempool. */
export function pendingNonce(client: ChainClient, from: Address): Promise<number> {
  return viaNode(getTransactionCount(client, { address: from, blockTag: 'pending' }))
}

/**
 * The type the request asks for: its `type`; else `gasPrice` alone is legacy (access list when it gives
 * one) and an EIP-1559 fee field is EIP-1559. Undefined when it names no fee: the chain decides.
 */
export function requestedType(request: TransactionRequest): TransactionType | undefined {
  if (request.type) return request.type
  if (request.gasPrice !== undefined) return request.accessList ? 'eip2930' : 'legacy'
  if (request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined) return 'eip1559'
  return undefined
}

/**
 * The fees `request` pays, given or estimated, for its type; a request that names no fee is EIP-1559 on a
 * chain with a base fee, else legacy (access list when it gives one).
 */
export async function estimateFees(client: ChainClient, request: TransactionRequest): Promise<Fees> {
  const type = requestedType(request)
  if (type === 'legacy' || type === 'eip2930') return { type, gasPrice: await gasPriceOf(client, request) }
  try {
    return await eip1559Fees(client, request)
  } catch (error) {
    if (type === undefined && error instanceof Eip1559FeesNotSupportedError)
      return { type: request.accessList ? 'eip2930' : 'legacy', gasPrice: await gasPriceOf(client, request) }
    throw error
  }
}

async function gasPriceOf(client: ChainClient, request: TransactionRequest): Promise<bigint> {
  return request.gasPrice ?? (await viaNode(getGasPrice(client)))
}

async function eip1559Fees(client: ChainClient, request: TransactionRequest): Promise<Fees> {
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

/** The most one unit of gas can cost: the gas price, or the EIP-1559 max fee per gas. */
export function pricePerGas(
  fees: { type: 'legacy' | 'eip2930'; gasPrice: bigint } | { type: 'eip1559'; maxFeePerGas: bigint },
): bigint {
  return fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice
}

/** The most the transaction can cost in fees (gas limit × max price per gas), the same for every type. */
export function maxFeeOf(tx: PreparedTransaction): bigint {
  return tx.gas * pricePerGas(tx)
}

/** A fee in the chain's native units with its symbol, e.g. "0.000042 ETH". */
export function formatFee(chain: FrameChain, wei: bigint): string {
  return `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}`
}
