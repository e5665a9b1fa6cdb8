import { type DevChains, devClient, fund, startChains } from '@keyframe/dev-fixtures'
import { erc20Abi, formatUnits, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { onrampModule } from './module.ts'
import { payPurchase } from './payPurchase.ts'
import { findSession } from './sessions.ts'

/** Anvil dev account #9: the dev stack's sandbox payer. */
const SANDBOX_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
const SANDBOX = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const HOUR = 3_600_000

let world: DevChains
let api: TestChainApi
/** The harness clock: tests move it to expire purchases. */
let clockOffset = 0
beforeAll(async () => {
  world = await startChains()
  // 100 ETH, 1000 KFT and 1000 kUSD on each chain for the sandbox payer.
  await fund(world.chains, SANDBOX)
  api = await startTestChainApi({
    chains: world.chains,
    modules: [onrampModule],
    config: { onrampSandbox: { privateKey: SANDBOX_KEY } },
    now: () => new Date(Date.now() + clockOffset),
  })
}, 120_000)
afterAll(async () => {
  await api?.close()
  await world?.close()
})

const json = async (res: Response) => ({ status: res.status, body: await res.json() })
const chain = (caip2: string) => world.chains.find((c) => `eip155:${c.chainId}` === caip2)!
const token = (caip2: string, symbol: string) => chain(caip2).tokens.find((t) => t.symbol === symbol)!
const newBuyer = () => privateKeyToAccount(generatePrivateKey()).address

/** What `address` holds of `symbol` on `caip2`, read from the chain. */
async function holding(caip2: string, address: `0x${string}`, symbol: string): Promise<bigint> {
  const client = devClient(chain(caip2))
  if (symbol === 'ETH') return client.getBalance({ address })
  return client.readContract({
    address: token(caip2, symbol).address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
}

/** The sandbox page's path (the URL names the configured public URL; the test server listens elsewhere). */
const pathOf = (url: string) => new URL(url).pathname
/** GET the page like a browser (no project query). */
const page = (path: string) => fetch(new URL(path, api.url))
/** Press "Pay" like the page's form does. */
const pay = (path: string) =>
  fetch(new URL(`${path}/pay`, api.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(api.url).origin },
    body: '',
  })

async function newPurchase(body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/v1/generators/onrampurl', {
    partnerUserId: 'user-1',
    defaultExperience: 'buy',
    ...body,
  })
  expect(res.status).toBe(200)
  const { url } = (await res.json()) as { url: string }
  expect(url).toMatch(new RegExp(`^${api.ctx.config.publicUrl}/sandbox/onramp/[A-Za-z0-9_-]{22}$`))
  return pathOf(url)
}

describe('GET /v1/onramp/options', () => {
  test('default: USD/EUR limits and the dev chains’ assets, each with its networks', async () => {
    const { status, body } = await json(await api.get('/v1/onramp/options'))
    expect(status).toBe(200)
    expect(body.paymentCurrencies.map((c: { id: string }) => c.id)).toEqual(['USD', 'EUR'])
    expect(body.paymentCurrencies[0].payment_method_limits).toEqual([
      { id: 'card', min: '10', max: '7500' },
      { id: 'bank', min: '10', max: '25000' },
    ])
    expect(body.purchaseCurrencies.map((c: { id: string }) => c.id)).toEqual(['ETH', 'KFT', 'kUSD'])
    expect(body.purchaseCurrencies[2].networks).toEqual([
      {
        name: 'eip155:31337',
        display_name: 'Keyframe Local',
        chain_id: '31337',
        contract_address: token('eip155:31337', 'kUSD').address,
      },
      {
        name: 'eip155:31338',
        display_name: 'Keyframe Local 2',
        chain_id: '31338',
        contract_address: token('eip155:31338', 'kUSD').address,
      },
    ])
  })
})

