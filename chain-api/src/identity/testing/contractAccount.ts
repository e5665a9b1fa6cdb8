/**
 * A stand-in smart account for tests: contract code (hand-assembled, 33 bytes) that answers ERC-1271
 * `isValidSignature(hash, signature)` with the magic value 0x1626ba7e for exactly one hash, kept in storage slot 0,
 * and with zero for any other — whatever the signature bytes. Put on an anvil address with `anvil_setCode`.
 * @module
 */
import { createTestClient, hashMessage, http, pad } from 'viem'

/**
 * `hash = calldata[4:36]; if (hash == sload(0)) return 0x1626ba7e << 224; return 0`
 * (PUSH1 4 CALLDATALOAD PUSH1 0 SLOAD EQ PUSH1 0x10 JUMPI · PUSH1 32 PUSH1 0 RETURN · STOP ·
 * JUMPDEST PUSH4 0x1626ba7e PUSH1 224 SHL PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN).
 */
const APPROVE_ONE_HASH = '0x6004356000541460105760206000f3005b631626ba7e60e01b60005260206000f3'

/**
 * Makes `address` on the anvil at `rpcUrl` a contract account that approves `message` (EIP-191) only.
 * @example
 * await installContractAccount(anvil.rpcUrl, '0x…', 'hello')
 */
export async function installContractAccount(
  rpcUrl: string,
  address: `0x${string}`,
  message: string,
): Promise<void> {
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  await client.setCode({ address, bytecode: APPROVE_ONE_HASH })
  await client.setStorageAt({ address, index: pad('0x0'), value: hashMessage(message) })
}
