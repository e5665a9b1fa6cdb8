/**
 * eth_sendTransaction: prepared against the chain's node (nonce, gas, fees), shown with its decoded call
 * and maximum fee, signed in the frame after approval, and sent with eth_sendRawTransaction.
 * @module
 */
import { transactionTypeOf } from '@keyframe/protocol'
import { InvalidParamsError } from '@keyframe/protocol/core'
import { type AccessList, type Address, Eip1559FeesNotSupportedError, type Hash, type Hex } from 'viem'
import { approve } from './approval.ts'
import { chainClient } from './client.ts'
import { describeCall } from './describeCall.ts'
import {
  formatFee,
  maxFeeOf,
  pendingNonce,
  prepareTransaction,
  type TransactionRequest,
} from './prepareTransaction.ts'
import { sendPrepared } from './sendPrepared.ts'
import { detailsBase, type Signing, signingAccount } from './signing.ts'

const METHOD = 'eth_sendTransaction'

/** An EIP-1474 transaction object, as the protocol's schema parsed it (quantities are hex). */
export type RpcTransaction = {
  from?: string | undefined
  to?: string | null | undefined
  value?: string | undefined
  data?: string | undefined
  input?: string | undefined
  gas?: string | undefined
  /** `gas` by the name many libraries give it (the schema refused the two differing). */
  gasLimit?: string | undefined
  gasPrice?: string | undefined
  maxFeePerGas?: string | undefined
  maxPriorityFeePerGas?: string | undefined
  accessList?: { address: string; storageKeys: string[] }[] | undefined
  nonce?: string | undefined
  type?: string | undefined
  chainId?: string | undefined
}

/**
 * Sends a transaction from the session's account after the person approved it.
 * @returns The transaction hash.
 * @throws UnauthorizedError (4100) when `from` is another account.
 * @throws InvalidParamsError (-32602) for another chain's `chainId`, `data` and `input` that differ, or
 *   EIP-1559 fees to estimate on a chain without a base fee (the protocol's schema refused a `type` the
 *   wallet does not sign and fee fields that contradict it).
 * @throws UserRejectedRequestError (4001) when the person rejects.
 * @throws ProtocolError from the node (e.g. gas estimation reverts, insufficient funds).
 */
export async function sendTransaction(params: readonly [RpcTransaction], signing: Signing): Promise<Hash> {
  const [tx] = params
  const { chain, ctx } = signing
  const from = signingAccount(signing.session, tx.from)
  const request = toTransactionRequest(tx, chain.id)
  const client = chainClient(chain, ctx.signal)
  const [prepared, call] = await Promise.all([
    prepareTransaction(client, from, request).catch((error: unknown) => {
      if (error instanceof Eip1559FeesNotSupportedError) throw noBaseFee(tx, chain.name)
      throw error
    }),
    describeCall(client, chain, { to: request.to ?? null, value: request.value ?? 0n, data: request.data }),
  ])
  await approve(
    {
      ...detailsBase(signing, METHOD),
      kind: 'calls',
      calls: [call],
      fee: formatFee(chain, maxFeeOf(prepared)),
    },
    ctx,
    signing.approval,
  )
  // Another transaction may have gone out while the person decided: take the nonce again.
  if (request.nonce === undefined) prepared.nonce = await pendingNonce(client, from)
  return sendPrepared(signing, client, prepared, ctx.signal)
}

function toTransactionRequest(tx: RpcTransaction, chainId: number): TransactionRequest {
  if (tx.chainId !== undefined && BigInt(tx.chainId) !== BigInt(chainId))
    throw invalid('chainId', `chainId ${tx.chainId} is not ${chainId}, the chain of the request`)
  if (tx.data !== undefined && tx.input !== undefined && tx.data.toLowerCase() !== tx.input.toLowerCase())
    throw invalid('input', 'data and input differ: give one of them, or both the same')
  const quantity = (value: string | undefined) => (value === undefined ? undefined : BigInt(value))
  return {
    to: (tx.to ?? null) as Address | null,
    value: quantity(tx.value),
    data: (tx.data ?? tx.input) as Hex | undefined,
    gas: quantity(tx.gas ?? tx.gasLimit),
    nonce: tx.nonce === undefined ? undefined : Number(BigInt(tx.nonce)),
    type: tx.type === undefined ? undefined : transactionTypeOf(tx.type),
    gasPrice: quantity(tx.gasPrice),
    maxFeePerGas: quantity(tx.maxFeePerGas),
    maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
    accessList: tx.accessList as AccessList | undefined,
  }
}

/** An EIP-1559 transaction asked of a chain without a base fee: named by the field that asked for it. */
function noBaseFee(tx: RpcTransaction, chainName: string): InvalidParamsError {
  const field =
    tx.type !== undefined ? 'type' : tx.maxFeePerGas !== undefined ? 'maxFeePerGas' : 'maxPriorityFeePerGas'
  return invalid(
    field,
    `${field} asks for an EIP-1559 transaction, but ${chainName} has no base fee: give gasPrice (type 0x0 or 0x1)`,
  )
}

/** A -32602 about one field of the transaction, worded as the protocol's schema words its own. */
function invalid(field: string, message: string): InvalidParamsError {
  return new InvalidParamsError(
    METHOD,
    [{ path: [0, field], message }],
    `parameter 1 (transaction) field ${field}: ${message}`,
  )
}
