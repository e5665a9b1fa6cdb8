/**
 * eth_sendTransaction: prepared against the chain's node (nonce, gas, fees), shown with its decoded call
 * and maximum fee, signed in the frame after approval, and sent with eth_sendRawTransaction.
 * @module
 */
import { InvalidParamsError } from '@keyframe/protocol/core'
import type { Address, Hash, Hex } from 'viem'
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
  gasPrice?: string | undefined
  maxFeePerGas?: string | undefined
  maxPriorityFeePerGas?: string | undefined
  nonce?: string | undefined
  type?: string | undefined
  chainId?: string | undefined
}

/**
 * Sends a transaction from the session's account after the person approved it.
 * @returns The transaction hash.
 * @throws UnauthorizedError (4100) when `from` is another account.
 * @throws InvalidParamsError (-32602) for another chain's `chainId`, an unsupported `type`, or `data` and
 *   `input` that differ.
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
    prepareTransaction(client, from, request),
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
    throw invalid(['chainId'], `Expected ${chainId}, the chain of the request`)
  if (tx.data !== undefined && tx.input !== undefined && tx.data.toLowerCase() !== tx.input.toLowerCase())
    throw invalid(['input'], 'data and input differ')
  if (tx.type !== undefined && !['0x0', '0x2'].includes(tx.type.toLowerCase()))
    throw invalid(['type'], 'Only legacy (0x0) and EIP-1559 (0x2) transactions are supported')
  const quantity = (value: string | undefined) => (value === undefined ? undefined : BigInt(value))
  return {
    to: (tx.to ?? null) as Address | null,
    value: quantity(tx.value),
    data: (tx.data ?? tx.input) as Hex | undefined,
    gas: quantity(tx.gas),
    nonce: tx.nonce === undefined ? undefined : Number(BigInt(tx.nonce)),
    legacy: tx.type?.toLowerCase() === '0x0',
    gasPrice: quantity(tx.gasPrice),
    maxFeePerGas: quantity(tx.maxFeePerGas),
    maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas),
  }
}

function invalid(path: string[], message: string): InvalidParamsError {
  return new InvalidParamsError(METHOD, [{ path: [0, ...path], message }])
}
