/**
 * How Buy learns that a purchase landed, against a real chain-api (on-ramp sandbox, indexer) over a real
 * anvil chain: purchases paid at the sandbox's page, the indexer run by hand.
 */
import { syncOnce } from '@keyframe/chain-api/indexer/syncOnce'
import { indexerModule } from '@keyframe/chain-api/modules/indexer'
import { onrampModule } from '@keyframe/chain-api/modules/onramp'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { type Anvil, DEV_ACCOUNTS, devClient, startAnvil } from '@keyframe/dev-fixtures'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { generateOnrampUrl } from '../../../api/generateOnrampUrl.ts'
import { anvilChain, startTestApi, type TestApi } from '../../../api/testing/startTestApi.ts'
import { knownPurchases, waitForPurchase } from './waitForPurchase.ts'

const CHAIN_ID = 31337
const CHAIN = `eip155:${CHAIN_ID}`
const [, SENDER] = DEV_ACCOUNTS
/** A new account: it holds nothing and has no history but what the test gives it. */
const BUYER = privateKeyToAddress(generatePrivateKey())
/** Anvil account #9: the sandbox pays from it. */
const SANDBOX_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

// A real server over a real chain on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let anvil: Anvil
let t: TestApi
beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  t = await startTestApi({
    chains: [anvilChain(anvil.rpcUrl, { chainId: CHAIN_ID })],
    modules: [supportedModule, onrampModule, indexerModule],
    config: { onrampSandbox: { privateKey: SANDBOX_KEY } },
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await anvil?.close()
})

const index = () => syncOnce(t.server.ctx, t.server.ctx.chains.get(CHAIN)!)

/** Buys `eth` for BUYER and pays it at the sandbox's page, as the person would; returns the transfer's hash. */
async function buyAndPay(eth: string): Promise<string> {
  const { url } = await generateOnrampUrl(t.api, {
    destinationWallets: [{ address: BUYER, blockchains: [CHAIN], assets: ['ETH'] }],
    partnerUserId: BUYER,
    presetCryptoAmount: eth,
  })
  const page = await fetch(`${t.server.url}${new URL(url).pathname}/pay`, { method: 'POST' })
  const hash = /<code id="tx">(0x[0-9a-f]{64})<\/code>/.exec(await page.text())?.[1]
  if (!hash) throw new Error(`The sandbox did not pay (${page.status})`)
  return hash
}

const query = (signal = new AbortController().signal) => ({ address: BUYER, chainId: CHAIN, signal })

describe('waitForPurchase', () => {
  test('default: resolves with the purchase paid after the look, not an earlier one nor a plain transfer', async () => {
    const earlier = await buyAndPay('0.1')
    await index()
    const known = await knownPurchases(t.api, query())
    expect([...known]).toEqual([`${CHAIN}:${earlier}`])

    // A transfer from anyone else is not a purchase.
    const client = devClient(anvil, SENDER)
    const plain = await client.sendTransaction({ account: SENDER, chain: client.chain, to: BUYER, value: 1n })
    await client.waitForTransactionReceipt({ hash: plain })
    await index()

    let landed: Awaited<ReturnType<typeof waitForPurchase>> | undefined
    const waiting = waitForPurchase(t.api, { ...query(), known, intervalMs: 20 }).then((tx) => {
      landed = tx
      return tx
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(landed).toBeUndefined()

    const bought = await buyAndPay('0.25')
    await index()
    const tx = await waiting
    expect(tx.metadata).toMatchObject({ hash: bought, status: 'confirmed', chain: CHAIN })
    expect(tx.transfers).toEqual([
      expect.objectContaining({ direction: 'in', quantity: { numeric: '0.25' } }),
    ])
    expect(parseEther(tx.transfers[0]!.quantity.numeric)).toBe(parseEther('0.25'))
  })

  test('behavior: stops when its signal aborts (the person changed the purchase, or the view went away)', async () => {
    const controller = new AbortController()
    const known = await knownPurchases(t.api, query())
    const waiting = waitForPurchase(t.api, { ...query(controller.signal), known, intervalMs: 20 })
    const before = t.count('GET /v1/account/')
    setTimeout(() => controller.abort(new Error('changed')), 100)
    await expect(waiting).rejects.toThrow('changed')
    const asked = t.count('GET /v1/account/') - before
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(t.count('GET /v1/account/') - before).toBe(asked)
  })
})
