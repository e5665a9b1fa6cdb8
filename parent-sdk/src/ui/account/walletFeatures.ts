import { WALLET_FEATURE_ORDER, type WalletFeature } from '@keyframe/protocol/core'
import type { ViewName } from '../../core/router.ts'

/** The view each wallet feature opens, and its button's label. */
export const WALLET_FEATURE_VIEWS: Readonly<Record<WalletFeature, { view: ViewName; label: string }>> = {
  onramp: { view: 'Buy', label: 'Buy' },
  swaps: { view: 'Swap', label: 'Swap' },
  receive: { view: 'Receive', label: 'Receive' },
  send: { view: 'Send', label: 'Send' },
}

/** The features that need chain-api (quotes, providers): without a `chainApiUrl` they are not offered. */
const NEEDS_CHAIN_API: readonly WalletFeature[] = ['onramp', 'swaps']

/**
 * The Account view's feature row: the wallet features in SPEC §9 order (onramp, swaps, receive, send), those
 * turned off by the `features` option left out, and those needing chain-api left out without one.
 * @example
 * walletFeatureRow({ swaps: false, onramp: true, receive: true, send: true }, true) // ['onramp', 'receive', 'send']
 */
export function walletFeatureRow(
  features: Readonly<Record<WalletFeature, boolean>>,
  hasChainApi: boolean,
): WalletFeature[] {
  return WALLET_FEATURE_ORDER.filter(
    (feature) => features[feature] && (hasChainApi || !NEEDS_CHAIN_API.includes(feature)),
  )
}

/** The feature a view belongs to, if it is a wallet feature's view. */
export function featureOfView(view: ViewName): WalletFeature | undefined {
  return WALLET_FEATURE_ORDER.find((feature) => WALLET_FEATURE_VIEWS[feature].view === view)
}
