/**
 * The ERC20 calldata of a send, encoded with viem. Loaded with `import()` only when a token send is
 * estimated or sent, so viem never reaches the pre-open bundle.
 * @module
 */
import { encodeFunctionData, erc20Abi } from 'viem'

/** `transfer(to, amount)` calldata. */
export function encodeErc20Transfer(to: `0x${string}`, amount: bigint): `0x${string}` {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
}

/** `balanceOf(owner)` calldata. */
export function encodeErc20BalanceOf(owner: `0x${string}`): `0x${string}` {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}
