/**
 * The on-ramp clients against a real chain-api over one anvil chain with the dev tokens (quotes read its gas
 * price for the network fee).
 */

import { onrampModule } from '@keyframe/chain-api/modules/onramp'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { type Anvil, DEV_ACCOUNTS, deployDevContracts, startAnvil } from '@keyframe/dev-fixtures'
import { DEFAULT_ONRAMP_OPTIONS } from '@keyframe/protocol/chain-api/onramp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ChainApiError } from './chainApiError.ts'
import { createChainApi } from './createChainApi.ts'
import { generateOnrampUrl } from './generateOnrampUrl.ts'
import { getOnrampOptions } from './getOnrampOptions.ts'
import { getOnrampQuote, MOCKED_QUOTE_ID } from './getOnrampQuote.ts'
import { anvilChain, startTestApi, type TestApi } from './testing/startTestApi.ts'

const CHAIN = 'eip155:31337'
const PUBLIC_URL = 'https://chain.example.test'

// A real server over real chains on a shared machine: calls can take seconds under load.
vi.setConfig({ testTimeout: 30_000 })

let anvil: Anvil
let t: TestApi
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  const { tokens } = await deployDevContracts(anvil)
  const chain = anvilChain(anvil.rpcUrl, { tokens })
  t = await startTestApi({
    chains: [chain],
    modules: [supportedModule, onrampModule],
    config: { publicUrl: PUBLIC_URL },
  })
}, 120_000)
afterAll(async () => {
  await t?.close()
  await anvil?.close()
})

describe('getOnrampOptions', () => {
  test('default: USD and EUR with their limits, and the configured assets on the network', async () => {
    const options = await getOnrampOptions(t.api)
    expect(options.paymentCurrencies).toEqual(DEFAULT_ONRAMP_OPTIONS.paymentCurrencies)
    expect(options.purchaseCurrencies.map((c) => c.id).sort()).toEqual(['ETH', 'KFT', 'kUSD'])
    expect(options.purchaseCurrencies.find((c) => c.id === 'ETH')?.networks).toEqual([
      expect.objectContaining({ name: CHAIN, chain_id: '31337', contract_address: '' }),
    ])
  })

  test('behavior: when chain-api cannot be reached, the built-in USD/EUR options (card 10–7500, bank 10–25000)', async () => {
    const api = createChainApi({ baseUrl: 'http://127.0.0.1:9', projectId: 'p' })
    expect(await getOnrampOptions(api)).toMatchInlineSnapshot(`
      {
        "paymentCurrencies": [
          {
            "id": "USD",
            "payment_method_limits": [
              {
                "id": "card",
                "max": "7500",
                "min": "10",
              },
              {
                "id": "bank",
                "max": "25000",
                "min": "10",
              },
            ],
          },
          {
            "id": "EUR",
            "payment_method_limits": [
              {
                "id": "card",
                "max": "7500",
                "min": "10",
              },
              {
                "id": "bank",
                "max": "25000",
                "min": "10",
              },
            ],
          },
        ],
        "purchaseCurrencies": [],
      }
    `)
  })

  test('behavior: a refusal (unknown project) falls back too; an abort does not', async () => {
    const api = createChainApi({ baseUrl: t.api.baseUrl, projectId: 'nobody' })
    expect(await getOnrampOptions(api)).toEqual(DEFAULT_ONRAMP_OPTIONS)
    const controller = new AbortController()
    controller.abort(new DOMException('gone', 'AbortError'))
    await expect(getOnrampOptions(t.api, { signal: controller.signal })).rejects.toThrow('gone')
  })
})

describe('getOnrampQuote', () => {
  test('default: total = subtotal + provider fee (1–2 %) + network fee, in the payment currency', async () => {
    const quote = await getOnrampQuote(t.api, {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: CHAIN,
    })
    expect(quote.paymentTotal).toEqual({ value: '100.00', currency: 'USD' })
    expect(quote.purchaseAmount.currency).toBe('ETH')
    const fee = Number(quote.coinbaseFee.value)
    expect(fee).toBeGreaterThanOrEqual(1)
    expect(fee).toBeLessThanOrEqual(2)
    const sum = Number(quote.paymentSubtotal.value) + fee + Number(quote.networkFee.value)
    expect(sum).toBeCloseTo(100, 2)
  })

  test('error: an amount over the card limit is 400 with the limit in the message', async () => {
    const error = await getOnrampQuote(t.api, {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '9000',
      network: CHAIN,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 400, code: 'amount_out_of_range' })
    expect((error as Error).message).toBe('Amount must be between 10 and 7500 USD for card payments')
  })

  test("error: a network chain-api does not sell on is 400 'Network not supported for On-ramp'", async () => {
    const error = await getOnrampQuote(t.api, {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'eip155:1',
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400 })
    expect((error as Error).message).toBe('Network not supported for On-ramp')
  })
})

describe('getOnrampQuote when no quote can be had', () => {
  test('fallback: a chain-api that refuses the project (403) gives the mocked quote of the request (SPEC §8)', async () => {
    const api = createChainApi({ baseUrl: t.api.baseUrl, projectId: 'nobody' })
    expect(
      await getOnrampQuote(api, {
        purchaseCurrency: 'ETH',
        paymentCurrency: { id: 'EUR' },
        amount: '50',
        network: CHAIN,
      }),
    ).toEqual({
      paymentTotal: { value: '50', currency: 'EUR' },
      paymentSubtotal: { value: '50', currency: 'EUR' },
      purchaseAmount: { value: '0', currency: 'ETH' },
      coinbaseFee: { value: '0', currency: 'EUR' },
      networkFee: { value: '0', currency: 'EUR' },
      quoteId: MOCKED_QUOTE_ID,
    })
  })

  test('fallback: an unreachable chain-api gives the mocked quote; an abort still rejects', async () => {
    const api = createChainApi({ baseUrl: 'http://127.0.0.1:9', projectId: 'dev' })
    const quote = await getOnrampQuote(api, {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '20',
      network: CHAIN,
    })
    expect(quote.quoteId).toBe(MOCKED_QUOTE_ID)
    const controller = new AbortController()
    controller.abort(new DOMException('gone', 'AbortError'))
    await expect(
      getOnrampQuote(t.api, {
        purchaseCurrency: 'ETH',
        paymentCurrency: 'USD',
        amount: '20',
        network: CHAIN,
        signal: controller.signal,
      }),
    ).rejects.toThrow('gone')
  })
})

describe('generateOnrampUrl', () => {
  test('default: a URL of the sandbox provider page, which shows the purchase', async () => {
    const { url } = await generateOnrampUrl(t.api, {
      destinationWallets: [{ address: DEV_ACCOUNTS[1], blockchains: [CHAIN], assets: ['ETH'] }],
      partnerUserId: DEV_ACCOUNTS[1],
      presetFiatAmount: 50,
    })
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/sandbox/onramp/[A-Za-z0-9_-]{22}$`))
    const page = await fetch(`${t.server.url}${new URL(url).pathname}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(DEV_ACCOUNTS[1].toLowerCase())
  })

  test("error: no destination wallet is the server's 400", async () => {
    const error = await generateOnrampUrl(t.api, { destinationWallets: [], partnerUserId: 'u' }).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ status: 400, code: 'invalid_params' })
    expect((error as Error).message).toBe('destinationWallets: Required')
  })
})
