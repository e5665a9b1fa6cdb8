import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Anvil, startAnvil } from './anvil.ts'
import { idRegistryAbi } from './artifacts/IdRegistry.ts'
import { devClient } from './deploy.ts'
import { DEV_FARCASTER_FIDS, ID_REGISTRY_ADDRESS, placeIdRegistry, registerFid } from './idRegistry.ts'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_991 })
  await placeIdRegistry(anvil)
})
afterAll(() => anvil?.close())

const registry = { address: ID_REGISTRY_ADDRESS, abi: idRegistryAbi } as const
const custodyOf = (fid: bigint) =>
  devClient(anvil).readContract({ ...registry, functionName: 'custodyOf', args: [fid] })
const idOf = (custody: `0x${string}`) =>
  devClient(anvil).readContract({ ...registry, functionName: 'idOf', args: [custody] })

test('the dev fids are registered to their custody addresses, both ways', async () => {
  for (const dev of DEV_FARCASTER_FIDS) {
    expect(await custodyOf(BigInt(dev.fid))).toBe(dev.custody)
    expect(await idOf(dev.custody)).toBe(BigInt(dev.fid))
  }
  expect(await custodyOf(99n)).toBe('0x0000000000000000000000000000000000000000')
})

test('register gives a new custody address the next fid, and refuses a second fid for it', async () => {
  const custody = privateKeyToAccount(generatePrivateKey()).address
  const fid = await registerFid(anvil, custody)
  expect(fid).toBe(DEV_FARCASTER_FIDS.length + 1)
  expect(await custodyOf(BigInt(fid))).toBe(custody)
  await expect(registerFid(anvil, custody)).rejects.toThrow(/reverted/)
})
