/**
 * Connecting an injected wallet (`connectInjected`), loaded on demand: the `@keyframe/sdk` entry exports a
 * same-named wrapper (`injectedOnDemand.ts`) that `import()`s this module, so it stays out of the pre-open
 * code (`budget.test.ts`); the connect views import it directly.
 * @module
 */
import { type Caip2Id, UserRejectedRequestError } from '@keyframe/protocol/core'
import { isUserRejection } from '../connectors/injected/connector.ts'
import { CONNECT_VIEWS } from './connection.ts'
import type { Keyframe } from './createKeyframe.ts'
import { BrowserOnlyError, DestroyedError } from './errors.ts'
import {
  activate,
  createConnector,
  getInjectedWallets,
  isBrowser,
  runtimeOf,
  setDisconnected,
  setExternalConnect,
} from './injected.ts'
import { addRecentWallet } from './recentWallets.ts'

/**
 * Connects the injected wallet `walletId` (from `getInjectedWallets`): asks it for its accounts
 * (`eth_requestAccounts`) and chain. On success the eip155 connection is the wallet's account, the wallet
 * becomes the active connector and the first of the recent wallets, and an open modal on a connect view
 * closes (SPEC §2). With the modal open, shows ConnectingExternal while the wallet asks the person.
 * @throws {UserRejectedRequestError} the person declined in the wallet (4001).
 * @throws {TypeError} no injected wallet has this id.
 * @example
 * import { connectInjected, getInjectedWallets } from '@keyframe/sdk'
 * const [wallet] = getInjectedWallets(kf)
 * if (wallet) await connectInjected(kf, wallet.id)
 */
export async function connectInjected(
  kf: Keyframe,
  walletId: string,
): Promise<{ address: `0x${string}`; chainId: Caip2Id }> {
  if (!isBrowser()) throw new BrowserOnlyError('connectInjected()')
  if (kf._internal.isDestroyed()) throw new DestroyedError('connectInjected()')
  const wallets = getInjectedWallets(kf)
  const wallet = wallets.find((w) => w.id === walletId)
  if (!wallet) {
    throw new TypeError(
      `Keyframe: no injected wallet ${JSON.stringify(walletId)}; the page offers ${
        wallets.map((w) => JSON.stringify(w.id)).join(', ') || 'none'
      }.`,
    )
  }
  const runtime = runtimeOf(kf)
  const attempt = ++runtime.attempt
  const { store, navigate } = kf._internal
  const info = { id: wallet.id, name: wallet.name, icon: wallet.icon }
  setExternalConnect(kf, { wallet: info, status: 'connecting' })
  if (store.getState().open) navigate('ConnectingExternal')
  const wasConnected = store.getState().connections.eip155.status === 'connected'
  if (!wasConnected) {
    const { connections } = store.getState()
    store.setState({
      connections: { ...connections, eip155: { status: 'connecting' } },
      activeNamespace: 'eip155',
    })
  }

  const connector = createConnector(kf, wallet)
  let result: { accounts: readonly `0x${string}`[]; chainId: number }
  try {
    result = await connector.connect()
  } catch (error) {
    if (attempt === runtime.attempt) {
      setExternalConnect(kf, { wallet: info, status: isUserRejection(error) ? 'declined' : 'failed' })
      if (!wasConnected && store.getState().connections.eip155.status === 'connecting') setDisconnected(kf)
    }
    if (isUserRejection(error)) {
      throw new UserRejectedRequestError((error as Error).message || undefined, { cause: error })
    }
    throw error
  }
  const address = result.accounts[0] as `0x${string}`
  const chainId: Caip2Id = `eip155:${result.chainId}`
  if (attempt !== runtime.attempt || kf._internal.isDestroyed()) {
    // Overtaken: the newer attempt decides; this one's wallet events must not linger.
    connector.release()
    return { address, chainId }
  }

  activate(kf, connector, result)
  addRecentWallet(kf, { id: wallet.id, name: wallet.name })
  setExternalConnect(kf, { wallet: info, status: 'connected' })
  const { open, view } = store.getState()
  if (open && CONNECT_VIEWS.includes(view)) kf.close()
  return { address, chainId }
}
