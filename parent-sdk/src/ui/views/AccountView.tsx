/** @jsxImportSource preact */
import { useLayoutEffect, useState } from 'preact/hooks'
import { getAccount, watchAccount } from '../../core/account.ts'
import { disconnect, signOut } from '../../core/connection.ts'
import { getActiveConnector, watchActiveConnector } from '../../core/connectors.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getNetwork, watchNetwork } from '../../core/network.ts'
import { readNativeBalance } from '../../core/send.ts'
import { AccountHeader } from '../account/AccountHeader.tsx'
import { AccountTabs } from '../account/AccountTabs.tsx'
import { accountStyles } from '../account/accountStyles.ts'
import { FeatureRow } from '../account/FeatureRow.tsx'
import { usePortfolio } from '../account/portfolio.ts'
import { chainApiOf } from '../chainApi.ts'
import { errorText } from '../errorText.ts'
import { useWatched } from '../useWatched.ts'

/** The store's `portfolioRevision` (bumped by `refreshBalances`). */
const getPortfolioRevision = (kf: Keyframe) => kf.getState().portfolioRevision
const watchPortfolioRevision = (kf: Keyframe, { onChange }: { onChange(): void }) => kf.subscribe(onChange)

/**
 * The native balance of the account, read through the active connector's provider (`eth_getBalance`) when
 * chain-api cannot say it (no `chainApiUrl`, or its read failed), and read again when the account, the chain
 * or the connector changes. `null` while it is being read or not read. Without chain-api a failure is
 * 'Token Balance Unavailable' (with one, the portfolio's failure has said so already).
 */
function useNativeBalance(
  kf: Keyframe,
  address: string | undefined,
  chainId: string | undefined,
  read: 'no' | 'quietly' | 'yes',
) {
  const connector = useWatched(kf, watchActiveConnector, getActiveConnector)
  const [balance, setBalance] = useState<{ key: string; value: bigint | 'failed' } | null>(null)
  const key = `${connector?.id}|${chainId}|${address}`
  useLayoutEffect(() => {
    if (read === 'no' || !connector || !address || !/^0x[0-9a-fA-F]{40}$/.test(address)) return
    let live = true
    connector
      .getProvider()
      .then((provider) => readNativeBalance(provider, address as `0x${string}`))
      .then(
        (value) => {
          if (live) setBalance({ key, value })
        },
        () => {
          if (!live) return
          setBalance({ key, value: 'failed' })
          if (read === 'yes') kf._internal.toasts.show('error', 'Token Balance Unavailable')
        },
      )
    return () => {
      live = false
    }
  }, [kf, connector, address, key, read])
  return balance?.key === key ? balance.value : null
}

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
  const portfolio = usePortfolio(kf, account.address, account.chainId, revision)
  const providerBalance = useNativeBalance(
    kf,
    account.address,
    account.chainId,
    portfolio.status === 'none' ? 'yes' : portfolio.status === 'failed' ? 'quietly' : 'no',
  )
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
  if (account.status === 'disconnected' || !account.address) {
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

  const { address, chainId } = account
  const email = account.user?.email
  return (
    <div className="kf-stack">
      <style>{accountStyles}</style>
      <AccountHeader
        kf={kf}
        address={address}
        network={network}
        portfolio={portfolio}
        providerBalance={providerBalance}
      />
      <FeatureRow kf={kf} />
      {chainApiOf(kf) && chainId && (
        <AccountTabs kf={kf} address={address} chainId={chainId} portfolio={portfolio} revision={revision} />
      )}
      {email && (
        <p className="kf-info">
          Logged in as <span className="kf-strong">{email}</span>
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
