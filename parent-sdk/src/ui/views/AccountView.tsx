/** @jsxImportSource preact */
import { formatBalance, shortenAddress } from '@keyframe/protocol'
import { useLayoutEffect, useState } from 'preact/hooks'
import { getAccount, watchAccount } from '../../core/account.ts'
import { disconnect, signOut } from '../../core/connection.ts'
import { getActiveConnector, watchActiveConnector } from '../../core/connectors.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getNetwork, type Network, watchNetwork } from '../../core/network.ts'
import { formatAmount, readNativeBalance } from '../../core/send.ts'
import { errorText } from '../errorText.ts'
import { useWatched } from '../useWatched.ts'

/** The network's explorer page of `address`, when the network names an explorer. */
function explorerUrl(network: Network, address: string): string | undefined {
  const base = network.blockExplorers?.default.url
  return base ? `${base.replace(/\/+$/, '')}/address/${address}` : undefined
}

/**
 * The native balance of the account, read through the active connector's provider (`eth_getBalance`) and
 * read again when the account, the chain or the connector changes. `null` while it is being read.
 */
function useNativeBalance(kf: Keyframe, address: string | undefined, chainId: string | undefined) {
  const connector = useWatched(kf, watchActiveConnector, getActiveConnector)
  const [balance, setBalance] = useState<{ key: string; value: bigint | 'failed' } | null>(null)
  const key = `${connector?.id}|${chainId}|${address}`
  useLayoutEffect(() => {
    if (!connector || !address || !/^0x[0-9a-fA-F]{40}$/.test(address)) return
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
          kf._internal.toasts.show('error', 'Token Balance Unavailable')
        },
      )
    return () => {
      live = false
    }
  }, [kf, connector, address, key])
  return balance?.key === key ? balance.value : null
}

/**
 * Account: the shortened address (4 + 6 characters, SPEC §9) with copy and explorer link, the native
 * balance (2 decimals), the network (to the Networks view), the e-mail, 'Send', 'Update e-mail',
 * 'Disconnect' (this site only: the person stays logged in, and reconnecting asks nothing) and, for the
 * embedded wallet, 'Log out' (ends the login in the frame: the next login needs a code). Either closes the
 * modal; if the frame refuses to sign out the page is signed out anyway and a toast says 'Failed to
 * disconnect'.
 */
export function AccountView({ kf }: { kf: Keyframe }) {
  const account = useWatched(kf, watchAccount, getAccount)
  const network = useWatched(kf, watchNetwork, getNetwork)
  const balance = useNativeBalance(kf, account.address, account.chainId)
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

  const address = account.address
  async function onCopy() {
    try {
      await navigator.clipboard.writeText(address)
      toasts.show('success', 'Address copied')
    } catch {
      toasts.show('error', 'Could not copy the address')
    }
  }

  const email = account.user?.email
  const native = network.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const explorer = explorerUrl(network, address)
  return (
    <div className="kf-stack">
      <dl className="kf-account">
        <dt>Address</dt>
        <dd>
          <span title={address} data-testid="kf-address">
            {shortenAddress(address)}
          </span>
        </dd>
        <dt>Balance</dt>
        <dd data-testid="kf-balance">
          {balance === null
            ? '…'
            : balance === 'failed'
              ? 'Unavailable'
              : `${formatBalance(formatAmount(balance, native.decimals))} ${native.symbol}`}
        </dd>
        <dt>Network</dt>
        <dd>
          <button type="button" className="kf-chip" onClick={() => navigate('Networks')}>
            {network.name}
          </button>
        </dd>
        {email && (
          <>
            <dt>E-mail</dt>
            <dd>{email}</dd>
          </>
        )}
      </dl>
      <div className="kf-row">
        <button type="button" className="kf-button kf-grow" onClick={() => void onCopy()}>
          Copy address
        </button>
        {explorer && (
          <a className="kf-button kf-grow" href={explorer} target="_blank" rel="noopener noreferrer">
            View on {network.blockExplorers?.default.name ?? 'explorer'}
          </a>
        )}
      </div>
      <button type="button" className="kf-button kf-primary kf-block" onClick={() => navigate('Send')}>
        Send
      </button>
      {email && (
        <button type="button" className="kf-button kf-block" onClick={() => navigate('UpdateEmail')}>
          Update e-mail
        </button>
      )}
      <button
        type="button"
        className="kf-button kf-block"
        aria-disabled={busy || undefined}
        onClick={() => void onLeave(disconnect)}
      >
        Disconnect
      </button>
      {connector?.type === 'embedded' && (
        <button
          type="button"
          className="kf-button kf-block"
          aria-disabled={busy || undefined}
          onClick={() => void onLeave(signOut)}
        >
          Log out
        </button>
      )}
    </div>
  )
}
