/**
 * The Account view's portfolio clients against a real chain-api over the dev chains: NFTs (spam flagged)
 * and the native balance, each kept 30 s (SPEC §9), and skipped with their empty default on a network
 * chain-api does not serve.
 */

import { syncOnce } from '@keyframe/chain-api/indexer/syncOnce'
import { balancesModule } from '@keyframe/chain-api/modules/balances'
import { indexerModule } from '@keyframe/chain-api/modules/indexer'
import { nftsModule } from '@keyframe/chain-api/modules/nfts'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { type DevChains, fund, SPAM_NFT_ADDRESS, startChains } from '@keyframe/dev-fixtures'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { getNativeBalance } from './getNativeBalance.ts'
import { getNfts } from './getNfts.ts'
import { startTestApi, type TestApi } from './testing/startTestApi.ts'

const CHAIN = 'eip155:31337'
const UNSUPPORTED = 'eip155:1'
/** A fresh account, funded by the faucet (100 ETH, tokens, one Keyframe NFT and one spam NFT per chain). */
const USER = '0x00000000000000000000000000000000000a5e7a'

vi.setConfig({ testTimeout: 30_000 })

let chains: DevChains
let t: TestApi
let clock = 0

beforeAll(async () => {
  chains = await startChains()
  t = await startTestApi(
    {
      chains: chains.chains,
      modules: [supportedModule, indexerModule, balancesModule, nftsModule],
      config: { spamContracts: [`${CHAIN}:${SPAM_NFT_ADDRESS.toLowerCase()}`] },
    },
    { now: () => clock },
  )
  await fund(chains.chains, USER)
  await syncOnce(t.server.ctx, t.server.ctx.chains.get(CHAIN)!)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await chains?.close()
})

test('getNfts: the held NFTs with previews, the spam one flagged; one request in 30 s, another after', async () => {
  const { nfts } = await getNfts(t.api, { address: USER, chainId: CHAIN })
  expect(nfts.map((nft) => [nft.name, nft.flags.is_spam])).toEqual([
    ['Keyframe NFT #4', false],
    ['Claim Rewards Pass #4', true],
  ])
  expect(nfts[0]!.content.preview.url).toMatch(/\/public\/getAssetImage\/31337-0x[0-9a-f]{40}-4$/)
  await getNfts(t.api, { address: USER, chainId: CHAIN })
  clock += 29_999
  await getNfts(t.api, { address: USER, chainId: CHAIN })
  expect(t.count('GET /v1/account/')).toBe(1)
  clock += 1
  await getNfts(t.api, { address: USER, chainId: CHAIN })
  expect(t.count('GET /v1/account/')).toBe(2)
})

test('getNativeBalance: the native entry with its USD value, kept 30 s', async () => {
  const before = t.count('GET /v1/account/')
  const eth = await getNativeBalance(t.api, { address: USER, chainId: CHAIN })
  expect(eth).toMatchObject({ symbol: 'ETH', quantity: { numeric: '100' }, price: 3000, value: 300_000 })
  expect(eth?.address).toBeUndefined()
  clock += 29_999
  await getNativeBalance(t.api, { address: USER, chainId: CHAIN })
  expect(t.count('GET /v1/account/') - before).toBe(1)
  clock += 30_001
  await getNativeBalance(t.api, { address: USER, chainId: CHAIN })
  expect(t.count('GET /v1/account/') - before).toBe(2)
})

test('an unsupported network: empty defaults and no request; a supported one asks (control)', async () => {
  const before = t.count('GET /v1/account/')
  expect(await getNfts(t.api, { address: USER, chainId: UNSUPPORTED })).toEqual({ nfts: [] })
  expect(await getNativeBalance(t.api, { address: USER, chainId: UNSUPPORTED })).toBeNull()
  expect(t.count('GET /v1/account/') - before).toBe(0)
  await getNfts(t.api, { address: USER, chainId: 'eip155:31338', forceUpdate: true })
  expect(t.count('GET /v1/account/') - before).toBe(1)
})
