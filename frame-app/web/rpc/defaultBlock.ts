/**
 * The block tag that EIP-1474 makes optional for some reads but some nodes (anvil among them) require: the
 * frame sends `'latest'` when the dApp left it out, as wallets commonly do.
 * @module
 */

/** Position of the block parameter of each read that takes one. */
const BLOCK_POSITION: Record<string, number> = {
  eth_call: 1,
  eth_getAccount: 1,
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getStorageAt: 2,
  eth_getTransactionCount: 1,
}

/** `params` with `'latest'` in the block position when the method has one and the dApp left it out. */
export function withDefaultBlock(method: string, params: unknown): unknown {
  const position = BLOCK_POSITION[method]
  if (position === undefined || !Array.isArray(params)) return params
  const filled = [...params]
  while (filled.length > position && filled[filled.length - 1] === undefined) filled.pop()
  return filled.length === position ? [...filled, 'latest'] : params
}
