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
 * Signs `tx` (a legacy transaction per EIP-155, an EIP-2930 or EIP-1559 envelope, signed locally) and sends
 * it with eth_sendRawTransaction.
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
  const { r, s, yParity } = await sign(signing, keccak256(serializeTransaction(tx), 'bytes'), signal)
  // A legacy signature carries v = chainId × 2 + 35 + yParity (EIP-155); the typed envelopes carry yParity.
  const signature =
    tx.type === 'legacy' ? { r, s, v: BigInt(tx.chainId) * 2n + 35n + BigInt(yParity) } : { r, s, yParity }
  const serializedTransaction = serializeTransaction(tx, signature)
  return viaNode(sendRawTransaction(client, { serializedTransaction }))
}
