/**
 * wallet_watchAsset and wallet_addEthereumChain through `dispatch` as the parent sends them, for a frame
 * logged in against the real server app, on real anvil nodes: 31337 (configured, with the dev tokens) and
 * 1338 (not configured; the operator's policy lets a dApp add it). Only the approval step is played.
 */
import { type Anvil, deployDevContracts, startAnvil } from '@keyframe/dev-fixtures'
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { type Hex, recoverMessageAddress, stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { type Approver, approver, frameChainOf, loggedInFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
let harness: Harness
let anvils: { local: Anvil; addable: Anvil }
let kft: `0x${string}`
let person: Approver
let frame: Awaited<ReturnType<typeof loggedInFrame>>

/** wallet_addEthereumChain's params for `chainId` (hex) on `rpcUrl`, as MetaMask's test dApp writes them. */
const chainParams = (chainId: string, rpcUrl: string) => [
  {
    chainId,
    rpcUrls: [rpcUrl],
    chainName: 'Localhost 8546',
    nativeCurrency: { name: 'TEST', decimals: 18, symbol: 'TEST' },
    blockExplorerUrls: null,
  },
]
const rejects = () => {
  person.decides(async () => {
    throw new UserRejectedRequestError()
  })
}

beforeAll(async () => {
  const [local, addable] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 1338 })])
  anvils = { local, addable }
  kft = (await deployDevContracts(local)).tokens[0]!.address
  harness = await createHarness()
  person = approver()
  frame = await loggedInFrame(harness, `wallet-${crypto.randomUUID().slice(0, 8)}@example.com`, {
    chains: [frameChainOf({ chainId: 31337, name: 'Local', rpcUrl: local.rpcUrl, nativeCurrency })],
    addableChains: [
      { rpcOrigin: new URL(addable.rpcUrl).origin, chainIds: [1338] },
      // Any chain id on the configured node's origin: what lets a site claim another chain there.
      { rpcOrigin: new URL(local.rpcUrl).origin },
    ],
    approver: person,
  })
})
afterAll(async () => {
  await Promise.all([harness?.close(), anvils?.local.close(), anvils?.addable.close()])
})

describe('wallet_watchAsset', () => {
  test('default: approved, the token is kept for the account and listed for its chain', async () => {
    person.decides(async () => {})
    const reply = await frame.rpc('wallet_watchAsset', {
      type: 'ERC20',
      options: { address: kft.toLowerCase(), symbol: 'KFT', decimals: 18, image: 'https://x.example/a.svg' },
    })
    expect(reply).toMatchObject({ ok: true, result: true })
    expect(person.seen.at(-1)!.details).toMatchObject({
      method: 'wallet_watchAsset',
      kind: 'watchAsset',
      chain: { id: 31337 },
      token: { address: kft, symbol: 'KFT', decimals: 18 },
      source: 'chain',
    })
    expect(await frame.ok('GET_WATCHED_TOKENS', { chainId: 'eip155:31337' })).toEqual({
      tokens: [{ chainId: 'eip155:31337', address: kft, symbol: 'KFT', decimals: 18 }],
    })
    expect(await frame.ok('GET_WATCHED_TOKENS', { chainId: 'eip155:1' })).toEqual({ tokens: [] })
  })

  test("behavior: MetaMask's array form with decimals as text; a contract that does not answer is shown as the site's", async () => {
    person.decides(async () => {})
    const silent = `0x${'5a'.repeat(20)}`
    const reply = await frame.rpc('wallet_watchAsset', [
      { type: 'ERC20', options: { address: silent, symbol: 'SIL', decimals: '4' } },
    ])
    expect(reply).toMatchObject({ ok: true, result: true })
    expect(person.seen.at(-1)!.details).toMatchObject({
      token: { symbol: 'SIL', decimals: 4 },
      source: 'site',
    })
  })

  test('error: a site lying about decimals or symbol is refused before anything is shown', async () => {
    const shown = person.seen.length
    const decimals = await frame.rpc('wallet_watchAsset', {
      type: 'ERC20',
      options: { address: kft, symbol: 'KFT', decimals: 6 },
    })
    expect(decimals).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringContaining('reports 18 decimals, not 6') },
    })
    const symbol = await frame.rpc('wallet_watchAsset', {
      type: 'ERC20',
      options: { address: kft, symbol: 'USDC', decimals: 18 },
    })
    expect(symbol).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringContaining('"KFT"') },
    })
    expect(person.seen.length).toBe(shown)
  })

  test('error: rejected gives 4001 and keeps nothing', async () => {
    rejects()
    const other = `0x${'6b'.repeat(20)}`
    const reply = await frame.rpc('wallet_watchAsset', {
      type: 'ERC20',
      options: { address: other, symbol: 'NO', decimals: 0 },
    })
    expect(reply).toMatchObject({ ok: false, error: { code: 4001 } })
    const { tokens } = (await frame.ok('GET_WATCHED_TOKENS')) as { tokens: { address: string }[] }
    expect(tokens.map((t) => t.address.toLowerCase())).not.toContain(other)
  })
})

