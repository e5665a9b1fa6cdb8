/**
 * What of WalletConnect runs before `open()` (so it stays tiny): the `walletConnect` option's check and the
 * restore on start (SPEC §4), a read of the stored connector id that `import()`s the session's handling
 * (`walletConnectSession.ts`, with the connector and `@walletconnect/universal-provider`) only when the
 * visitor's last connection was WalletConnect. The pairing and its state are `walletConnect.ts`.
 * @module
 */
import type { ConnectorType } from '../connectors/types.ts'
import { readConnectedConnector, removeConnectedConnector } from './connectedConnector.ts'
import type { Keyframe } from './createKeyframe.ts'
import { checkOption } from './errors.ts'
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

/** Checks the `walletConnect` option of `createKeyframe`. @internal */
export function resolveWalletConnectOption(
  option: { relayUrl: string; metadata?: WalletConnectMetadata } | undefined,
  dappMetadata: WalletConnectMetadata | undefined,
): WalletConnectConfig | undefined {
  if (option === undefined) return undefined
  const relayUrl: unknown = option?.relayUrl
  checkOption(
    typeof relayUrl === 'string' && /^wss?:\/\/[^\s/?#]/.test(relayUrl),
    'walletConnect.relayUrl',
    `the ws(s) URL of a WalletConnect relay (e.g. "wss://relay.example.com"), got ${JSON.stringify(relayUrl)}`,
  )
  return { relayUrl, metadata: option.metadata ?? dappMetadata }
}

/**
 * On start (SPEC §4), when WalletConnect connected last: the status is 'connecting' at once, and only then
 * does WalletConnect's chunk load before `open()`, to read the stored session. Without the `walletConnect`
 * option the stored id is dropped. Returns whether a restore started. @internal
 */
export function restoreWalletConnect(kf: Keyframe): boolean {
  const { storage, store, walletConnect: config } = kf._internal
  const id = 'walletConnect' satisfies ConnectorType
  if (typeof window === 'undefined' || readConnectedConnector(storage, 'eip155') !== id) return false
  if (!config) {
    removeConnectedConnector(storage, 'eip155', id)
    return false
  }
  store.setState({
    connections: { ...store.getState().connections, eip155: { status: 'connecting' } },
    activeNamespace: 'eip155',
  })
  void import('./walletConnectSession.ts').then(
    (session) => session.restoreSession(kf, config),
    // Offline or the chunk gone: disconnected for now; the stored session is tried again on the next start.
    () => setDisconnected(kf),
  )
  return true
}
