/** @jsxImportSource preact */
import { shortenAddress } from '@keyframe/protocol'
import type { Keyframe } from '../../core/createKeyframe.ts'
import type { Network } from '../../core/network.ts'
import { Avatar } from './Avatar.tsx'

/** The network's explorer page of `address`, when the network names an explorer. */
function explorerUrl(network: Network, address: string): string | undefined {
  const base = network.blockExplorers?.default.url
  return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
}

/** The header's balance line: the amount with its symbol, and its USD value when known ('' otherwise). */
export type BalanceLine = { amount: string; usd: string }

/**
 * The Account header: avatar, the profile name or the short address (4 + 6, SPEC §9) with the full address
 * as its title, the native balance with its USD value (2 decimals), and copy, explorer and network controls.
 * 'Choose a name' leads to RegisterAccountName where names can be registered and the account has none.
 */
export function AccountHeader(props: {
  kf: Keyframe
  address: string
  network: Network
  balance: BalanceLine
  /** The profile (SPEC §3 profileName, profileImage), once chain-api has answered. */
  profile?: { name: string | null; avatar: string | null } | undefined
  /** Whether to offer 'Choose a name' (no name, and names can be registered here). */
  canChooseName?: boolean | undefined
}) {
  const { kf, address, network, balance, canChooseName } = props
  const profile = props.profile ?? { name: null, avatar: null }
  const { navigate, toasts } = kf._internal
  const explorer = explorerUrl(network, address)

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
        {!profile.name && canChooseName && (
          <button type="button" className="kf-pill" onClick={() => navigate('RegisterAccountName')}>
            Choose a name
          </button>
        )}
      </div>
    </section>
  )
}
