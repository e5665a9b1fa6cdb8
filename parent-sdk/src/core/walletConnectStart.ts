/**
 * What of WalletConnect runs before `open()` (so it stays tiny): the `walletConnect` option's check and the
 * restore on start (SPEC §4), which loads WalletConnect's chunk only when the visitor's last connection was
 * WalletConnect. The pairing and its state are `walletConnect.ts`; the session's handling
 * (`walletConnectSession.ts`) and the connector with `@walletconnect/universal-provider` load with `import()`.
 * @module
 */
import { readConnectedConnector, removeConnectedConnector } from './connectedConnector.ts'
import type { Keyframe } from './createKeyframe.ts'
import { ConfigError } from './errors.ts'
import { setDisconnected } from './injected.ts'

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

/** The connector id, and the recent wallet's id when no catalogue wallet was chosen. @internal */
export const WALLETCONNECT_ID = 'walletConnect'

/** The session's handling and the connector (with the universal provider), fetched side by side. @internal */
export function loadSession() {
  return Promise.all([
    import('./walletConnectSession.ts'),
    import('../connectors/walletconnect/connector.ts'),
  ]).then(([session, { createWalletConnectConnector }]) => ({ session, createWalletConnectConnector }))
}

/**
 * On start (SPEC §4), when WalletConnect connected last: the status is 'connecting' at once, and only then
 * does WalletConnect's chunk load before `open()`, to read the stored session (`walletConnectSession.ts`).
 * Without the `walletConnect` option the stored id is dropped. Returns whether a restore started. @internal
 */
export function restoreWalletConnect(kf: Keyframe): boolean {
  const { storage, store } = kf._internal
  if (typeof window === 'undefined' || readConnectedConnector(storage, 'eip155') !== WALLETCONNECT_ID) {
    return false
  }
  const config = kf._internal.walletConnect
  if (!config) {
    removeConnectedConnector(storage, 'eip155', WALLETCONNECT_ID)
    return false
  }
  const { connections } = store.getState()
  store.setState({
    connections: { ...connections, eip155: { status: 'connecting' } },
    activeNamespace: 'eip155',
  })
  void loadSession().then(
    ({ session, createWalletConnectConnector }) =>
      session.restoreSession(kf, { config, create: createWalletConnectConnector }),
    // Offline or the chunk gone: disconnected for now; the stored session is tried again on the next start.
    () => setDisconnected(kf),
  )
  return true
}
