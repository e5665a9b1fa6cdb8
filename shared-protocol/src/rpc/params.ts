import * as z from 'zod/mini'
import { accountAddress, caip2, evmAddress, hex } from '../schemas/common.ts'
import { transactionRequest, transactionToSign } from './transactionRequest.ts'
import { addEthereumChainParams, watchAssetParams } from './walletMethods.ts'

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'Expected a hex quantity'))
const hash32 = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 0x-prefixed 32-byte hash'))
const BLOCK_RULE =
  'Expected a block number, a tag (latest, earliest, pending, safe, finalized) or { blockHash }'
const BLOCK_TAGS: readonly string[] = ['latest', 'earliest', 'pending', 'safe', 'finalized']
/** EIP-1898: a number, a tag, or a block by hash; one rule in the message whichever form was meant. */
const blockTag = z.union(
  [
    z.string().check(z.refine((v) => /^0x[0-9a-fA-F]+$/.test(v) || BLOCK_TAGS.includes(v), BLOCK_RULE)),
    z.object({ blockHash: hash32, requireCanonical: z.optional(z.boolean()) }),
    z.object({ blockNumber: quantity }),
  ],
  { error: BLOCK_RULE },
)
const optionalBlock = z.optional(blockTag)
const none = z.optional(z.tuple([]))
const filter = z.record(z.string(), z.unknown())
/** A signature as personal_sign gives it: 65 bytes, or 64 in EIP-2098's compact form. */
const signature = z
  .string()
  .check(z.regex(/^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/, 'Expected a 0x-prefixed 65-byte signature'))
/** A plain list for read methods whose params the node validates itself. */
const anyList = z.optional(z.array(z.unknown()).check(z.maxLength(8)))

/** spec §5: each call's 'to' starts with 0x; data, if present, starts with 0x. */
const call = z.object({
  to: z.string().check(z.startsWith('0x', "'to' must start with 0x")),
  data: z.optional(z.string().check(z.startsWith('0x', "'data' must start with 0x"))),
  value: z.optional(quantity),
})

/** EIP-712 typed data (eth_signTypedData_v3/_v4), as an object or its JSON. */
const typedData = z.union(
  [
    z.string().check(z.minLength(2)),
    z.object({
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
      primaryType: z.string(),
      domain: z.record(z.string(), z.unknown()),
      message: z.record(z.string(), z.unknown()),
    }),
  ],
  { error: 'Expected { types, primaryType, domain, message } or its JSON' },
)

/** Typed data "v1" (eth_signTypedData): the early EIP-712 draft's flat list of fields. */
const typedDataV1 = z
  .array(
    z.object({
      type: z.string().check(z.minLength(1, 'Expected a Solidity type name')),
      name: z.string().check(z.minLength(1, 'Expected a non-empty field name')),
      value: z.unknown(),
    }),
    { error: 'Expected a list of { type, name, value }' },
  )
  .check(z.minLength(1, 'Expected a list of at least one field'), z.maxLength(256))

const isAddress = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
/**
 * personal_sign: `[message, address]`, or `[address, message]` as some libraries send it (the frame tells
 * them apart as MetaMask does); a third parameter (the legacy password) is ignored.
 */
const personalSign = z
  .tuple([
    z.string({ error: 'Expected text or 0x hex' }).check(z.maxLength(100_000)),
    z.string({ error: 'Expected a 0x-prefixed 20-byte address' }).check(z.maxLength(100_000)),
    z.optional(z.unknown()),
  ])
  .check(
    z.refine((params) => isAddress(params[0]) || isAddress(params[1]), {
      error: 'Expected a 0x-prefixed 20-byte address',
      path: [1],
    }),
  )

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

/**
 * Read-only methods (spec §6 "safe": "the standard read methods"): every read of the Ethereum JSON-RPC spec
 * (ethereum/execution-apis, plus the older ones nodes still answer), the wallet's own reads, and the
 * bundler's. The frame answers those about the wallet itself (`frame-app/web/rpc/rpcRequest.ts`) and
 * proxies the rest to the chain's node.
 */
