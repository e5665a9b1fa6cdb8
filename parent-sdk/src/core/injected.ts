/**
 * Injected wallets (EIP-6963 and a plain `window.ethereum`): the list the page offers, connecting one as
 * the eip155 connector, and restoring that connection on the next start (SPEC §4). The discovery runs while
 * something watches the list (the Connect view) or a restore looks for its wallet; a read without a watcher
 * asks the wallets once and stops listening at once, so nothing stays on `window`.
 * @module
 */
import type { Caip2Id, Caip10Id } from '@keyframe/protocol/core'
import {
  createInjectedConnector,
  evmChainIdOf,
  type InjectedConnector,
} from '../connectors/injected/connector.ts'
import {
  createInjectedDiscovery,
  INJECTED_FALLBACK_ID,
  type InjectedDiscovery,
  type InjectedWallet,
} from '../connectors/injected/discovery.ts'
import {
  readConnectedConnector,
  removeConnectedConnector,
  saveConnectedConnector,
} from './connectedConnector.ts'
import { restoreConnection } from './connection.ts'
import { getActiveConnector, setActiveConnector, watchActiveConnector } from './connectors.ts'
import type { Keyframe } from './createKeyframe.ts'
import { defineRuntime } from './runtime.ts'
import { DISCONNECTED } from './store.ts'
import { watchSelected } from './watch.ts'

export type { InjectedWallet } from '../connectors/injected/discovery.ts'

/** Where a connect to an injected wallet stands, for the ConnectingExternal view. */
export type ExternalConnect = {
  readonly wallet: { readonly id: string; readonly name: string; readonly icon: string | undefined }
  /** `declined`: the person refused in the wallet (4001); `failed`: any other error. */
  readonly status: 'connecting' | 'connected' | 'declined' | 'failed'
}

type Runtime = {
  discovery: InjectedDiscovery | undefined
  watchers: number
  /** The last list read without a watcher, so repeated reads return the same array while it is unchanged. */
  probed: readonly InjectedWallet[]
  /** Bumped by each connect and restore: an older attempt's late answer is dropped. */
  attempt: number
  /** Ends the restore's wait for its wallet, while it waits. */
  stopRestore: (() => void) | undefined
}

/** How long a restore waits for the stored wallet to announce itself after asking (EIP-6963). */
const RESTORE_WAIT_MS = 500

const INJECTED = defineRuntime('injected', (kf): Runtime => {
  const runtime: Runtime = {
    discovery: undefined,
    watchers: 0,
    probed: [],
    attempt: 0,
    stopRestore: undefined,
  }
  // On destroy: a restore's wait ends, and the active injected wallet is no longer followed.
  kf._internal.onDestroy(() => {
    runtime.stopRestore?.()
    const connector = getActiveConnector(kf, 'eip155')
    if (connector?.type === 'injected') (connector as InjectedConnector).release()
  })
  return runtime
})

/** The injected wallets' per-instance state (`injectedConnect.ts` shares it). @internal */
export const runtimeOf = (kf: Keyframe): Runtime => kf._internal.runtime(INJECTED)

/** Whether there is a `window` to find wallets on. @internal */
export function isBrowser(): boolean {
  return typeof window !== 'undefined'
}

function sameWallets(a: readonly InjectedWallet[], b: readonly InjectedWallet[]): boolean {
  return (
    a.length === b.length &&
    a.every((wallet, i) => wallet.id === b[i]?.id && wallet.provider === b[i]?.provider)
  )
}

/**
 * The injected wallets the page offers: every EIP-6963 wallet that announced itself (de-duplicated by rdns
 * and uuid; Keyframe's own left out), then a plain `window.ethereum` as `'injected'` when none of them is
 * it. Empty on the server.
 * @example
 * import { getInjectedWallets } from '@keyframe/sdk'
 * getInjectedWallets(kf).map((w) => w.id) // ['injected:io.metamask']
 */
