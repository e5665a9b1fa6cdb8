/**
 * WalletConnect (SPEC §4 wallet session): the pairing the ConnectingWalletConnect view shows and connecting a
 * wallet app through a relay. Only the WalletConnect views and `import()`s import this module, so nothing of it
 * loads before `open()`, nor with the Connect view; the option and the restore on start are `walletConnectStart.ts`.
 * @module
 */

import type { WalletConnectConnector } from '../connectors/walletconnect/connector.ts'
import type { Keyframe } from './createKeyframe.ts'
import { BrowserOnlyError, ConfigError, DestroyedError } from './errors.ts'
import { defineRuntime } from './runtime.ts'
import { watchSelected } from './watch.ts'

/** A catalogue wallet chosen for WalletConnect (its deep links come from the catalogue, SPEC §3). */
export type WalletConnectTarget = {
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  readonly mobileLink: string | null
  readonly desktopLink: string | null
  readonly webappLink: string | null
}

/** Where a WalletConnect pairing stands, for the ConnectingWalletConnect view. */
export type WalletConnectState = {
  /**
   * `pairing`: the proposal is on its way to the relay (no URI yet); `waiting`: the URI is ready and the
   * wallet has not answered; `declined`: the person refused in the wallet; `expired`: the proposal ran out;
   * `failed`: anything else (`error` says what).
   */
  readonly status: 'pairing' | 'waiting' | 'connected' | 'declined' | 'expired' | 'failed'
  /** The pairing URI (`wc:…`) once the relay accepted the proposal. */
  readonly uri: string | undefined
  /** The catalogue wallet chosen, if any. */
  readonly wallet: WalletConnectTarget | undefined
  readonly error?: string
}

/**
 * The WalletConnect pairing under way or last tried, for the ConnectingWalletConnect view; undefined
 * before the first.
 */
export function getWalletConnect(kf: Keyframe): WalletConnectState | undefined {
  return kf.getState().walletConnect
}

/** Calls `onChange` when the pairing changes. Returns the unsubscribe. */
export function watchWalletConnect(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return watchSelected(kf, getWalletConnect, () => parameters.onChange())
}

/** @internal */
export type WalletConnectRuntime = {
  /** The connector, loaded (with WalletConnect's chunk) on the first pairing or restore. */
  connector: Promise<WalletConnectConnector> | undefined
  /** Bumped by each pairing, cancel and restore: an older attempt's late answer is dropped. */
  attempt: number
}

/** @internal */
export const WALLET_CONNECT = defineRuntime('walletConnect', (kf): WalletConnectRuntime => {
  const runtime: WalletConnectRuntime = { connector: undefined, attempt: 0 }
  // On destroy: the relay connection closes; the session stays stored for the next start.
  kf._internal.onDestroy(() => {
    runtime.attempt++
    void runtime.connector?.then((connector) => connector.release()).catch(() => undefined)
  })
  return runtime
})

/**
 * Starts a WalletConnect pairing (loading WalletConnect's chunk): the state goes 'pairing', then 'waiting'
 * with the URI for the QR and the deep links, and the promise resolves once the wallet approved: the eip155
 * connection is the wallet's account, WalletConnect the active connector, the wallet (`wallet`, or the
 * wallet app's own name) the first of the recent wallets, and an open modal on a connect view closes. A
 * pairing cancelled (`cancelWalletConnect`) or overtaken by a newer one resolves without connecting.
 * @throws {ConfigError} the instance has no `walletConnect` option.
 * @throws {UserRejectedRequestError} the person declined in the wallet (the state says 'declined').
 * @example
 * import { connectWalletConnect, getWalletConnect, watchWalletConnect } from '@keyframe/sdk'
 * watchWalletConnect(kf, { onChange: () => console.log(getWalletConnect(kf)?.uri) })
 * await connectWalletConnect(kf)
 */
export async function connectWalletConnect(
  kf: Keyframe,
  parameters: { wallet?: WalletConnectTarget } = {},
): Promise<void> {
  if (typeof window === 'undefined') throw new BrowserOnlyError('connectWalletConnect()')
  if (kf._internal.isDestroyed()) throw new DestroyedError('connectWalletConnect()')
  const config = kf._internal.walletConnect
  if (!config) {
    throw new ConfigError(
      'walletConnect',
      'Keyframe: WalletConnect is not configured. Pass createKeyframe({ walletConnect: { relayUrl } }).',
    )
  }
  const runtime = kf._internal.runtime(WALLET_CONNECT)
  const attempt = ++runtime.attempt
  const { wallet } = parameters
  kf._internal.store.setState({ walletConnect: { status: 'pairing', uri: undefined, wallet } })
  let session: typeof import('./walletConnectSession.ts')
  try {
    session = await import('./walletConnectSession.ts')
  } catch (error) {
    if (attempt === runtime.attempt) {
      const message = error instanceof Error ? error.message : String(error)
      kf._internal.store.setState({
        walletConnect: { status: 'failed', uri: undefined, wallet, error: message },
      })
    }
    throw error
  }
  await session.connectSession(kf, { config, wallet, attempt })
}

/** Drops the pairing under way (the view's back, the modal closing); a connected session stays. */
export function cancelWalletConnect(kf: Keyframe): void {
  const state = getWalletConnect(kf)
  if (!state || state.status === 'connected') return
  // A wallet approving after this has its session deleted at once.
  kf._internal.runtime(WALLET_CONNECT).attempt++
  kf._internal.store.setState({ walletConnect: undefined })
}
