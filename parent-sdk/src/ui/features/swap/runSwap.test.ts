/**
 * The Swap view's quote and swap sequence against a real chain-api over the devstack's chains (31337 has the
 * Uniswap V2 pools), with the wallet a real node: anvil's unlocked dev account answers eth_sendTransaction.
 */
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { swapsModule } from '@keyframe/chain-api/modules/swaps'
import { DEV_ACCOUNTS, type DevChains, startChains } from '@keyframe/dev-fixtures'
import { minimumOut, NATIVE_TOKEN_ADDRESS } from '@keyframe/protocol/chain-api/swaps'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { getAllowance } from '../../../api/getAllowance.ts'
import { getSwapQuote } from '../../../api/getSwapQuote.ts'
import { startTestApi, type TestApi } from '../../../api/testing/startTestApi.ts'
import type { Eip1193Provider } from '../../../connectors/types.ts'
import { fetchQuote } from './fetchQuote.ts'
import { runSwap, type SwapStep } from './runSwap.ts'

// A real server over real chains on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

const CHAIN = 'eip155:31337'
/** Dev account #1: seeded with ETH and 10,000 of each token; nothing else in this file's chains uses it. */
const USER = DEV_ACCOUNTS[1]
let chains: DevChains
let t: TestApi
let ETH: string
let KFT: string
let KUSD: string

beforeAll(async () => {
  chains = await startChains()
  t = await startTestApi({ chains: chains.chains, modules: [supportedModule, swapsModule] })
  const token = (symbol: string) => chains.chains[0]!.tokens.find((t) => t.symbol === symbol)!.address
  ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
  KFT = `${CHAIN}:${token('KFT')}`
  KUSD = `${CHAIN}:${token('kUSD')}`
}, 120_000)
afterAll(async () => {
  await t?.close()
  await chains?.close()
})

/** The dev chain's node as the wallet's provider; `refuse` makes eth_sendTransaction answer 4001. */
function nodeWallet(options: { refuse?: boolean } = {}) {
  const sent: unknown[] = []
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      if (method === 'eth_sendTransaction') {
        if (options.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        sent.push((params as unknown[])[0])
      }
      const response = await fetch(chains.chains[0]!.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
      return body.result
    },
    on() {},
    removeListener() {},
  } as unknown as Eip1193Provider
  return { provider, sent }
}

const chain = () => createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) })
const tokenBalance = (caip10: string) =>
  chain().readContract({
    address: caip10.split(':')[2] as `0x${string}`,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [USER],
  })

describe('fetchQuote', () => {
  test("default: ETH → kUSD is chain-api's quote, needs no approve, and the fee counts the swap's estimated gas", async () => {
    const amount = parseEther('0.1')
    const found = await fetchQuote(t.api, { from: ETH, to: KUSD, amount, account: USER })
    const { quotes } = await getSwapQuote(t.api, { amount, userAddress: USER, from: ETH, to: KUSD })
    expect(found?.toAmount).toBe(BigInt(quotes[0]!.toAmount))
    expect(found?.needsApprove).toBe(false)
    // The estimate + 50 %: well above a transfer, below the fixed limit of an unestimated swap.
    expect(found?.gas).toBeGreaterThan(100_000n)
    expect(found?.gas).toBeLessThan(300_000n)
  })

  test('behavior: a token the router may not spend yet needs an approve; the fee counts the approve and the fixed swap limit', async () => {
    const found = await fetchQuote(t.api, {
      from: KFT,
      to: KUSD,
      amount: parseUnits('10', 18),
      account: USER,
    })
    expect(found?.needsApprove).toBe(true)
    expect(found?.gas).toBeGreaterThan(300_000n + 21_000n)
    expect(found?.gas).toBeLessThan(300_000n + 100_000n)
  })

  test('error: the same token on both sides has no route', async () => {
    expect(
      await fetchQuote(t.api, { from: KUSD, to: KUSD, amount: 1_000_000n, account: USER }),
    ).toBeUndefined()
  })
})

describe('runSwap', () => {
  test('default: KFT → kUSD approves exactly the amount, waits for it, then swaps; both balances change', async () => {
    const amount = parseUnits('10', 18)
    const quote = await fetchQuote(t.api, { from: KFT, to: KUSD, amount, account: USER })
    const [kftBefore, kusdBefore] = [await tokenBalance(KFT), await tokenBalance(KUSD)]
    const steps: SwapStep[] = []
    const { provider, sent } = nodeWallet()
    const hash = await runSwap(t.api, provider, { from: KFT, to: KUSD, amount, account: USER }, (s) =>
      steps.push(s),
    )
    expect(steps).toEqual(['approving', 'swapping'])
    expect(sent).toHaveLength(2)
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(kftBefore - (await tokenBalance(KFT))).toBe(amount)
    expect((await tokenBalance(KUSD)) - kusdBefore).toBeGreaterThanOrEqual(minimumOut(quote!.toAmount, 1))
    // The approve was for this swap only: nothing is left to spend.
    expect((await getAllowance(t.api, { tokenAddress: KFT, userAddress: USER })).allowance).toBe('0')
  })

  test('behavior: ETH → kUSD sends the swap alone, the ETH as its value', async () => {
    const steps: SwapStep[] = []
    const { provider, sent } = nodeWallet()
    const amount = parseEther('0.05')
    const hash = await runSwap(t.api, provider, { from: ETH, to: KUSD, amount, account: USER }, (s) =>
      steps.push(s),
    )
    expect(steps).toEqual(['swapping'])
    expect(sent).toMatchObject([{ from: USER, value: `0x${amount.toString(16)}` }])
    expect((await chain().waitForTransactionReceipt({ hash })).status).toBe('success')
  })

  test('error: refused in the wallet, the 4001 comes back and nothing is sent', async () => {
    const kftBefore = await tokenBalance(KFT)
    const { provider } = nodeWallet({ refuse: true })
    await expect(
      runSwap(t.api, provider, { from: KFT, to: KUSD, amount: parseUnits('5', 18), account: USER }, () => {}),
    ).rejects.toMatchObject({ code: 4001 })
    expect(await tokenBalance(KFT)).toBe(kftBefore)
  })

  test('behavior: the view going away after the approve stops it before the swap is asked for', async () => {
    const amount = parseUnits('3', 18)
    const kftBefore = await tokenBalance(KFT)
    const controller = new AbortController()
    const { provider, sent } = nodeWallet()
    const run = runSwap(
      t.api,
      provider,
      { from: KFT, to: KUSD, amount, account: USER },
      (step) => step === 'swapping' && controller.abort(new Error('left')),
      controller.signal,
    )
    await expect(run).rejects.toThrow('left')
    expect(sent).toHaveLength(1)
    expect(await tokenBalance(KFT)).toBe(kftBefore)
    expect((await getAllowance(t.api, { tokenAddress: KFT, userAddress: USER })).allowance).toBe(
      String(amount),
    )
  })
})
