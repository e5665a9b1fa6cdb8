/**
 * Which JSON-RPC methods the gateway forwards to a chain's node, and which the bundler passthrough forwards
 * to a chain's bundler. Everything else is answered by the gateway itself with -32601 and never reaches the
 * upstream: a node behind the gateway may be a dev node (anvil) whose `anvil_*`, `evm_*`, `debug_*` and
 * unlocked-account methods (`eth_sendTransaction`, `eth_sign`, `personal_sign`) would let any visitor of a
 * dApp rewrite the chain or spend the node's accounts.
 * @module
 */

/**
 * The node methods a dApp page may call through the gateway: the spec's safe reads (§6), log filters, and
 * `eth_sendRawTransaction` (a transaction signed elsewhere; the node only relays it).
 */
export const GATEWAY_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
  'eth_syncing',
  // Filters live in the node, so they only work while one node serves a chain (which is how chains are
  // configured: one rpcUrl each). viem falls back to eth_getLogs polling when they fail.
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'net_version',
  'net_listening',
  'web3_clientVersion',
])

/** The ERC-4337 bundler methods (and `eth_chainId`) the bundler passthrough forwards. */
export const BUNDLER_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
])
