/**
 * The WalletConnect session's handling, loaded with `import()` together with the connector (which fetches
 * `@walletconnect/universal-provider` on its first use): the pairing's states, the session's account as the
 * eip155 connection, its events, the recent wallet, and the restore of a stored session (SPEC §4). One lazy
 * entry for both, so the core modules they share with the entry stay in the entry's chunks.
 * @module
 */
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import type { ConnectorType } from '../connectors/types.ts'
import {
  createWalletConnectConnector,
  type WalletConnectConnector,
} from '../connectors/walletconnect/connector.ts'
import { messageOf, proposalOutcome } from '../connectors/walletconnect/outcome.ts'
import { removeConnectedConnector, saveConnectedConnector } from './connectedConnector.ts'
import { CONNECT_VIEWS, restoreConnection } from './connection.ts'
import { getActiveConnector, setActiveConnector, watchActiveConnector } from './connectors.ts'
import type { Keyframe } from './createKeyframe.ts'
import { setDisconnected, updateConnection } from './injected.ts'
import { addRecentWallet } from './recentWallets.ts'
import { WALLET_CONNECT, type WalletConnectState, type WalletConnectTarget } from './walletConnect.ts'
import type { WalletConnectConfig } from './walletConnectStart.ts'

/** The connector id, and the recent wallet's id when no catalogue wallet was chosen. */
const WALLETCONNECT_ID = 'walletConnect' satisfies ConnectorType

function setWalletConnect(kf: Keyframe, walletConnect: WalletConnectState | undefined) {
  kf._internal.store.setState({ walletConnect })
}

/** Whether the WalletConnect connector holds eip155 (its events count only then). */
function holdsEip155(kf: Keyframe): boolean {
  return !kf._internal.isDestroyed() && getActiveConnector(kf, 'eip155')?.type === 'walletConnect'
}

/** The dApp as the wallet app shows it: the option's metadata, else the page's title and origin. */
function metadataOf({ metadata }: WalletConnectConfig) {
  if (metadata) {
    const { name, description = '', url, icons } = metadata
    return { name, description, url, icons: [...icons] }
  }
  return { name: document.title || location.host, description: '', url: location.origin, icons: [] }
}

/** The instance's connector: made once (it holds the relay connection and the stored session). */
function connectorOf(kf: Keyframe, config: WalletConnectConfig) {
  const runtime = kf._internal.runtime(WALLET_CONNECT)
  runtime.connector ??= createWalletConnectConnector({
    relayUrl: config.relayUrl,
    projectId: kf._internal.projectId,
    metadata: metadataOf(config),
    networks: kf._internal.networks,
    storage: kf._internal.storage,
    onAccountsChanged(address) {
      if (holdsEip155(kf)) updateConnection(kf, { address })
    },
    onChainChanged(chainId) {
      if (holdsEip155(kf)) updateConnection(kf, { chainId })
    },
    // SPEC §4: session_delete (or a disconnect) → disconnected, and the pairing status resets.
    onDisconnect() {
      if (!holdsEip155(kf)) return
      removeConnectedConnector(kf._internal.storage, 'eip155', WALLETCONNECT_ID)
      setActiveConnector(kf, 'eip155', undefined)
      setDisconnected(kf)
      setWalletConnect(kf, undefined)
    },
  }).catch((error: unknown) => {
    runtime.connector = undefined
    throw error
  })
  return runtime.connector
}

/**
 * Makes `connector` hold eip155 with the session's account and remembers it for the next start. When another
 * connector takes over, the session ends (best effort): no session is left behind that nothing follows.
 */
function activate(
  kf: Keyframe,
  connector: WalletConnectConnector,
  account: { address: `0x${string}`; chainId: number },
) {
  setActiveConnector(kf, 'eip155', connector)
  const unwatch = watchActiveConnector(kf, {
    onChange(active) {
      if (active === connector) return
      unwatch()
      if (active) connector.disconnect().catch(() => undefined)
    },
  })
  updateConnection(kf, account)
  saveConnectedConnector(kf._internal.storage, 'eip155', WALLETCONNECT_ID)
}

/** `connectWalletConnect`'s pairing, once the chunk is here. @internal */
export async function connectSession(
  kf: Keyframe,
  p: {
    config: WalletConnectConfig
    wallet: WalletConnectTarget | undefined
    attempt: number
  },
): Promise<void> {
  const { wallet, attempt } = p
  const runtime = kf._internal.runtime(WALLET_CONNECT)
  const isCurrent = () => attempt === runtime.attempt && !kf._internal.isDestroyed()
  let uri: string | undefined
  let connector: WalletConnectConnector
  let account: Awaited<ReturnType<WalletConnectConnector['connect']>>
  try {
    connector = await connectorOf(kf, p.config)
    if (!isCurrent()) return
    account = await connector.connect({
      onUri(next) {
        uri = next
        if (isCurrent()) setWalletConnect(kf, { status: 'waiting', uri, wallet })
      },
      isWanted: isCurrent,
    })
  } catch (error) {
    if (!isCurrent()) return
    const status = proposalOutcome(error)
    setWalletConnect(kf, { status, uri, wallet, error: messageOf(error) })
    if (status === 'declined') throw new UserRejectedRequestError(messageOf(error), { cause: error })
    throw error
  }
  activate(kf, connector, account)
  addRecentWallet(kf, { id: wallet?.id ?? WALLETCONNECT_ID, name: wallet?.name ?? account.walletName })
  setWalletConnect(kf, { status: 'connected', uri, wallet })
  const { open, view } = kf.getState()
  if (open && CONNECT_VIEWS.includes(view)) kf.close()
}

/**
 * `restoreWalletConnect`'s read of the stored session, once the chunk is here. A session with an eip155
 * account: connected. None (it expired, the wallet deleted it meanwhile): the stored id is dropped, and the
 * e-mail login is restored if one is stored, else disconnected. @internal
 */
export async function restoreSession(kf: Keyframe, config: WalletConnectConfig): Promise<void> {
  const runtime = kf._internal.runtime(WALLET_CONNECT)
  const attempt = ++runtime.attempt
  const connector = await connectorOf(kf, config).catch(() => undefined)
  if (attempt !== runtime.attempt || kf._internal.isDestroyed()) return
  const account = connector?.restored()
  if (connector && account) {
    activate(kf, connector, account)
    return
  }
  removeConnectedConnector(kf._internal.storage, 'eip155', WALLETCONNECT_ID)
  if (!restoreConnection(kf)) setDisconnected(kf)
}
