/**
 * Movements of the native currency in a block. With call traces (`trace_block`, which anvil and most
 * archive nodes answer) internal transfers count too: a router paying out ETH after a swap is a transfer to
 * the user although no log and no transaction value shows it. Without traces, each successful
 * transaction's value is all we know.
 * @module
 */
import { schemas } from '@keyframe/protocol'
import * as z from 'zod/mini'

export type NativeTransfer = {
  txHash: string
  /** −1, −2 … in call order within the transaction (log indexes of tokens are ≥ 0). */
  logIndex: number
  from: string
  to: string
  /** Wei, decimal. */
  amount: string
}

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const addr = schemas.evmAddress

/** One parity-style trace of `trace_block`: only the fields used here. */
export const traceSchema = z.object({
  type: z.string(),
  action: z.object({
    from: z.optional(addr),
    to: z.optional(z.nullable(addr)),
    value: z.optional(quantity),
    callType: z.optional(z.string()),
    // selfdestruct
    address: z.optional(addr),
    refundAddress: z.optional(addr),
    balance: z.optional(quantity),
  }),
  result: z.optional(z.nullable(z.object({ address: z.optional(addr) }))),
  error: z.optional(z.string()),
  traceAddress: z.array(z.number()),
  transactionHash: z.optional(z.nullable(z.string())),
})
export type Trace = z.infer<typeof traceSchema>
export const tracesSchema = z.array(traceSchema)

/** The value a trace moves, with both ends; undefined when it moves nothing. */
function movement(trace: Trace): { from: string; to: string; amount: bigint } | undefined {
  const { action } = trace
  if (trace.type === 'call') {
    // delegatecall / callcode / staticcall move no value of their own.
    if (action.callType && action.callType !== 'call') return undefined
    if (!action.from || !action.to || !action.value) return undefined
    return { from: action.from, to: action.to, amount: BigInt(action.value) }
  }
  if (trace.type === 'create') {
    const created = trace.result?.address
    if (!action.from || !created || !action.value) return undefined
    return { from: action.from, to: created, amount: BigInt(action.value) }
  }
  if (trace.type === 'suicide' || trace.type === 'selfdestruct') {
    if (!action.address || !action.refundAddress || !action.balance) return undefined
    return { from: action.address, to: action.refundAddress, amount: BigInt(action.balance) }
  }
  return undefined
}

const isPrefix = (prefix: readonly number[], of: readonly number[]) =>
  prefix.length <= of.length && prefix.every((step, index) => of[index] === step)

/**
 * Native transfers from a block's traces. Calls that failed, and everything under them, are left out (their
 * value went back); so are whole transactions that reverted (`reverted`, by hash).
 */
export function nativeTransfersFromTraces(
  traces: readonly Trace[],
  reverted: ReadonlySet<string>,
): NativeTransfer[] {
  const out: NativeTransfer[] = []
  const failed = new Map<string, number[][]>()
  const counts = new Map<string, number>()
  for (const trace of traces) {
    const txHash = trace.transactionHash?.toLowerCase()
    if (!txHash || reverted.has(txHash)) continue
    const failedHere = failed.get(txHash) ?? []
    if (trace.error) {
      failedHere.push(trace.traceAddress)
      failed.set(txHash, failedHere)
      continue
    }
    if (failedHere.some((prefix) => isPrefix(prefix, trace.traceAddress))) continue
    const moved = movement(trace)
    if (!moved || moved.amount === 0n) continue
    const count = (counts.get(txHash) ?? 0) + 1
    counts.set(txHash, count)
    out.push({
      txHash,
      logIndex: -count,
      from: moved.from.toLowerCase(),
      to: moved.to.toLowerCase(),
      amount: moved.amount.toString(),
    })
  }
  return out
}

/** Native transfers from transaction values alone (no traces): one per successful transaction with value. */
export function nativeTransfersFromValues(
  transactions: readonly {
    hash: string
    from: string
    to: string
    value: string
    status: 'success' | 'reverted'
  }[],
): NativeTransfer[] {
  return transactions
    .filter((tx) => tx.status === 'success' && tx.value !== '0')
    .map((tx) => ({ txHash: tx.hash, logIndex: -1, from: tx.from, to: tx.to, amount: tx.value }))
}