describe('POST /v1/onramp/quote', () => {
  const quote = (body: Record<string, unknown>) =>
    api.post('/v1/onramp/quote', {
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      network: 'eip155:31337',
      ...body,
    })

  test('default: total = subtotal + fees, provider fee 1.5 % at 100 USD, the rest buys ETH at 3000', async () => {
    const { status, body } = await json(await quote({ amount: '100' }))
    expect(status).toBe(200)
    expect(body.paymentTotal).toEqual({ value: '100.00', currency: 'USD' })
    expect(body.coinbaseFee).toEqual({ value: '1.50', currency: 'USD' })
    // 21000 gas at anvil's gas price, at 3000 USD per ETH: a few cents.
    expect(Number(body.networkFee.value)).toBeGreaterThan(0)
    expect(Number(body.networkFee.value)).toBeLessThan(1)
    const cents = (v: { value: string }) => Math.round(Number(v.value) * 100)
    expect(cents(body.paymentSubtotal) + cents(body.coinbaseFee) + cents(body.networkFee)).toBe(10_000)
    expect(body.purchaseAmount.currency).toBe('ETH')
    expect(Number(body.purchaseAmount.value)).toBeCloseTo(Number(body.paymentSubtotal.value) / 3000, 8)
    expect(body.quoteId).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('behavior: the provider fee stays within 1–2 % across the card range, in USD and EUR', async () => {
    for (const paymentCurrency of ['USD', { id: 'EUR', payment_method_limits: [] }])
      for (const amount of ['10', '10.25', '99.99', '100', '999.99', '1000', '7500']) {
        const { status, body } = await json(
          await quote({ amount, paymentCurrency, purchaseCurrency: { id: 'kUSD' } }),
        )
        expect(status).toBe(200)
        const share = Number(body.coinbaseFee.value) / Number(amount)
        expect(share, `${amount}`).toBeGreaterThanOrEqual(0.01)
        expect(share, `${amount}`).toBeLessThanOrEqual(0.02)
      }
  })

  test('parameters: paymentMethod bank allows up to 25000', async () => {
    expect((await quote({ amount: '20000', paymentMethod: 'bank' })).status).toBe(200)
    expect(await json(await quote({ amount: '20000' }))).toEqual({
      status: 400,
      body: {
        code: 'amount_out_of_range',
        message: 'Amount must be between 10 and 7500 USD for card payments',
      },
    })
  })

  test('error: each kind of bad input, with its message', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [
        { amount: '9.99' },
        400,
        'amount_out_of_range',
        'Amount must be between 10 and 7500 USD for card payments',
      ],
      [
        { amount: '30000', paymentMethod: 'bank' },
        400,
        'amount_out_of_range',
        'Amount must be between 10 and 25000 USD for bank payments',
      ],
      [{ amount: '10.001' }, 400, 'invalid_params', 'amount: Expected an amount with at most 2 decimals'],
      [{ amount: 100 }, 400, 'invalid_params', 'amount: Expected string'],
      [{ amount: '100', network: undefined }, 400, 'invalid_params', 'network: Required'],
      [
        { amount: '100', paymentMethod: 'cash' },
        400,
        'invalid_params',
        'paymentMethod: Expected card or bank',
      ],
      [
        { amount: '100', paymentCurrency: 'GBP' },
        400,
        'invalid_params',
        'paymentCurrency: Expected USD or EUR',
      ],
      [{ amount: '100', network: 'eip155:1' }, 400, 'unsupported_chain', 'Network not supported for On-ramp'],
      [
        { amount: '100', purchaseCurrency: 'DOGE' },
        400,
        'unsupported_asset',
        'DOGE is not sold on eip155:31337',
      ],
    ]
    for (const [body, status, code, message] of cases)
      expect(await json(await quote(body)), JSON.stringify(body)).toEqual({ status, body: { code, message } })
    expect(await json(await api.post('/v1/onramp/quote', 'amount=100'))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'Malformed JSON in request body' },
    })
  })
})