export function getInjectedWallets(kf: Keyframe): readonly InjectedWallet[] {
  if (!isBrowser() || kf._internal.isDestroyed()) return []
  const runtime = runtimeOf(kf)
  if (runtime.discovery) return runtime.discovery.getWallets()
  // Wallets announce synchronously in answer to the request, so a one-off listen sees them.
  const discovery = createInjectedDiscovery(window)
  const wallets = discovery.getWallets()
  discovery.destroy()
  if (!sameWallets(wallets, runtime.probed)) runtime.probed = wallets
  return runtime.probed
}

/**
 * Calls `onChange` with the list whenever a wallet announces itself. Listens to EIP-6963 announcements
 * until the last watcher unsubscribes. Returns the unsubscribe.
 * @example
 * import { watchInjectedWallets } from '@keyframe/sdk'
 * const unwatch = watchInjectedWallets(kf, { onChange: (wallets) => console.log(wallets.length) })
 */
export function watchInjectedWallets(
  kf: Keyframe,
  parameters: { onChange(wallets: readonly InjectedWallet[]): void },
): () => void {
  if (!isBrowser() || kf._internal.isDestroyed()) return () => {}
  const runtime = runtimeOf(kf)
  runtime.discovery ??= createInjectedDiscovery(window)
  runtime.watchers++
  const discovery = runtime.discovery
  const unsubscribe = discovery.subscribe(() => parameters.onChange(discovery.getWallets()))
  let done = false
  return () => {
    if (done) return
    done = true
    unsubscribe()
    if (--runtime.watchers === 0) {
      runtime.probed = discovery.getWallets()
      discovery.destroy()
      runtime.discovery = undefined
    }
  }
}

/** @internal */
export function setExternalConnect(kf: Keyframe, externalConnect: ExternalConnect | undefined) {
  kf._internal.store.setState({ externalConnect })
}

/** The connect under way or last tried, for the ConnectingExternal view. @internal */
export function getExternalConnect(kf: Keyframe): ExternalConnect | undefined {
  return kf.getState().externalConnect
}

/** Calls `onChange` when the connect under way changes. Returns the unsubscribe. @internal */
export function watchExternalConnect(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return watchSelected(kf, getExternalConnect, () => parameters.onChange())
}

/** Writes the eip155 connection of the connector holding it (injected, WalletConnect). @internal */
export function updateConnection(kf: Keyframe, change: { address?: string; chainId?: number }) {
  const { store } = kf._internal
  const { connections } = store.getState()
  const current = connections.eip155
  const address = change.address ?? current.address
  const chainId: Caip2Id | undefined =
    change.chainId === undefined ? current.chainId : `eip155:${change.chainId}`
  if (!address || !chainId) return
  store.setState({
    connections: {
      ...connections,
      eip155: { status: 'connected', address, caipAddress: `${chainId}:${address}` as Caip10Id, chainId },
    },
    activeNamespace: 'eip155',
  })
}

/** Sets eip155 disconnected (a connector other than the embedded wallet ended its connection). @internal */
export function setDisconnected(kf: Keyframe) {
  const { store } = kf._internal
  const { connections } = store.getState()
  if (connections.eip155 !== DISCONNECTED) {
    store.setState({ connections: { ...connections, eip155: DISCONNECTED } })
  }
}

/** A connector for `wallet` that follows it while it holds eip155. @internal */
export function createConnector(kf: Keyframe, wallet: InjectedWallet): InjectedConnector {
  // The wallet's events count only while this connector holds the account.
  const isActive = () => !kf._internal.isDestroyed() && getActiveConnector(kf, 'eip155') === connector
  const connector = createInjectedConnector({
    wallet,
    getNetwork: (chainId) => kf._internal.networks.find((n) => evmChainIdOf(n.id) === chainId),
    onAccountsChanged: ([address]) => {
      if (isActive()) updateConnection(kf, { address })
    },
    onChainChanged: (chainId) => {
      if (isActive()) updateConnection(kf, { chainId })
    },
    onDisconnect: () => {
      if (!isActive()) return
      removeConnectedConnector(kf._internal.storage, 'eip155', connector.id)
      setActiveConnector(kf, 'eip155', undefined)
      setDisconnected(kf)
    },
  })
  return connector
}