export const safeRpcParams = {
  // The account, the chain and the client: answered by the frame.
  eth_accounts: none,
  eth_coinbase: none,
  eth_chainId: none,
  net_version: none,
  net_listening: none,
  web3_clientVersion: none,
  // Recovers the signer of a personal_sign message: computed in the frame, no key involved.
  personal_ecRecover: z.tuple([z.string().check(z.maxLength(100_000)), signature]),
  // State and execution.
  eth_blockNumber: none,
  eth_call: z.tuple([transactionRequest, optionalBlock]),
  eth_estimateGas: z.tuple([transactionRequest, optionalBlock]),
  eth_createAccessList: z.tuple([transactionRequest, optionalBlock]),
  eth_simulateV1: z.tuple([z.record(z.string(), z.unknown()), optionalBlock]),
  eth_getAccount: z.tuple([evmAddress, optionalBlock]),
  eth_getBalance: z.tuple([evmAddress, optionalBlock]),
  eth_getCode: z.tuple([evmAddress, optionalBlock]),
  eth_getProof: z.tuple([evmAddress, z.array(hash32), blockTag]),
  eth_getStorageAt: z.tuple([evmAddress, quantity, optionalBlock]),
  eth_getTransactionCount: z.tuple([evmAddress, optionalBlock]),
  // Fees.
  eth_gasPrice: none,
  eth_maxPriorityFeePerGas: none,
  eth_blobBaseFee: none,
  eth_feeHistory: z.tuple([z.union([quantity, z.int()]), blockTag, z.optional(z.array(z.number()))]),
  // Blocks, headers and transactions.
  eth_getBlockByHash: z.tuple([hash32, z.boolean()]),
  eth_getBlockByNumber: z.tuple([blockTag, z.boolean()]),
  eth_getBlockReceipts: z.tuple([blockTag]),
  eth_getBlockTransactionCountByHash: z.tuple([hash32]),
  eth_getBlockTransactionCountByNumber: z.tuple([blockTag]),
  eth_getHeaderByHash: z.tuple([hash32]),
  eth_getHeaderByNumber: z.tuple([blockTag]),
  eth_getTransactionByBlockHashAndIndex: z.tuple([hash32, quantity]),
  eth_getTransactionByBlockNumberAndIndex: z.tuple([blockTag, quantity]),
  eth_getTransactionByHash: z.tuple([hash32]),
  eth_getTransactionReceipt: z.tuple([hash32]),
  eth_getUncleByBlockHashAndIndex: z.tuple([hash32, quantity]),
  eth_getUncleByBlockNumberAndIndex: z.tuple([blockTag, quantity]),
  eth_getUncleCountByBlockHash: z.tuple([hash32]),
  eth_getUncleCountByBlockNumber: z.tuple([blockTag]),
  // Logs and filters (polled: eth_subscribe is refused, `refused.ts`).
  eth_getLogs: z.tuple([filter]),
  eth_newFilter: z.tuple([filter]),
  eth_newBlockFilter: none,
  eth_newPendingTransactionFilter: none,
  eth_getFilterChanges: z.tuple([quantity]),
  eth_getFilterLogs: z.tuple([quantity]),
  eth_uninstallFilter: z.tuple([quantity]),
  // The node.
  eth_syncing: none,
  eth_config: none,
  eth_protocolVersion: none,
  eth_mining: none,
  eth_hashrate: none,
  net_peerCount: none,
  web3_sha3: z.tuple([hex]),
  // The spec lists it as safe: it carries a transaction the dApp signed elsewhere, not one of ours.
  eth_sendRawTransaction: z.tuple([hex]),
  // The wallet's reads (EIP-5792, EIP-7811).
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
  // The bundler's reads (ERC-4337).
  eth_getUserOperationReceipt: z.tuple([hash32]),
  eth_estimateUserOperationGas: anyList,
  eth_getUserOperationByHash: z.tuple([hash32]),
  eth_supportedEntryPoints: none,
} as const

/** Methods that need the user's approval inside the frame (spec §6 "not safe"). */
export const unsafeRpcParams = {
  personal_sign: personalSign,
  eth_signTypedData: z.tuple([typedDataV1, evmAddress]),
  eth_signTypedData_v3: z.tuple([evmAddress, typedData]),
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
  wallet_watchAsset: watchAssetParams,
  wallet_addEthereumChain: addEthereumChainParams,
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
