/**
 * On-ramp (spec §7 `/v1/onramp/*`, `/v1/generators/onrampurl`): which fiat currencies pay for which assets on
 * which networks, quotes with the provider fee, and a URL where the user buys. chain-api's provider is a
 * sandbox: the URL opens a page served by chain-api whose "Pay" button sends test funds on a test network.
 * @module
 */
import * as z from 'zod/mini'
import { DEFAULT_ONRAMP_LIMITS } from '../constants.ts'
import { address, decimalString, endpoint } from './endpoint.ts'

/** A fiat amount as the user types it: at most 2 decimals (`'100'`, `'49.99'`). */
export const fiatAmount = z
  .string()
  .check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, 'Expected an amount with at most 2 decimals'))

/** How a payment method limits one payment, in the currency's units (decimal strings). */
export const paymentMethodLimit = z.object({ id: z.string(), min: z.string(), max: z.string() })
export type PaymentMethodLimit = z.infer<typeof paymentMethodLimit>

/** A fiat currency the user can pay with (`USD`, `EUR`) and its limits per payment method (`card`, `bank`). */
export const paymentCurrency = z.object({
  id: z.string(),
  payment_method_limits: z.array(paymentMethodLimit),
})
export type PaymentCurrency = z.infer<typeof paymentCurrency>

/**
 * A network an asset can be bought on. `name` is the network's CAIP-2 id (what quotes and the URL generator
 * take as `network`), `chain_id` the decimal chain id, `contract_address` the token (empty for the native asset).
 */
export const purchaseNetwork = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.string(),
  contract_address: z.string(),
})
export type PurchaseNetwork = z.infer<typeof purchaseNetwork>

/** An asset that can be bought (`id` = its symbol), with the networks it is sold on. */
export const purchaseCurrency = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(purchaseNetwork),
})
export type PurchaseCurrency = z.infer<typeof purchaseCurrency>

export const onrampOptions = z.object({
  paymentCurrencies: z.array(paymentCurrency),
  purchaseCurrencies: z.array(purchaseCurrency),
})
export type OnrampOptions = z.infer<typeof onrampOptions>

const limits = (method: keyof typeof DEFAULT_ONRAMP_LIMITS) => ({
  id: method,
  min: String(DEFAULT_ONRAMP_LIMITS[method].min),
  max: String(DEFAULT_ONRAMP_LIMITS[method].max),
})

/**
 * The built-in options (spec §8): USD and EUR, card 10–7500 and bank 10–25000, nothing to buy. The server
 * answers these payment currencies always; clients fall back to the whole object when the call fails.
 */
export const DEFAULT_ONRAMP_OPTIONS: OnrampOptions = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({
    id,
    payment_method_limits: [limits('card'), limits('bank')],
  })),
  purchaseCurrencies: [],
}

export const getOnrampOptions = endpoint({
  method: 'get',
  path: '/v1/onramp/options',
  summary:
    'Fiat currencies with their payment limits, and the assets (native and configured tokens) buyable on each ' +
    'configured network; with no network configured, the built-in USD/EUR options and nothing to buy',
  auth: 'project',
  response: onrampOptions,
})

/** A currency in a quote request: its id (`'ETH'`, `'USD'`) or the option object as `/v1/onramp/options` gave it. */
const currencyRef = z.union([
  z.string().check(z.minLength(1, 'Required'), z.maxLength(32)),
  z.object({ id: z.string().check(z.minLength(1, 'Required'), z.maxLength(32)) }),
])

export const onrampQuoteRequest = z.object({
  /** The asset to buy: a `purchaseCurrencies[].id` (its symbol). */
  purchaseCurrency: currencyRef,
  /** The fiat currency: `USD` or `EUR`. */
  paymentCurrency: currencyRef,
  /** What the user pays, fees included, in the payment currency. */
  amount: fiatAmount,
  /** A `networks[].name` of the asset (a CAIP-2 id). */
  network: z.string().check(z.minLength(1, 'Required'), z.maxLength(64)),
  /** Payment method whose limits apply (default `card`). */
  paymentMethod: z.optional(z.enum(['card', 'bank'], 'Expected card or bank')),
})
export type OnrampQuoteRequest = z.input<typeof onrampQuoteRequest>

/** An amount of one currency: a decimal string and the currency's id. */
export const currencyAmount = z.object({ value: z.string(), currency: z.string() })
export type CurrencyAmount = z.infer<typeof currencyAmount>