describe('wallet_addEthereumChain', () => {
  test('error: rejected gives 4001, and a switch to the chain still answers 4902', async () => {
    rejects()
    const reply = await frame.rpc('wallet_addEthereumChain', chainParams('0x53a', anvils.addable.rpcUrl))
    expect(reply).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(await frame.send('SWITCH_NETWORK', { chainId: 'eip155:1338' })).toMatchObject({
      ok: false,
      error: { code: 4902 },
    })
  })

  test('default: approved, the switch succeeds and the frame signs on it for this site, after a reload too', async () => {
    person.decides(async () => {})
    const reply = await frame.rpc('wallet_addEthereumChain', chainParams('0x53a', anvils.addable.rpcUrl))
    expect(reply).toMatchObject({ ok: true, result: null })
    expect(person.seen.at(-1)!.details).toMatchObject({
      method: 'wallet_addEthereumChain',
      kind: 'addChain',
      added: {
        id: 1338,
        name: 'Localhost 8546',
        nativeCurrency: { symbol: 'TEST' },
        rpcUrl: anvils.addable.rpcUrl,
      },
    })
    expect(await frame.ok('SWITCH_NETWORK', { chainId: 'eip155:1338' })).toEqual({ chainId: 'eip155:1338' })
    expect(await frame.rpc('eth_chainId')).toMatchObject({ ok: true, result: '0x53a' })
    const message = stringToHex('Signed on the added chain')
    const signed = await frame.rpc('personal_sign', [message, frame.address])
    expect(person.seen.at(-1)!.details).toMatchObject({
      kind: 'message',
      chain: { id: 1338, name: 'Localhost 8546' },
    })
    expect(
      await recoverMessageAddress({
        message: { raw: message },
        signature: (signed as { result: Hex }).result,
      }),
    ).toBe(frame.address)
    // Known now: added again at once, without asking (MetaMask's behaviour).
    const shown = person.seen.length
    expect(
      await frame.rpc('wallet_addEthereumChain', chainParams('0x53a', anvils.addable.rpcUrl)),
    ).toMatchObject({
      ok: true,
      result: null,
    })
    expect(person.seen.length).toBe(shown)
    // A reload of the frame in the same storage partition, for the same site, keeps it.
    const reloaded = frame.reload()
    expect(reloaded.ctx.chains.map((c) => c.id)).toEqual([31337, 1338])
    const otherSite = frame.reloadFor('https://other.example')
    expect(otherSite.ctx.chains.map((c) => c.id)).toEqual([31337])
  })

  test('error: outside the operator policy it is refused with a typed error and nothing is shown', async () => {
    person.decides(async () => {})
    const shown = person.seen.length
    // A chain id the policy does not allow on that origin, and an origin it does not list at all.
    for (const params of [
      chainParams('0x53b', anvils.addable.rpcUrl),
      chainParams('0x53c', 'http://127.0.0.2:8546'),
    ]) {
      const reply = await frame.rpc('wallet_addEthereumChain', params)
      expect(reply).toMatchObject({
        ok: false,
        error: { code: -32602, data: { reason: 'chain_not_allowed', issues: [{ path: [0, 'rpcUrls'] }] } },
      })
    }
    expect(person.seen.length).toBe(shown)
  })

  test('error: a node that is another chain than the site names is refused (the person would sign elsewhere)', async () => {
    const shown = person.seen.length
    const reply = await frame.rpc('wallet_addEthereumChain', chainParams('0x999', anvils.local.rpcUrl))
    expect(reply).toMatchObject({
      ok: false,
      error: { code: -32602, message: expect.stringContaining('for chain 31337, not 2457') },
    })
    expect(person.seen.length).toBe(shown)
  })
})
