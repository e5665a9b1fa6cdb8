/**
 * Farcaster's IdRegistry on the dev chains (STACK.md "Contracts"): a minimal one (`contracts/IdRegistry.sol`)
 * placed with `anvil_setCode` at Farcaster's own address, so Sign In With Farcaster reads a fid's custody
 * address where it would in production, with {@link DEV_FARCASTER_FIDS} registered.
 * @module
 */
import type { Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { idRegistryAbi, idRegistryRuntimeBytecode } from './artifacts/IdRegistry.ts'
import { confirm, devClient, inTurn } from './deploy.ts'

/** Where Farcaster's IdRegistry is (Optimism), and where the dev chains have theirs. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const

/** A dev Farcaster account: its fid, username and custody key (anvil dev account #5 or #6, publicly known). */
export type DevFarcasterFid = {
  fid: number
  username: string
  custody: `0x${string}`
  privateKey: `0x${string}`
}

const devFid = (fid: number, username: string, privateKey: `0x${string}`): DevFarcasterFid => ({
  fid,
  username,
  custody: privateKeyToAccount(privateKey).address,
  privateKey,
})

/** The fids registered on every dev chain, in registration order (so fid 1, 2). Dev keys only: never fund them on a real chain. */
export const DEV_FARCASTER_FIDS: readonly DevFarcasterFid[] = [
  devFid(1, 'alice', '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'),
  devFid(2, 'bob', '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'),
]

/** Anvil dev account #8: sends the registrations (its only use), so no other dev account's nonce moves. */
const REGISTRAR = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' as const

/** Registers `custody` on the chain's IdRegistry and answers its fid. */
export async function registerFid(
  chain: { chainId: number; rpcUrl: string },
  custody: `0x${string}`,
): Promise<number> {
  const client = devClient(chain, REGISTRAR)
  const hash: Hash = await inTurn(`${chain.rpcUrl} ${REGISTRAR}`, () =>
    client.writeContract({
      address: ID_REGISTRY_ADDRESS,
      abi: idRegistryAbi,
      functionName: 'register',
      args: [custody],
    }),
  )
  await confirm(client, [hash])
  return Number(
    await client.readContract({
      address: ID_REGISTRY_ADDRESS,
      abi: idRegistryAbi,
      functionName: 'idOf',
      args: [custody],
    }),
  )
}

/**
 * Places the IdRegistry on a fresh dev chain and registers {@link DEV_FARCASTER_FIDS} in order.
 * @throws Error when a dev fid came out another number (the registry already had fids).
 */
export async function placeIdRegistry(chain: { chainId: number; rpcUrl: string }): Promise<void> {
  await devClient(chain).setCode({ address: ID_REGISTRY_ADDRESS, bytecode: idRegistryRuntimeBytecode })
  for (const dev of DEV_FARCASTER_FIDS) {
    const fid = await registerFid(chain, dev.custody)
    if (fid !== dev.fid) throw new Error(`Dev fid ${dev.username} is ${fid}, expected ${dev.fid}`)
  }
}