describe('sandbox purchase', () => {
  test('default: paying credits the wallet with ETH on the dev chain, and the page shows the transaction', async () => {
    const buyer = newBuyer()
    const path = await newPurchase({
      destinationWallets: [{ address: buyer }],
      defaultNetwork: 'eip155:31337',
      presetCryptoAmount: 0.5,
    })

    const before = await page(path)
    expect(before.status).toBe(200)
    expect(before.headers.get('content-type')).toMatch(/^text\/html/)
    expect(before.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]{44}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
    )
    const html = await before.text()
    expect(html).toContain('0.5 ETH')
    expect(html).toContain(buyer.toLowerCase())
    expect(html).toContain('<button type="submit">Pay</button>')
    expect(html).not.toMatch(/<script|src=|href=/)

    expect(await holding('eip155:31337', buyer, 'ETH')).toBe(0n)
    const paid = await pay(path)
    expect(paid.status).toBe(200)
    const tx = (await paid.text()).match(/<code id="tx">(0x[0-9a-f]{64})<\/code>/)?.[1]
    expect(tx).toBeDefined()
    expect(await holding('eip155:31337', buyer, 'ETH')).toBe(parseEther('0.5'))
    const receipt = await devClient(chain('eip155:31337')).getTransactionReceipt({
      hash: tx as `0x${string}`,
    })
    expect(receipt.from.toLowerCase()).toBe(SANDBOX.toLowerCase())
    expect(receipt.status).toBe('success')

    const after = await (await page(path)).text()
    expect(after).toContain(`Paid. Transaction <code id="tx">${tx}</code>`)
    expect(after).not.toContain('<form')
  })

  test('behavior: paying twice is refused and pays nothing more', async () => {
    const buyer = newBuyer()
    const path = await newPurchase({ destinationWallets: [{ address: buyer }], presetCryptoAmount: '0.25' })
    expect((await pay(path)).status).toBe(200)
    expect(await json(await pay(path))).toEqual({
      status: 409,
      body: { code: 'already_paid', message: 'Purchase already paid' },
    })
    expect(await holding('eip155:31337', buyer, 'ETH')).toBe(parseEther('0.25'))
  })

  test('behavior: two pay requests at once — one pays, the other is refused', async () => {
    const buyer = newBuyer()
    const path = await newPurchase({ destinationWallets: [{ address: buyer }], presetCryptoAmount: 1 })
    const statuses = (await Promise.all([pay(path), pay(path), pay(path)])).map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409, 409])
    expect(await holding('eip155:31337', buyer, 'ETH')).toBe(parseEther('1'))
  })

  test('parameters: an ERC20 on the second chain, bought for a fiat amount at the quoted rate', async () => {
    const buyer = newBuyer()
    const path = await newPurchase({
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31338'], assets: ['kUSD'] }],
      presetFiatAmount: 50,
    })
    const session = await findSession(api.ctx.db, path.split('/').pop()!)
    expect(session).toMatchObject({
      chain: 'eip155:31338',
      symbol: 'kUSD',
      fiatTotal: '50.00',
      status: 'open',
    })
    // 50 USD − 2 % fee − the network fee, at 1 USD per kUSD: a little under 49.
    const amount = BigInt(session!.amount)
    expect(amount).toBeLessThanOrEqual(parseUnits('49', 6))
    expect(amount).toBeGreaterThan(parseUnits('48', 6))
    expect(await page(path).then((r) => r.text())).toContain(`${formatUnits(amount, 6)} kUSD`)

    expect((await pay(path)).status).toBe(200)
    expect(await holding('eip155:31338', buyer, 'kUSD')).toBe(amount)
    expect(await holding('eip155:31337', buyer, 'kUSD')).toBe(0n)
  })

  test('behavior: when the sandbox account holds too little, nothing is sent and the purchase stays payable', async () => {
    const buyer = newBuyer()
    const path = await newPurchase({
      destinationWallets: [{ address: buyer, assets: ['kUSD'] }],
      presetCryptoAmount: 5000,
    })
    const held = formatUnits(await holding('eip155:31337', SANDBOX, 'kUSD'), 6)
    expect(await json(await pay(path))).toEqual({
      status: 502,
      body: {
        code: 'sandbox_payment_failed',
        message: `Sandbox payment failed: the sandbox account holds ${held} kUSD, needs 5000`,
      },
    })
    expect(await holding('eip155:31337', buyer, 'kUSD')).toBe(0n)
    expect(await (await page(path)).text()).toContain('<button type="submit">Pay</button>')
  })

  test('behavior: a purchase expires after an hour', async () => {
    const path = await newPurchase({ destinationWallets: [{ address: newBuyer() }], presetCryptoAmount: 0.1 })
    clockOffset = HOUR + 1000
    try {
      expect(await (await page(path)).text()).toContain('This purchase expired')
      expect(await json(await pay(path))).toEqual({
        status: 410,
        body: { code: 'expired', message: 'Purchase expired' },
      })
    } finally {
      clockOffset = 0
    }
  })

  test('error: without a sandbox account the purchase cannot be paid (400), and stays payable', async () => {
    const path = await newPurchase({ destinationWallets: [{ address: newBuyer() }], presetCryptoAmount: 0.1 })
    const id = path.split('/').pop()!
    const refusal = await payPurchase(api.ctx, undefined, id).then(
      () => undefined,
      (error: { status: number; getResponse(): Response }) => json(error.getResponse()),
    )
    expect(refusal).toEqual({
      status: 400,
      body: { code: 'sandbox_unavailable', message: 'The on-ramp sandbox is not configured' },
    })
    expect((await findSession(api.ctx.db, id))?.status).toBe('open')
  })

  test('error: unknown or malformed purchase ids', async () => {
    const unknown = `/sandbox/onramp/${'A'.repeat(22)}`
    expect(await json(await page(unknown))).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Unknown purchase' },
    })
    expect(await json(await pay(unknown))).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Unknown purchase' },
    })
    expect(await json(await page('/sandbox/onramp/short'))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'id: Invalid purchase id' },
    })
  })
})

