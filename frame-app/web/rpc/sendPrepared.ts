/**
 * Signs a prepared transaction with the session's key and hands it to the chain's node.
 * @module
 */
import { type Hash, keccak256, serializeTransaction } from 'viem'
import { sendRawTransaction } from 'viem/actions'
import { type ChainClient, viaNode } from './client.ts'
import type { PreparedTransaction } from './prepareTransaction.ts'
import { type Signing, sign } from './signing.ts'

/**
 * Signs `tx` (EIP-155 / EIP-1559 envelope, signed locally) and sends it with eth_sendRawTransaction.
 * Call only after the person approved it.
 * @returns The transaction hash, once the node accepted the transaction.
 * @throws ProtocolError from the node when it refuses the transaction.
 */
export async function sendPrepared(
  signing: Signing,
  client: ChainClient,
  tx: PreparedTransaction,
  signal?: AbortSignal,
): Promise<Hash> {
  const signature = await sign(signing, keccak256(serializeTransaction(tx), 'bytes'), signal)
  const serializedTransaction = serializeTransaction(tx, signature)
  return viaNode(sendRawTransaction(client, { serializedTransaction }))
}
