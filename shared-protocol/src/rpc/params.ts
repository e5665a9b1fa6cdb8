import * as z from 'zod/mini'
import { accountAddress, caip2, evmAddress, hex } from '../schemas/common.ts'
import { transactionRequest, transactionToSign } from './transactionRequest.ts'

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex quantity'))
const hash32 = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 32-byte hash'))
const blockTag = z.union([
  quantity,
  z.enum(['latest', 'earliest', 'pending', 'safe', 'finalized']),
  z.object({ blockHash: hash32 }),
])
const optionalBlock = z.optional(blockTag)
const none = z.optional(z.tuple([]))
/** A plain list for read methods whose params the node validates itself. */
const anyList = z.optional(z.array(z.unknown()).check(z.maxLength(8)))

/** spec §5: each call's 'to' starts with 0x; data, if present, starts with 0x. */
const call = z.object({
  to: z.string().check(z.startsWith('0x', "'to' must start with 0x")),
  data: z.optional(z.string().check(z.startsWith('0x', "'data' must start with 0x"))),
  value: z.optional(quantity),
})

const typedData = z.union([
  z.string().check(z.minLength(2)),
  z.object({
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.string(),
    domain: z.record(z.string(), z.unknown()),
    message: z.record(z.string(), z.unknown()),
  }),
])

const base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Expected a base58 public key'))
const encoded = z.string().check(z.minLength(1), z.maxLength(100_000))
const solanaSendOptions = z.optional(
  z.object({
    skipPreflight: z.optional(z.boolean()),
    preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
    maxRetries: z.optional(z.int().check(z.nonnegative())),
    minContextSlot: z.optional(z.int().check(z.nonnegative())),
  }),
)

/** Read-only methods proxied to the chain's RPC (spec §6 "safe"). */
export const safeRpcParams = {
  eth_accounts: none,
  eth_blockNumber: none,
  eth_call: z.union([z.tuple([transactionRequest]), z.tuple([transactionRequest, blockTag])]),
  eth_chainId: none,
  eth_estimateGas: z.union([z.tuple([transactionRequest]), z.tuple([transactionRequest, blockTag])]),
  eth_feeHistory: z.tuple([z.union([quantity, z.int()]), blockTag, z.optional(z.array(z.number()))]),
  eth_gasPrice: none,
  eth_getAccount: z.tuple([evmAddress, optionalBlock]),
  eth_getBalance: z.union([z.tuple([evmAddress]), z.tuple([evmAddress, blockTag])]),
  eth_getBlockByHash: z.tuple([hash32, z.boolean()]),
  eth_getBlockByNumber: z.tuple([blockTag, z.boolean()]),
  eth_getBlockReceipts: z.tuple([blockTag]),
  eth_getBlockTransactionCountByHash: z.tuple([hash32]),
  eth_getBlockTransactionCountByNumber: z.tuple([blockTag]),
  eth_getCode: z.union([z.tuple([evmAddress]), z.tuple([evmAddress, blockTag])]),
  eth_getProof: z.tuple([evmAddress, z.array(hash32), blockTag]),
  eth_getStorageAt: z.tuple([evmAddress, quantity, optionalBlock]),
  eth_getTransactionByBlockHashAndIndex: z.tuple([hash32, quantity]),
  eth_getTransactionByBlockNumberAndIndex: z.tuple([blockTag, quantity]),
  eth_getTransactionByHash: z.tuple([hash32]),
  eth_getTransactionCount: z.union([z.tuple([evmAddress]), z.tuple([evmAddress, blockTag])]),
  eth_getTransactionReceipt: z.tuple([hash32]),
  eth_getUncleCountByBlockHash: z.tuple([hash32]),
  eth_getUncleCountByBlockNumber: z.tuple([blockTag]),
  eth_maxPriorityFeePerGas: none,
  eth_syncing: none,
  eth_getFilterChanges: z.tuple([quantity]),
  eth_getFilterLogs: z.tuple([quantity]),
  eth_getLogs: z.tuple([z.record(z.string(), z.unknown())]),
  eth_newBlockFilter: none,
  eth_newFilter: z.tuple([z.record(z.string(), z.unknown())]),
  eth_newPendingTransactionFilter: none,
  eth_uninstallFilter: z.tuple([quantity]),
  // The spec lists it as safe: it carries a transaction the dApp signed elsewhere, not one of ours.
  eth_sendRawTransaction: z.tuple([hex]),
  wallet_getCapabilities: z.optional(z.tuple([z.optional(evmAddress), z.optional(z.array(quantity))])),
  wallet_getCallsStatus: z.tuple([z.string().check(z.minLength(1), z.maxLength(256))]),
  wallet_getAssets: z.tuple([
    z.object({
      account: evmAddress,
      chainFilter: z.optional(z.array(quantity)),
      assetFilter: z.optional(z.record(z.string(), z.unknown())),
      assetTypeFilter: z.optional(z.array(z.string())),
    }),
  ]),
  eth_getUserOperationReceipt: z.tuple([hash32]),
  eth_estimateUserOperationGas: anyList,
  eth_getUserOperationByHash: z.tuple([hash32]),
  eth_supportedEntryPoints: none,
} as const

/** Methods that need the user's approval inside the frame (spec §6 "not safe"). */
export const unsafeRpcParams = {
  personal_sign: z.tuple([z.string().check(z.maxLength(100_000)), evmAddress]),
  eth_signTypedData_v4: z.tuple([evmAddress, typedData]),
  eth_sendTransaction: z.tuple([transactionToSign]),
  wallet_sendCalls: z.tuple([
    z.object({
      version: z.optional(z.string()),
      id: z.optional(z.string()),
      chainId: z.optional(quantity),
      from: z.optional(evmAddress),
      atomicRequired: z.optional(z.boolean()),
      calls: z.array(call).check(z.minLength(1, 'At least one call is required')),
      capabilities: z.optional(z.record(z.string(), z.unknown())),
    }),
  ]),
  wallet_grantPermissions: z.tuple([z.record(z.string(), z.unknown())]),
  wallet_revokePermissions: z.tuple([z.record(z.string(), z.unknown())]),
  eth_sendUserOperation: z.tuple([z.record(z.string(), z.unknown()), evmAddress]),
  solana_signMessage: z.object({ message: encoded, pubkey: base58 }),
  solana_signTransaction: z.object({ transaction: encoded }),
  solana_signAllTransactions: z.object({ transactions: z.array(encoded).check(z.minLength(1)) }),
  solana_signAndSendTransaction: z.object({ transaction: encoded, options: solanaSendOptions }),
} as const

/** Extra fields an RPC request may carry: which chain it is for. */
export const rpcTarget = { chainId: z.optional(caip2), address: z.optional(accountAddress) }