describe('POST /v1/generators/onrampurl', () => {
  const generate = (body: Record<string, unknown>) =>
    api.post('/v1/generators/onrampurl', {
      partnerUserId: 'user-1',
      destinationWallets: [{ address: SANDBOX }],
      ...body,
    })

  test('parameters: no network or amount → the first test network, its native asset, 100 USD', async () => {
    const { url } = (await (await generate({})).json()) as { url: string }
    const session = await findSession(api.ctx.db, url.split('/').pop()!)
    expect(session).toMatchObject({
      chain: 'eip155:31337',
      symbol: 'ETH',
      tokenAddress: null,
      fiatTotal: '100.00',
      projectId: api.project.id,
    })
  })

  test('error: each kind of bad input, with its message', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ destinationWallets: [] }, 400, 'invalid_params', 'destinationWallets: Required'],
      [
        { destinationWallets: [{ address: '0x12' }] },
        400,
        'invalid_params',
        'destinationWallets.0.address: Invalid address',
      ],
      [{ partnerUserId: undefined }, 400, 'invalid_params', 'partnerUserId: Required'],
      [{ defaultExperience: 'send' }, 400, 'invalid_params', 'defaultExperience: Expected buy'],
      [{ presetCryptoAmount: -1 }, 400, 'invalid_params', 'presetCryptoAmount: Invalid input'],
      [
        { presetFiatAmount: 5 },
        400,
        'amount_out_of_range',
        'Amount must be between 10 and 7500 USD for card payments',
      ],
      [{ presetCryptoAmount: 100 }, 400, 'amount_out_of_range', 'Amount must be at most 25000 USD'],
      [{ defaultNetwork: 'eip155:1' }, 400, 'unsupported_chain', 'Network not supported for On-ramp'],
      [
        { destinationWallets: [{ address: SANDBOX, assets: ['DOGE'] }] },
        400,
        'unsupported_asset',
        'DOGE is not sold on eip155:31337',
      ],
    ]
    for (const [body, status, code, message] of cases)
      expect(await json(await generate(body)), JSON.stringify(body)).toEqual({
        status,
        body: { code, message },
      })
    expect(await json(await api.post('/v1/generators/onrampurl', {}, { projectId: undefined }))).toEqual({
      status: 400,
      body: { code: 'invalid_params', message: 'projectId: Required' },
    })
  })
})

describe('contract', () => {
  test('behavior: answers match openapi.yaml', async () => {
    const quote = (amount: string) =>
      api.post('/v1/onramp/quote', {
        purchaseCurrency: 'KFT',
        paymentCurrency: 'EUR',
        network: '31338',
        amount,
      })
    const generate = (body: Record<string, unknown>) =>
      api.post('/v1/generators/onrampurl', {
        partnerUserId: 'u',
        destinationWallets: [{ address: newBuyer() }],
        ...body,
      })
    const path = pathOf(
      ((await (await generate({ presetCryptoAmount: 0.01 })).json()) as { url: string }).url,
    )
    const checks: ['get' | 'post', string, Response][] = [
      ['get', '/v1/onramp/options', await api.get('/v1/onramp/options')],
      ['post', '/v1/onramp/quote', await quote('250')],
      ['post', '/v1/onramp/quote', await quote('1')],
      ['post', '/v1/generators/onrampurl', await generate({ presetFiatAmount: '20.5' })],
      ['post', '/v1/generators/onrampurl', await generate({ defaultNetwork: 'eip155:5' })],
      ['get', '/sandbox/onramp/{id}', await page(path)],
      ['post', '/sandbox/onramp/{id}/pay', await pay(path)],
      ['post', '/sandbox/onramp/{id}/pay', await pay(path)],
      ['get', '/sandbox/onramp/{id}', await page(`/sandbox/onramp/${'b'.repeat(22)}`)],
    ]
    expect(checks.map(([, , res]) => res.status)).toEqual([200, 200, 400, 200, 400, 200, 200, 409, 404])
    for (const [method, template, res] of checks) await expectMatchesSpec(method, template, res)
  })
})
