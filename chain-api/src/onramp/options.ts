/**
 * `/v1/onramp/options`: the spec's USD/EUR payment options, and every configured chain's assets grouped by
 * symbol (ETH on two chains is one purchase currency with two networks).
 * @module
 */
import {
  DEFAULT_ONRAMP_OPTIONS,
  type OnrampOptions,
  type PurchaseCurrency,
} from '@keyframe/protocol/chain-api/onramp'
import type { ChainConfig } from '../config.ts'
import { purchaseAssetsOf } from './assets.ts'

/** The options for these chains; with none, the built-in defaults (nothing to buy). */
export function onrampOptionsOf(chains: readonly ChainConfig[]): OnrampOptions {
  const bySymbol = new Map<string, PurchaseCurrency>()
  for (const chain of chains) {
    for (const asset of purchaseAssetsOf(chain)) {
      let currency = bySymbol.get(asset.symbol)
      if (!currency) {
        currency = { id: asset.symbol, name: asset.name, symbol: asset.symbol, networks: [] }
        bySymbol.set(asset.symbol, currency)
      }
      currency.networks.push({
        name: chain.caip2,
        display_name: chain.name,
        chain_id: String(chain.id),
        contract_address: asset.token ?? '',
      })
    }
  }
  return {
    paymentCurrencies: DEFAULT_ONRAMP_OPTIONS.paymentCurrencies.map((c) => ({
      id: c.id,
      payment_method_limits: c.payment_method_limits.map((limit) => ({ ...limit })),
    })),
    purchaseCurrencies: [...bySymbol.values()],
  }
}
