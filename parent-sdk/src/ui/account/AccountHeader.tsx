/** @jsxImportSource preact */
import { formatBalance, shortenAddress } from '@keyframe/protocol'
import type { Identity } from '@keyframe/protocol/chain-api/names'
import { useLayoutEffect, useState } from 'preact/hooks'
import type { Keyframe } from '../../core/createKeyframe.ts'
import type { Network } from '../../core/network.ts'
import { formatAmount } from '../../core/send.ts'
import { Avatar } from './Avatar.tsx'
import type { Portfolio } from './portfolio.ts'
import { canRegisterName, readProfile } from './profileName.ts'
import { formatUsd, nativeBalanceOf } from './tokenRows.ts'

const NO_PROFILE: Identity = { name: null, avatar: null }

/** The network's explorer page of `address`, when the network names an explorer. */
function explorerUrl(network: Network, address: string): string | undefined {
  const base = network.blockExplorers?.default.url
  return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
}

/** The name and avatar of `address`, read on mount and when it changes (a failure keeps the address). */
function useProfile(kf: Keyframe, address: string): Identity {
  const [profile, setProfile] = useState<{ address: string; identity: Identity } | null>(null)
  useLayoutEffect(() => {
    const controller = new AbortController()
    readProfile(kf, address, { signal: controller.signal }).then(
      (identity) => setProfile({ address, identity }),
      () => {
        if (!controller.signal.aborted) setProfile({ address, identity: NO_PROFILE })
      },
    )
    return () => controller.abort()
  }, [kf, address])
  return profile?.address === address ? profile.identity : NO_PROFILE
}

export type NativeBalance = bigint | 'failed' | null

/** The header's balance line: chain-api's native entry with USD, else the provider's figure alone. */
function balanceText(portfolio: Portfolio, provider: NativeBalance, network: Network) {
  const native = network.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  if (portfolio.status === 'loading') return { amount: '…', usd: '' }
  if (portfolio.status === 'ready') {
    const entry = nativeBalanceOf(portfolio.balances)
    if (!entry) return { amount: `0.00 ${native.symbol}`, usd: formatUsd(0) }
    return {
      amount: `${formatBalance(entry.quantity.numeric)} ${entry.symbol}`,
      usd: entry.price > 0 ? formatUsd(entry.value) : '',
    }
  }
  if (provider === null) return { amount: '…', usd: '' }
  if (provider === 'failed') return { amount: 'Balance unavailable', usd: '' }
  return { amount: `${formatBalance(formatAmount(provider, native.decimals))} ${native.symbol}`, usd: '' }
}

/**
 * The Account header: avatar, the profile name or the short address (4 + 6, SPEC §9) with the full address
 * as its title, the native balance with its USD value (2 decimals), and copy, explorer and network controls.
 * 'Choose a name' leads to RegisterAccountName where names can be registered and the account has none.
 */
export function AccountHeader(props: {
  kf: Keyframe
  address: string
  network: Network
  portfolio: Portfolio
  providerBalance: NativeBalance
}) {
  const { kf, address, network, portfolio, providerBalance } = props
  const { navigate, toasts } = kf._internal
  const profile = useProfile(kf, address)
  const explorer = explorerUrl(network, address)
  const balance = balanceText(portfolio, providerBalance, network)

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(address)
      toasts.show('success', 'Address copied')
    } catch {
      toasts.show('error', 'Could not copy the address')
    }
  }

  return (
    <section className="kf-account-header" aria-label="Account">
      <Avatar address={address} url={profile.avatar} />
      <p className="kf-account-name">
        {profile.name ? (
          <span data-testid="kf-profile-name" title={address}>
            {profile.name}
          </span>
        ) : (
          <span data-testid="kf-address" title={address}>
            {shortenAddress(address)}
          </span>
        )}
      </p>
      <p
        className="kf-account-balance"
        data-testid="kf-balance"
        aria-busy={balance.amount === '…' || undefined}
      >
        <span className="kf-account-amount">{balance.amount}</span>
        {balance.usd && (
          <span className="kf-account-usd" data-testid="kf-balance-usd">
            {balance.usd}
          </span>
        )}
      </p>
      <div className="kf-account-controls">
        <button type="button" className="kf-chip" onClick={() => navigate('Networks')}>
          <span className="kf-visually-hidden">Network: </span>
          {network.name}
        </button>
        <button type="button" className="kf-pill" onClick={() => void onCopy()}>
          Copy address
        </button>
        {explorer && (
          <a className="kf-pill" href={explorer} target="_blank" rel="noopener noreferrer">
            View on {network.blockExplorers?.default.name ?? 'explorer'}
          </a>
        )}
        {!profile.name && canRegisterName(kf) && (
          <button type="button" className="kf-pill" onClick={() => navigate('RegisterAccountName')}>
            Choose a name
          </button>
        )}
      </div>
    </section>
  )
}
