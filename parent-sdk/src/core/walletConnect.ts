/**
 * WalletConnect (SPEC §4 wallet session): the pairing the ConnectingWalletConnect view shows, connecting a
 * wallet app through a relay, and restoring its session on the next start. Everything of WalletConnect
 * (the connector, `@walletconnect/universal-provider`) loads with `import()` when a pairing starts, or on
 * start when the visitor's last connection was WalletConnect; this module stays tiny, as it is read before
 * `open()`.
 * @module
 */
import type { Keyframe } from './createKeyframe.ts'
import { BrowserOnlyError, ConfigError, DestroyedError } from './errors.ts'
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

/** The `walletConnect` option, checked. */
export type WalletConnectConfig = {
  /** The relay's ws(s) URL. */
  readonly relayUrl: string
  /** The dApp as the wallet app shows it. */
  readonly metadata: WalletConnectMetadata | undefined
}

/** The dApp as a wallet app shows it in its approval (WalletConnect's `metadata`). */
export type WalletConnectMetadata = {
  readonly name: string
  readonly description?: string
  readonly url: string
  readonly icons: readonly string[]
}

function isWsUrl(value: unknown): boolean {
  try {
    const { protocol } = new URL(value as string)
    return protocol === 'wss:' || protocol === 'ws:'
  } catch {
    return false
  }
}

/** Checks the `walletConnect` option of `createKeyframe`. @internal */
export function resolveWalletConnectOption(
  option: { relayUrl: string; metadata?: WalletConnectMetadata } | undefined,
  dappMetadata: WalletConnectMetadata | undefined,
): WalletConnectConfig | undefined {
  if (option === undefined) return undefined
  if (!isWsUrl(option?.relayUrl)) {
    throw new ConfigError(
      'walletConnect',
      `Keyframe: \`walletConnect.relayUrl\` must be the ws(s) URL of a WalletConnect relay (e.g. "wss://relay.example.com"), got ${JSON.stringify(option?.relayUrl)}.`,
    )
  }
  return { relayUrl: option.relayUrl, metadata: option.metadata ?? dappMetadata }
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

/**
 * Starts a WalletConnect pairing (loading WalletConnect's chunk): the state goes 'pairing', then 'waiting'
 * with the URI for the QR and the deep links, and resolves once the wallet approved and the eip155
 * connection is its account. `wallet` is the catalogue wallet chosen, if any (its id becomes the recent
 * wallet's).
 * @throws {ConfigError} the instance has no `walletConnect` option.
 */
export async function connectWalletConnect(
  kf: Keyframe,
  parameters: { wallet?: WalletConnectTarget } = {},
): Promise<void> {
  if (typeof window === 'undefined') throw new BrowserOnlyError('connectWalletConnect()')
  if (kf._internal.isDestroyed()) throw new DestroyedError('connectWalletConnect()')
  if (!kf._internal.walletConnect) {
    throw new ConfigError(
      'walletConnect',
      'Keyframe: WalletConnect is not configured. Pass createKeyframe({ walletConnect: { relayUrl } }).',
    )
  }
  kf._internal.store.setState({
    walletConnect: { status: 'failed', uri: undefined, wallet: parameters.wallet, error: 'Not ready yet' },
  })
  throw new Error('Keyframe: WalletConnect is not ready yet')
}

/** Drops the pairing under way (the view's back, the modal closing); a connected session stays. */
export function cancelWalletConnect(kf: Keyframe): void {
  const state = getWalletConnect(kf)
  if (state && state.status !== 'connected') kf._internal.store.setState({ walletConnect: undefined })
}