/**
 * Makes `connector` hold eip155 with the wallet's account, and remembers it so the next start restores it.
 * It follows its wallet until another connector takes over. @internal
 */
export function activate(
  kf: Keyframe,
  connector: InjectedConnector,
  result: { accounts: readonly `0x${string}`[]; chainId: number },
) {
  setActiveConnector(kf, 'eip155', connector)
  const unwatch = watchActiveConnector(kf, {
    onChange(active) {
      if (active === connector) return
      unwatch()
      connector.release()
    },
  })
  updateConnection(kf, { address: result.accounts[0] as string, chainId: result.chainId })
  saveConnectedConnector(kf._internal.storage, 'eip155', connector.id)
}

/** The wallet `id` once it is on the page: at once, or when it announces itself within RESTORE_WAIT_MS. */
function findWallet(kf: Keyframe, id: string): Promise<InjectedWallet | undefined> {
  const runtime = runtimeOf(kf)
  const discovery = createInjectedDiscovery(window)
  const find = () => discovery.getWallets().find((wallet) => wallet.id === id)
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let unsubscribe = () => {}
    const done = (wallet: InjectedWallet | undefined) => {
      clearTimeout(timer)
      unsubscribe()
      discovery.destroy()
      runtime.stopRestore = undefined
      resolve(wallet)
    }
    const found = find()
    if (found) {
      done(found)
      return
    }
    unsubscribe = discovery.subscribe(() => {
      const wallet = find()
      if (wallet) done(wallet)
    })
    timer = setTimeout(() => done(undefined), RESTORE_WAIT_MS)
    runtime.stopRestore = () => done(undefined)
  })
}

/**
 * On start (SPEC §4), when an injected wallet connected last: the status is 'connecting' at once, then the
 * wallet is looked for (EIP-6963, or `window.ethereum` for 'injected') and asked for its accounts with
 * `eth_accounts`, which never prompts. Accounts: connected, the wallet the active connector. No wallet, no
 * account or an error: the stored id is dropped, and the e-mail login is restored if one is stored, else
 * disconnected. Returns whether a restore started. Browser only. @internal
 */
export function restoreInjected(kf: Keyframe): boolean {
  const { storage, store } = kf._internal
  const id = readConnectedConnector(storage, 'eip155')
  if (!isBrowser() || !id || (id !== INJECTED_FALLBACK_ID && !id.startsWith(`${INJECTED_FALLBACK_ID}:`))) {
    return false
  }
  const runtime = runtimeOf(kf)
  const attempt = ++runtime.attempt
  const { connections } = store.getState()
  store.setState({
    connections: { ...connections, eip155: { status: 'connecting' } },
    activeNamespace: 'eip155',
  })
  void (async () => {
    const wallet = await findWallet(kf, id)
    const connector = wallet && createConnector(kf, wallet)
    const result =
      connector &&
      (await answerWithin(connector.connect({ isReconnecting: true }), RESTORE_ANSWER_MS, () =>
        connector.release(),
      ))
    if (attempt !== runtime.attempt || kf._internal.isDestroyed()) {
      connector?.release()
      return
    }
    if (connector && result) {
      activate(kf, connector, result)
      return
    }
    removeConnectedConnector(storage, 'eip155', id)
    if (!restoreConnection(kf)) setDisconnected(kf)
  })()
  return true
}

/** How long a restore waits for the wallet's `eth_accounts`: a wallet that never answers must not leave 'connecting'. */
const RESTORE_ANSWER_MS = 5_000

/** `promise`'s value, or undefined when it fails or takes longer than `ms` (then `onLate` runs if it succeeds later). */
function answerWithin<T>(promise: Promise<T>, ms: number, onLate: () => void): Promise<T | undefined> {
  return new Promise((resolve) => {
    let late = false
    const timer = setTimeout(() => {
      late = true
      resolve(undefined)
    }, ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        if (late) onLate()
        else resolve(value)
      },
      () => {
        clearTimeout(timer)
        resolve(undefined)
      },
    )
  })
}
