/**
 * Reads one block from a chain's node and turns it into the rows the indexer stores: the block, its
 * transactions with their outcome and fee, native and token transfers, ERC20 approvals and the token
 * contracts seen. Three calls per block with transactions: the block, `eth_getBlockReceipts`, and
 * `trace_block` where the node answers it.
 * @module
 */
import type { PublicClient } from 'viem'
import type { TokenStandard, TransferKind } from './db/schema.ts'
import { decodeLogs, type TokenApproval, type TokenTransfer } from './decodeLogs.ts'
import { nativeTransfersFromTraces, nativeTransfersFromValues, tracesSchema } from './nativeTransfers.ts'

export type IndexedTransaction = {
  hash: string
  txIndex: number
  from: string
  to: string
  value: string
  status: 'success' | 'reverted'
  nonce: number
  selector: string
  fee: string
}

/** A native or token transfer (`contract` empty for native). */
export type IndexedTransfer = Omit<TokenTransfer, 'kind'> & { kind: TransferKind }

/** One block as the indexer stores it (addresses and hashes lowercase, amounts decimal strings). */
export type IndexedBlock = {
  number: number
  hash: string
  parentHash: string
  timestamp: Date
  transactions: IndexedTransaction[]
  transfers: IndexedTransfer[]
  approvals: TokenApproval[]
  tokens: Map<string, TokenStandard>
}

/** Whether a chain's node answers `trace_block`, learned on first use (per client). */
const traceSupport = new WeakMap<PublicClient, boolean>()

/** The node's JSON-RPC for methods viem does not type; answers are checked by a schema where used. */
type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>

/** An error the node answered (as opposed to a transport failure): the method is refused or unknown. */
function isRpcRefusal(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number' && code < 0) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

async function blockTraces(client: PublicClient, number: number) {
  if (traceSupport.get(client) === false) return undefined
  try {
    const raw = await (client.request as unknown as RawRequest)({
      method: 'trace_block',
      params: [`0x${number.toString(16)}`],
    })
    const traces = tracesSchema.parse(raw)
    traceSupport.set(client, true)
    return traces
  } catch (error) {
    // A node without the trace API answers with an RPC error: fall back to transaction values for good.
    if (traceSupport.get(client) === undefined && isRpcRefusal(error)) {
      traceSupport.set(client, false)
      return undefined
    }
    throw error
  }
}

/**
 * Fetches block `number` and everything the indexer keeps of it.
 * @throws when the node does not have the block (yet) or a call fails; nothing is half-read.
 */
export async function fetchBlock(client: PublicClient, number: number): Promise<IndexedBlock> {
  const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
  if (block.hash === null) throw new Error(`Block ${number} is pending`)
  const base = {
    number,
    hash: block.hash.toLowerCase(),
    parentHash: block.parentHash.toLowerCase(),
    timestamp: new Date(Number(block.timestamp) * 1000),
  }
  if (block.transactions.length === 0)
    return { ...base, transactions: [], transfers: [], approvals: [], tokens: new Map() }

  const [receipts, traces] = await Promise.all([
    client.request({ method: 'eth_getBlockReceipts', params: [`0x${number.toString(16)}`] }),
    blockTraces(client, number),
  ])
  if (!receipts || receipts.length !== block.transactions.length)
    throw new Error(
      `Block ${number}: ${receipts?.length ?? 'no'} receipts for ${block.transactions.length} transactions`,
    )
  const receiptOf = new Map(receipts.map((r) => [r.transactionHash.toLowerCase(), r]))

  const transactions: IndexedTransaction[] = block.transactions.map((tx) => {
    const hash = tx.hash.toLowerCase()
    const receipt = receiptOf.get(hash)
    if (!receipt) throw new Error(`Block ${number}: no receipt for ${hash}`)
    const to = tx.to ?? receipt.contractAddress
    return {
      hash,
      txIndex: tx.transactionIndex,
      from: tx.from.toLowerCase(),
      to: to ? to.toLowerCase() : '',
      value: tx.value.toString(),
      status: receipt.status === '0x1' ? 'success' : 'reverted',
      nonce: tx.nonce,
      selector: tx.input.slice(0, 10).toLowerCase(),
      fee: (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? '0x0')).toString(),
    }
  })

  const logs = receipts.flatMap((receipt) =>
    receipt.status === '0x1'
      ? receipt.logs.map((log) => ({
          address: log.address,
          topics: log.topics,
          data: log.data,
          logIndex: Number(log.logIndex),
          transactionHash: receipt.transactionHash,
        }))
      : [],
  )
  const decoded = decodeLogs(logs)
  const reverted = new Set(transactions.filter((tx) => tx.status === 'reverted').map((tx) => tx.hash))
  const native = traces
    ? nativeTransfersFromTraces(traces, reverted)
    : nativeTransfersFromValues(transactions)
  return {
    ...base,
    transactions,
    transfers: [
      ...native.map((transfer) => ({ ...transfer, kind: 'native' as const, contract: '' })),
      ...decoded.transfers,
    ],
    approvals: decoded.approvals,
    tokens: decoded.tokens,
  }
}