/**
 * A quote. `paymentTotal` (what the user pays) = `paymentSubtotal` (what buys the asset) + `coinbaseFee` (the
 * provider fee, 1–2 %) + `networkFee` (the transfer's gas in fiat); `purchaseAmount` is what arrives.
 */
export const onrampQuote = z.object({
  paymentTotal: currencyAmount,
  paymentSubtotal: currencyAmount,
  purchaseAmount: currencyAmount,
  coinbaseFee: currencyAmount,
  networkFee: currencyAmount,
  quoteId: z.string(),
})
export type OnrampQuote = z.infer<typeof onrampQuote>

export const getOnrampQuote = endpoint({
  method: 'post',
  path: '/v1/onramp/quote',
  summary:
    'A purchase quote: provider fee 2 % under 100, 1.5 % under 1000, 1 % from 1000 (of the amount, kept within ' +
    '1–2 %), network fee from the chain gas price; amounts outside the method limits are refused (400); ' +
    'an unconfigured network is 400 "Network not supported for On-ramp"',
  auth: 'project',
  body: onrampQuoteRequest,
  response: onrampQuote,
})

/** Where a purchase goes: the first wallet is the destination; `blockchains`/`supportedNetworks` name networks. */
export const destinationWallet = z.object({
  address,
  /** Network names (CAIP-2 ids) the wallet accepts; the first one is used when `defaultNetwork` is absent. */
  blockchains: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(20))),
  /** Asset ids (symbols) the wallet accepts; the first one is bought. Default: the network's native asset. */
  assets: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(20))),
  /** Same as `blockchains` (accepted for compatibility). */
  supportedNetworks: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(20))),
})
export type DestinationWallet = z.infer<typeof destinationWallet>

/** A positive amount as a JSON number or a decimal string. */
const presetAmount = z.union([
  z.number().check(z.positive(), z.lte(1e12)),
  decimalString.check(z.refine((v) => Number(v) > 0, 'Expected a positive amount')),
])

export const onrampUrlRequest = z.object({
  destinationWallets: z.array(destinationWallet).check(z.minLength(1, 'Required'), z.maxLength(10)),
  /** The network (CAIP-2 id) to buy on; default: the wallet's first, else the first configured test network. */
  defaultNetwork: z.optional(z.string().check(z.maxLength(64))),
  /** The dApp's id for the user (kept with the purchase, never shown). */
  partnerUserId: z.string().check(z.minLength(1, 'Required'), z.maxLength(256)),
  defaultExperience: z.optional(z.literal('buy', 'Expected buy')),
  /** Amount of the asset to buy (asset units). Takes precedence over `presetFiatAmount`. */
  presetCryptoAmount: z.optional(presetAmount),
  /** USD to spend, fees included (converted at the configured price). Default 100 when neither is given. */
  presetFiatAmount: z.optional(presetAmount),
})
export type OnrampUrlRequest = z.input<typeof onrampUrlRequest>

export const generateOnrampUrl = endpoint({
  method: 'post',
  path: '/v1/generators/onrampurl',
  summary:
    'Stores a purchase for the first destination wallet and answers the URL of its page at the sandbox ' +
    'provider (valid 1 hour); an unconfigured network is 400 "Network not supported for On-ramp"',
  auth: 'project',
  body: onrampUrlRequest,
  response: z.object({ url: z.string() }),
})

/** A purchase session id in a sandbox URL. */
export const onrampSessionId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Invalid purchase id'))

export const getOnrampSandboxPage = endpoint({
  method: 'get',
  path: '/sandbox/onramp/{id}',
  summary:
    'The sandbox provider page of a purchase (HTML, no script): amount, asset, network, destination and a Pay ' +
    'button; 404 for an unknown purchase',
  auth: 'public',
  params: z.object({ id: onrampSessionId }),
  response: null,
  produces: 'text/html',
  errors: [404],
})

export const payOnrampSandbox = endpoint({
  method: 'post',
  path: '/sandbox/onramp/{id}/pay',
  summary:
    'Pays a purchase: sends the asset from the sandbox account to the destination on the test network and ' +
    'answers a page with the transaction hash. 404 unknown, 409 already paid, 410 expired, 400 no sandbox ' +
    'account or not a test network, 502 the transfer failed',
  auth: 'public',
  params: z.object({ id: onrampSessionId }),
  response: null,
  produces: 'text/html',
  errors: [404, 409, 410, 502],
})
