/** @jsxImportSource preact */
import type { Caip2Id } from '@keyframe/protocol/core'
import { useState } from 'preact/hooks'
import { getAccount, getConnection, watchAccount } from '../../core/account.ts'
import { disconnect, signOut } from '../../core/connection.ts'
import { getActiveConnector, watchActiveConnector } from '../../core/connectors.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getNetwork, type Network, watchNetwork } from '../../core/network.ts'
import { AccountHeader } from '../account/AccountHeader.tsx'
import { accountStyles } from '../account/accountStyles.ts'
import { balanceLine } from '../account/balanceLine.ts'
import { FeatureRow } from '../account/FeatureRow.tsx'
import { useNativeBalance } from '../account/useNativeBalance.ts'
import { errorText } from '../errorText.ts'
import { lazyView } from '../lazyView.tsx'
import { useWatched } from '../useWatched.ts'
import { SOCIAL_LABELS } from '../viewCopy.ts'

type SummaryProps = { kf: Keyframe; address: string; chainId: Caip2Id; network: Network; revision: number }

/** The header and the feature row from the wallet's provider alone (no chain-api, or while its part loads). */
function AccountSummary({ kf, address, chainId, network }: SummaryProps) {
  const chainApi = kf._internal.chainApiUrl !== undefined
  const provider = useNativeBalance(kf, address, chainId, chainApi ? 'no' : 'yes')
  return (
    <>
      <AccountHeader
        kf={kf}
        address={address}
        network={network}
        balance={balanceLine(undefined, provider, network)}
      />
      <FeatureRow kf={kf} />
    </>
  )
}

/** The chain-api part (`account/AccountData.tsx`), its own chunk; the summary shows while it loads. */
const AccountData = lazyView<SummaryProps>(
  () => import('../account/AccountData.tsx').then((m) => m.AccountData),
  AccountSummary,
)

/** The store's `portfolioRevision` (bumped by `refreshBalances`). */
const getPortfolioRevision = (kf: Keyframe) => kf.getState().portfolioRevision
const watchPortfolioRevision = (kf: Keyframe, { onChange }: { onChange(): void }) => kf.subscribe(onChange)

/**
 * Account (SPEC §2): the header (avatar, name or short address, native balance with USD, copy, explorer,
 * network), the wallet feature row (Buy, Swap, Receive, Send, as the `features` option allows), the Tokens /
 * NFTs / Activity tabs (with a `chainApiUrl`), then 'Update e-mail', 'Disconnect' (this site only: the
 * person stays logged in, and reconnecting asks nothing) and, for the embedded wallet, 'Log out' (ends the
 * login in the frame: the next login needs a code). Either closes the modal; if the frame refuses to sign
 * out the page is signed out anyway and a toast says 'Failed to disconnect'.
 */
export function AccountView({ kf }: { kf: Keyframe }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const network = useWatched(kf, watchNetwork, getNetwork)
  const revision = useWatched(kf, watchPortfolioRevision, getPortfolioRevision)
  const connector = useWatched(kf, watchActiveConnector, getActiveConnector)
  const { navigate, resetTo, toasts } = kf._internal
  const [busy, setBusy] = useState(false)

  if (account.status === 'connecting') {
    return (
      <p className="kf-waiting" role="status">
        <span className="kf-spinner" aria-hidden="true" />
        Restoring your session…
      </p>
    )
  }
  if (account.status === 'disconnected' || !account.address || !account.chainId) {
    return (
      <div className="kf-stack">
        <p className="kf-note">Not connected.</p>
        <button type="button" className="kf-button kf-primary kf-block" onClick={() => resetTo('Connect')}>
          Connect
        </button>
      </div>
    )
  }

  async function onLeave(leave: (kf: Keyframe) => Promise<void>) {
    if (busy) return
    setBusy(true)
    try {
      await leave(kf)
      kf.close()
    } catch (error) {
      toasts.show('error', errorText(error))
      resetTo('Connect')
    } finally {
      setBusy(false)
    }
  }

  const props: SummaryProps = { kf, address: account.address, chainId: account.chainId, network, revision }
  const email = account.user?.email
  // A social or Farcaster login names its provider, and its username when it has no e-mail.
  const who = email ?? account.user?.username
  const social = getConnection(kf).socialProvider
  return (
    <div className="kf-stack">
      <style>{accountStyles}</style>
      {kf._internal.chainApiUrl === undefined ? <AccountSummary {...props} /> : <AccountData {...props} />}
      {who && (
        <p className="kf-info">
          Logged in {social && `with ${SOCIAL_LABELS[social]} `}as <span className="kf-strong">{who}</span>
        </p>
      )}
      <div className="kf-account-leave">
        {email && (
          <button type="button" className="kf-button" onClick={() => navigate('UpdateEmail')}>
            Update e-mail
          </button>
        )}
        <button
          type="button"
          className="kf-button"
          aria-disabled={busy || undefined}
          onClick={() => void onLeave(disconnect)}
        >
          Disconnect
        </button>
        {connector?.type === 'embedded' && (
          <button
            type="button"
            className="kf-button"
            aria-disabled={busy || undefined}
            onClick={() => void onLeave(signOut)}
          >
            Log out
          </button>
        )}
      </div>
    </div>
  )
}
