/**
 * What the Buy view offers, from `/v1/onramp/options` (or its built-in fallback): the assets sold on the
 * connected network, the payment currencies and methods with their limits, and the check of a typed amount.
 * @module
 */
import type { OnrampOptions, PurchaseNetwork } from '@keyframe/protocol/chain-api/onramp'
import { DEFAULT_ONRAMP_LIMITS } from '@keyframe/protocol/core'
import type { Network } from '../../../core/network.ts'

export type PaymentMethod = keyof typeof DEFAULT_ONRAMP_LIMITS

/** The payment methods, in the order the view lists them. */
export const PAYMENT_METHODS: readonly { id: PaymentMethod; label: string }[] = [
  { id: 'card', label: 'Card' },
  { id: 'bank', label: 'Bank transfer' },
]

/** An asset that can be bought, on the network it would be bought on. */
export type BuyableAsset = { id: string; name: string; symbol: string; network: PurchaseNetwork }

/** A payment's bounds, in the currency's units. */
export type Limits = { min: number; max: number }

/**
 * The assets sold on `network`. When the options name nothing to buy at all (the built-in fallback, chain-api
 * unreachable), the network's native currency: the provider's page is where it turns out to be sold or not.
 */
export function buyableOn(options: OnrampOptions, network: Network): BuyableAsset[] {
  const assets: BuyableAsset[] = []
  for (const currency of options.purchaseCurrencies) {
    const on = currency.networks.find((n) => n.name === network.caipNetworkId)
    if (on) assets.push({ id: currency.id, name: currency.name, symbol: currency.symbol, network: on })
  }
  if (options.purchaseCurrencies.length > 0 || !network.nativeCurrency) return assets
  const { name, symbol } = network.nativeCurrency
  return [
    {
      id: symbol,
      name,
      symbol,
      network: {
        name: network.caipNetworkId,
        display_name: network.name,
        chain_id: network.caipNetworkId.split(':')[1] ?? '',
        contract_address: '',
      },
    },
  ]
}

/** The names of the networks where anything can be bought (for a network where nothing can). */
export function buyNetworksOf(options: OnrampOptions): string[] {
  const names = options.purchaseCurrencies.flatMap((c) => c.networks.map((n) => n.display_name))
  return [...new Set(names)]
}

/** A payment method's limits in a currency; the spec's defaults when the options do not say (SPEC §8). */
export function limitsOf(options: OnrampOptions, currency: string, method: PaymentMethod): Limits {
  const limit = options.paymentCurrencies
    .find((c) => c.id === currency)
    ?.payment_method_limits.find((l) => l.id === method)
  const min = Number(limit?.min)
  const max = Number(limit?.max)
  return Number.isFinite(min) && Number.isFinite(max) && limit ? { min, max } : DEFAULT_ONRAMP_LIMITS[method]
}

/**
 * What is wrong with a typed amount, in chain-api's words, or undefined when it can be quoted. An empty field
 * is not an error (nothing typed yet); it cannot be quoted either: see {@link isQuotable}.
 */
export function amountError(
  text: string,
  limits: Limits,
  currency: string,
  method: PaymentMethod,
): string | undefined {
  const amount = text.trim()
  if (amount === '') return undefined
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount)) return 'Expected an amount with at most 2 decimals'
  const value = Number(amount)
  if (value < limits.min || value > limits.max)
    return `Amount must be between ${limits.min} and ${limits.max} ${currency} for ${method} payments`
  return undefined
}

/** True when `text` is a non-empty amount {@link amountError} accepts. */
export function isQuotable(text: string, limits: Limits, currency: string, method: PaymentMethod): boolean {
  return text.trim() !== '' && amountError(text, limits, currency, method) === undefined
}
