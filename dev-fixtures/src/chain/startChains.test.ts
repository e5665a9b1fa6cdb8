import { createPublicClient, formatUnits, http } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { devNFTAbi } from './artifacts/DevNFT.ts'
import { devTokenAbi } from './artifacts/DevToken.ts'
import { idRegistryAbi } from './artifacts/IdRegistry.ts'
import { spamNFTAbi } from './artifacts/SpamNFT.ts'
import { SEED_TOKEN_AMOUNT } from './deploy.ts'
import { DEV_ACCOUNTS } from './devChain.ts'
import { DEV_FARCASTER_FIDS, ID_REGISTRY_ADDRESS } from './idRegistry.ts'
import { SPAM_NFT_ADDRESS } from './spamNft.ts'
import { type DevChains, startChains } from './startChains.ts'

let world: DevChains
beforeAll(async () => {
  world = await startChains()
})
afterAll(() => world?.close())

test('two chains, 31337 "Keyframe Local" and 31338 "Keyframe Local 2", each answering its own chain id', async () => {
  expect(world.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
    { chainId: 31337, name: 'Keyframe Local' },
    { chainId: 31338, name: 'Keyframe Local 2' },
  ])
  for (const chain of world.chains) {
    expect(chain.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    expect(await client.getChainId()).toBe(chain.chainId)
  }
})

test('KFT, kUSD and KFNFT are at the same addresses on both chains, with the right metadata', async () => {
  const [first, second] = world.chains
  expect(second!.tokens).toEqual(first!.tokens)
  expect(second!.nft).toBe(first!.nft)
  expect(first!.tokens.map(({ symbol, name, decimals }) => ({ symbol, name, decimals }))).toEqual([
    { symbol: 'KFT', name: 'Keyframe Token', decimals: 18 },
    { symbol: 'kUSD', name: 'Keyframe USD', decimals: 6 },
  ])
  for (const chain of world.chains) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    for (const token of chain.tokens) {
      const read = (functionName: 'symbol' | 'name' | 'decimals') =>
        client.readContract({ address: token.address, abi: devTokenAbi, functionName })
      expect(await read('symbol')).toBe(token.symbol)
      expect(await read('name')).toBe(token.name)
      expect(await read('decimals')).toBe(token.decimals)
    }
    const nft = (functionName: 'symbol' | 'name') =>
      client.readContract({ address: chain.nft, abi: devNFTAbi, functionName })
    expect(await nft('name')).toBe('Keyframe NFT')
    expect(await nft('symbol')).toBe('KFNFT')
  }
})

test('dev accounts #0–#2 hold each token and one NFT on both chains', async () => {
  for (const chain of world.chains) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    for (const [index, account] of DEV_ACCOUNTS.entries()) {
      for (const token of chain.tokens) {
        const balance = await client.readContract({
          address: token.address,
          abi: devTokenAbi,
          functionName: 'balanceOf',
          args: [account],
        })
        expect(formatUnits(balance, token.decimals)).toBe(SEED_TOKEN_AMOUNT)
      }
      expect(
        await client.readContract({
          address: chain.nft,
          abi: devNFTAbi,
          functionName: 'balanceOf',
          args: [account],
        }),
      ).toBe(1n)
      const id = BigInt(index + 1)
      expect(
        await client.readContract({
          address: chain.nft,
          abi: devNFTAbi,
          functionName: 'ownerOf',
          args: [id],
        }),
      ).toBe(account)
    }
  }
})

test('Uniswap V2 is on 31337 only, at the same addresses as on any freshly deployed dev chain', async () => {
  const [first, second] = world.chains
  expect(first!.uniswap).toEqual({
    factory: '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82',
    router: '0x9A676e781A523b5d0C0e43731313A708CB607508',
    weth: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
  })
  expect(second!.uniswap).toBeUndefined()
  const client = createPublicClient({ transport: http(first!.rpcUrl) })
  expect(await client.getCode({ address: first!.uniswap!.router })).toMatch(/^0x[0-9a-f]{100,}$/)
})

test('the spam NFT "Claim Rewards Pass" is at the same address on both chains, one for each dev account', async () => {
  for (const chain of world.chains) {
    expect(chain.spamNft).toBe(SPAM_NFT_ADDRESS)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const read = (functionName: 'name' | 'symbol') =>
      client.readContract({ address: chain.spamNft, abi: spamNFTAbi, functionName })
    expect([await read('name'), await read('symbol')]).toEqual(['Claim Rewards Pass', 'CLAIM'])
    for (const account of DEV_ACCOUNTS) {
      expect(
        await client.readContract({
          address: chain.spamNft,
          abi: spamNFTAbi,
          functionName: 'balanceOf',
          args: [account],
        }),
      ).toBe(1n)
    }
  }
})

test("Farcaster's IdRegistry is at its own address on both chains, with the dev fids", async () => {
  for (const chain of world.chains) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    for (const dev of DEV_FARCASTER_FIDS)
      expect(
        await client.readContract({
          address: ID_REGISTRY_ADDRESS,
          abi: idRegistryAbi,
          functionName: 'custodyOf',
          args: [BigInt(dev.fid)],
        }),
      ).toBe(dev.custody)
  }
})
