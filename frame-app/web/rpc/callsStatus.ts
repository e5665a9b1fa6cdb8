/**
 * wallet_getCallsStatus (EIP-5792) for the batches this frame sent with wallet_sendCalls: their status and
 * receipts, read from the chain's node.
 * @module
 */
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type { RpcMemory } from '../bridge/context.ts'
import { UnknownBundleIdError } from './errors.ts'
import { jsonRpc } from './jsonRpc.ts'

/** A wallet_sendCalls batch, as the frame remembers it (in memory, for the bridge's lifetime). */
export type SentBatch = {
  chain: FrameChain
  /** The hashes of the calls sent so far, in order. */
  hashes: `0x${string}`[]
  /** False when a call could not be sent: the ones after it were not sent either. */
  complete: boolean
}

/** An EIP-5792 receipt. */
export type CallsReceipt = {
  logs: { address: `0x${string}`; data: `0x${string}`; topics: `0x${string}`[] }[]
  status: `0x${string}`
  blockHash: `0x${string}`
  blockNumber: `0x${string}`
  gasUsed: `0x${string}`
  transactionHash: `0x${string}`
}

/** The EIP-5792 (v2.0.0) answer of wallet_getCallsStatus. */
export type CallsStatus = {
  version: '2.0.0'
  id: string
  chainId: `0x${string}`
  /**
   * 100 pending (a call is not in a block yet); 200 confirmed (every call succeeded); 500 every call that
   * was sent reverted; 600 partial (some reverted, or a call could not be sent after others were).
   */
  status: 100 | 200 | 500 | 600
  /** An EOA sends the calls one by one. */
  atomic: false
  receipts: CallsReceipt[]
}

type NodeReceipt = CallsReceipt & Record<string, unknown>

/**
 * The status of batch `id`.
 * @throws UnknownBundleIdError (5730) when this frame sent no batch with that id.
 * @throws ProtocolError from the node.
 */
export async function getCallsStatus(
  id: string,
  batches: RpcMemory['batches'],
  signal?: AbortSignal,
): Promise<CallsStatus> {
  const batch = batches.get(id)
  if (!batch) throw new UnknownBundleIdError(id)
  const found = await Promise.all(
    batch.hashes.map((hash) =>
      jsonRpc<NodeReceipt | null>(batch.chain.rpcUrl, 'eth_getTransactionReceipt', [hash], signal),
    ),
  )
  const receipts = found.filter((receipt): receipt is NodeReceipt => receipt !== null).map(toCallsReceipt)
  const succeeded = receipts.filter((receipt) => receipt.status === '0x1').length
  const status =
    receipts.length < batch.hashes.length
      ? 100
      : succeeded === receipts.length && batch.complete
        ? 200
        : succeeded === 0
          ? 500
          : 600
  return {
    version: '2.0.0',
    id,
    chainId: `0x${batch.chain.id.toString(16)}`,
    status,
    atomic: false,
    receipts,
  }
}

function toCallsReceipt(receipt: NodeReceipt): CallsReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  }
}
