/** @jsxImportSource preact */
import type { WalletFeature } from '@keyframe/protocol/core'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { WALLET_FEATURE_VIEWS, walletFeatureRow } from './walletFeatures.ts'

const ICONS: Record<WalletFeature, string> = {
  onramp: 'M10 4v12M4 10h12',
  swaps: 'M5 7h10l-3-3M15 13H5l3 3',
  receive: 'M10 4v10m0 0-4-4m4 4 4-4M5 16h10',
  send: 'M10 16V6m0 0-4 4m4-4 4 4M5 4h10',
}

/**
 * The wallet feature row (SPEC §9 order: Buy, Swap, Receive, Send): one button per feature the `features`
 * option leaves on. A feature turned off has no button, so its view's chunk is never requested.
 */
export function FeatureRow({ kf }: { kf: Keyframe }) {
  const features = walletFeatureRow(kf._internal.features, kf._internal.chainApiUrl !== undefined)
  if (features.length === 0) return null
  return (
    <nav className="kf-features" aria-label="Wallet actions">
      {features.map((feature) => {
        const { view, label } = WALLET_FEATURE_VIEWS[feature]
        return (
          <button
            key={feature}
            type="button"
            className="kf-button kf-feature"
            onClick={() => kf._internal.navigate(view)}
          >
            <svg viewBox="0 0 20 20" fill="none" aria-hidden="true">
              <path
                d={ICONS[feature]}
                stroke="currentColor"
                stroke-width="1.8"
                stroke-linecap="round"
                stroke-linejoin="round"
              />
            </svg>
            {label}
          </button>
        )
      })}
    </nav>
  )
}
