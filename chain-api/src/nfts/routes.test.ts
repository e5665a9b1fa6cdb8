import {
  DEV_ACCOUNTS,
  type DevChain,
  type DevChains,
  devNFTAbi,
  fund,
  SPAM_NFT_ADDRESS,
  startChains,
} from '@keyframe/dev-fixtures'
import type { NftHolding, NftList } from '@keyframe/protocol/chain-api/nfts'
import { createPublicClient, createWalletClient, type Hash, http } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { indexerModule } from '../indexer/module.ts'
import { syncOnce } from '../indexer/syncOnce.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { nftsModule } from './module.ts'

/** Anvil dev account #6: the holder (an unlocked account, so it can send an NFT on). */
const ME = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const OTHER = '0x00000000000000000000000000000000000000e1'

let world: DevChains
let api: TestChainApi
let main: DevChain

/** Sends a transaction as `from` (unlocked on anvil) and waits for it. */
async function write(from: `0x${string}`, call: (wallet: ReturnType<typeof walletOf>) => Promise<Hash>) {
  const hash = await call(walletOf(from))
  await createPublicClient({ transport: http(main.rpcUrl) }).waitForTransactionReceipt({ hash })
}
const walletOf = (from: `0x${string}`) => createWalletClient({ account: from, transport: http(main.rpcUrl) })

beforeAll(async () => {
  world = await startChains()
  main = world.chains.find((chain) => chain.chainId === 31337)!
  api = await startTestChainApi({
    chains: world.chains,
    modules: [indexerModule, nftsModule],
    config: { spamContracts: [`eip155:31337:${SPAM_NFT_ADDRESS.toLowerCase()}`] },
  })
  // One Keyframe NFT and one spam NFT on each chain; on 31337 a second Keyframe NFT, sent on to OTHER.
  await fund(world.chains, ME)
  await write(DEV_ACCOUNTS[0], (w) =>
    w.writeContract({ chain: null, address: main.nft, abi: devNFTAbi, functionName: 'mint', args: [ME] }),
  )
  await write(ME, (w) =>
    w.writeContract({
      chain: null,
      address: main.nft,
      abi: devNFTAbi,
      functionName: 'transferFrom',
      args: [ME, OTHER, 5n],
    }),
  )
  for (const chain of ['eip155:31337', 'eip155:31338']) await syncOnce(api.ctx, api.ctx.chains.get(chain)!)
}, 120_000)
afterAll(async () => {
  await api?.close()
  await world?.close()
})

async function nfts(address: string, query: Record<string, string> = {}): Promise<NftHolding[]> {
  const response = await api.get(`/v1/account/${address}/nfts`, query)
  expect(response.status).toBe(200)
  await expectMatchesSpec('get', '/v1/account/{address}/nfts', response)
  return ((await response.json()) as NftList).nfts
}

const holding = (chainId: number, contract: string, collection: string, id: number, spam: boolean) => {
  const lower = contract.toLowerCase()
  return {
    name: `${collection} #${id}`,
    collection,
    chainId: `eip155:${chainId}`,
    contract: `eip155:${chainId}:${lower}`,
    tokenId: String(id),
    flags: { is_spam: spam },
    content: {
      preview: { url: `${api.ctx.config.publicUrl}/public/getAssetImage/${chainId}-${lower}-${id}` },
    },
  }
}

test('what the account holds now on every chain: the NFT sent on is gone, the spam one is flagged', async () => {
  // Ids: #1-#3 went to dev accounts #0-#2 at deployment, #4 to ME by the faucet, #5 (31337) on to OTHER.
  expect(await nfts(ME)).toEqual([
    holding(31337, main.nft, 'Keyframe NFT', 4, false),
    holding(31337, SPAM_NFT_ADDRESS, 'Claim Rewards Pass', 4, true),
    holding(31338, main.nft, 'Keyframe NFT', 4, false),
    // Spam is configured per chain: 31338's copy is not listed.
    holding(31338, SPAM_NFT_ADDRESS, 'Claim Rewards Pass', 4, false),
  ])
  expect(await nfts(OTHER, { chainId: 'eip155:31337' })).toEqual([
    holding(31337, main.nft, 'Keyframe NFT', 5, false),
  ])
})

test('one chain with chainId; an unsupported network answers { nfts: [] }', async () => {
  expect((await nfts(ME, { chainId: 'eip155:31338' })).map((nft) => nft.name)).toEqual([
    'Keyframe NFT #4',
    'Claim Rewards Pass #4',
  ])
  expect(await nfts(ME, { chainId: 'eip155:1' })).toEqual([])
})

test('a malformed address is refused with 400', async () => {
  const response = await api.get('/v1/account/0x1234/nfts')
  expect(response.status).toBe(400)
})
