/**
 * The EIP-1474 transaction object of eth_call, eth_estimateGas and eth_sendTransaction, and the checks a
 * transaction to sign must pass: its `type` is one the wallet signs (legacy 0x0, access list 0x1 per
 * EIP-2930, EIP-1559 0x2) and its fee fields and access list fit that type.
 * @module
 */
import * as z from 'zod/mini'
import { evmAddress, hex } from '../schemas/common.ts'

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex quantity'))
const storageKey = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 32-byte storage key'))

/** EIP-2930: the addresses and storage keys a transaction is going to touch. */
const accessList = z.array(z.object({ address: evmAddress, storageKeys: z.array(storageKey) }))

/** A transaction as dApps write it (quantities are hex). */
export const transactionRequest = z.object({
  from: z.optional(evmAddress),
  to: z.optional(z.nullable(evmAddress)),
  value: z.optional(quantity),
  data: z.optional(hex),
  input: z.optional(hex),
  gas: z.optional(quantity),
  gasPrice: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
  maxPriorityFeePerGas: z.optional(quantity),
  accessList: z.optional(accessList),
  nonce: z.optional(quantity),
  type: z.optional(quantity),
  chainId: z.optional(quantity),
})

/** The transaction types a wallet signs, by their `type` number. */
export const TRANSACTION_TYPES = ['legacy', 'eip2930', 'eip1559'] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

const TYPE_WORDS: Record<TransactionType, string> = {
  legacy: 'type 0x0 (legacy)',
  eip2930: 'type 0x1 (access list)',
  eip1559: 'type 0x2 (EIP-1559)',
}

/** The type a `type` quantity names; undefined for a type the wallet does not sign (0x3 blobs, 0x4…). */
export function transactionTypeOf(type: string): TransactionType | undefined {
  const number = BigInt(type)
  return number < BigInt(TRANSACTION_TYPES.length) ? TRANSACTION_TYPES[Number(number)] : undefined
}

/** What a transaction to sign may carry besides: `gasLimit`, the name many libraries give `gas`. */
const toSign = z.extend(transactionRequest, { gasLimit: z.optional(quantity) })
type Request = z.output<typeof toSign>
type Contradiction = { path: keyof Request; message: string }

/** What in `tx` contradicts its own type or its other fee fields, in words. */
function contradictions(tx: Request): Contradiction[] {
  const found: Contradiction[] = []
  const eip1559Fields = (['maxFeePerGas', 'maxPriorityFeePerGas'] as const).filter((f) => tx[f] !== undefined)
  const type = tx.type === undefined ? undefined : transactionTypeOf(tx.type)
  if (tx.type !== undefined && type === undefined)
    return [
      {
        path: 'type',
        message: `type ${tx.type} is not a transaction type this wallet signs: use 0x0 (legacy), 0x1 (access list) or 0x2 (EIP-1559)`,
      },
    ]
  if (type === 'legacy' || type === 'eip2930')
    for (const field of eip1559Fields)
      found.push({
        path: field,
        message: `${field} is for EIP-1559 (type 0x2) transactions, not ${TYPE_WORDS[type]}: give gasPrice`,
      })
  else if (type === 'eip1559' && tx.gasPrice !== undefined)
    found.push({
      path: 'gasPrice',
      message: `gasPrice is for legacy and access-list transactions, not ${TYPE_WORDS.eip1559}: give maxFeePerGas and maxPriorityFeePerGas`,
    })
  else if (type === undefined && tx.gasPrice !== undefined)
    for (const field of eip1559Fields)
      found.push({
        path: field,
        message: `gasPrice and ${field} cannot be given together: gasPrice prices a legacy or access-list transaction, ${field} an EIP-1559 one`,
      })
  if (tx.gasLimit !== undefined && tx.gas !== undefined && BigInt(tx.gasLimit) !== BigInt(tx.gas))
    found.push({ path: 'gasLimit', message: 'gas and gasLimit differ: give one of them, or both the same' })
  if (type === 'legacy' && tx.accessList !== undefined)
    found.push({
      path: 'accessList',
      message: `accessList needs an access-list (0x1) or EIP-1559 (0x2) transaction, not ${TYPE_WORDS.legacy}`,
    })
  return found
}

/** A transaction to sign (eth_sendTransaction): a transaction request whose type and fields agree. */
export const transactionToSign = toSign.check(
  z.superRefine((tx, ctx) => {
    for (const { path, message } of contradictions(tx))
      ctx.issues.push({ code: 'custom', path: [path], message, input: tx[path] })
  }),
)
