import type { Caip2Id, Caip10Id, ChainNamespace, Social, ThemeMode } from '@keyframe/protocol/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Connector, ConnectorType } from '../connectors/types.ts'
import type { NameRegistration } from '../ui/features/names/nameRegistration.ts'
import type { ApprovalScreen } from './approval.ts'
import type { ExternalConnect } from './injected.ts'
import type { Network } from './network.ts'
import type { FramePrompt } from './prompt.ts'
import { current, reset, type ViewHistory, type ViewName } from './router.ts'
import type { SendState } from './send.ts'
import type { SiwxState } from './siwxSession.ts'
import type { SocialLogin } from './socialActions.ts'
import type { Toast } from './toasts.ts'
import type { WalletConnectState } from './walletConnect.ts'

/** CSS custom properties that override the modal's theme, e.g. `{ '--kf-accent': '#7c5cff' }`. */
export type ThemeVariables = Readonly<Record<`--${string}`, string | number>>

/** SPEC §4: the connection status of one chain namespace. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** The logged-in person as the wallet knows them (SPEC §3 account state `user`). */
export type AccountUser = {
  /** The login e-mail; absent for logins without one. */
  readonly email?: string
  /** The social or Farcaster user name, when there is one. */
  readonly username?: string
}

/** The connection of one chain namespace and its account (SPEC §3 account state, §4 status). */
export type NamespaceConnection = {
  readonly status: ConnectionStatus
  /** The account's address, once connected. */
  readonly address?: string
  /** CAIP-10 id of the account, e.g. `eip155:1:0xab…`. */
  readonly caipAddress?: Caip10Id
  /** CAIP-2 id of the chain the account is on. */
  readonly chainId?: Caip2Id
  readonly user?: AccountUser
  /** The social provider (or Farcaster) the embedded wallet's person logged in with; absent for e-mail. */
  readonly socialProvider?: Social
  /** The wallet holding the account (SPEC §3 connectedWalletInfo); `social` as `socialProvider`. */
  readonly connectedWalletInfo?: ConnectedWalletInfo
}

/** The wallet holding a connection (SPEC §3 connectedWalletInfo). */
export type ConnectedWalletInfo = {
  readonly name: string
  /** A data: or http(s) URL. */
  readonly icon?: string
  readonly type: ConnectorType
  /** The social provider (or Farcaster) of an embedded wallet's login. */
  readonly social?: Social
}

/** Everything the modal shows. Owned by one Keyframe instance; read it with the `getX`/`watchX` functions. */
export type KeyframeState = {
  /** Whether the modal is open. */
  readonly open: boolean
  /** The view shown (the last of `history`). Kept when the modal closes. */
  readonly view: ViewName
  /** Views visited since the modal opened, oldest first. */
  readonly history: ViewHistory
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  /** The toast on screen, if any. */
  readonly toast: Toast | undefined
  /** The connection of each chain namespace (SPEC §4). Read it with `getConnection` / `getAccount`. */
  readonly connections: Readonly<Record<ChainNamespace, NamespaceConnection>>
  /** The namespace the account fields of `getAccount` come from: that of the dApp's first network, then the connected one. */
  readonly activeNamespace: ChainNamespace
  /** The connector holding each namespace's account (SPEC §3 connector state). Read it with `getActiveConnector`. */
  readonly activeConnectors: Readonly<Partial<Record<ChainNamespace, Connector>>>
  /**
   * CAIP-2 id of the network chosen while no connection says otherwise (the dApp's first network until a
   * switch); a connection's own chain wins. Read the active network with `getNetwork`.
   */
  readonly networkId: Caip2Id
  /** The dApp's networks, then those the embedded wallet added (`wallet_addEthereumChain`). Read them with `getNetworks`. */
  readonly networks: readonly Network[]
  /** The frame's prompt shown in the FramePrompt view, or closed. Read it with `getFramePrompt`. */
  readonly framePrompt: FramePrompt
  /** The frame's approval screen shown in the ApproveTransaction view, or closed. Read it with `getApproval`. */
  readonly approvalScreen: ApprovalScreen | Closed
  /** Unsafe requests sent to the frame and not answered yet. */
  readonly approvalRequests: number
  /** Of those, the ones the person has not decided on yet (closing the modal rejects them). */
  readonly approvalsUndecided: number
  /** The connect to an injected wallet under way or last tried (the ConnectingExternal view). */
  readonly externalConnect: ExternalConnect | undefined
  /** The WalletConnect pairing under way or last tried (the ConnectingWalletConnect view). */
  readonly walletConnect: WalletConnectState | undefined
  /** The social login under way or last tried (the ConnectingSocial view). */
  readonly socialLogin: SocialLogin | undefined
  /** The logins besides e-mail the frame's project turned on (its last READY), once heard. */
  readonly frameLogins: readonly Social[] | undefined
  /** The account-name registration under way or just ended (RegisterAccountName → RegisterAccountNameSuccess). */
  readonly nameRegistration: NameRegistration | undefined
  /** The Send form (SPEC §3 send state); undefined until it first changes. Read it with `getSendState`. */
  readonly sendForm: SendState | undefined
  /** Bumped when the account's balances changed (a swap, a purchase): the Account view reads them again. */
  readonly portfolioRevision: number
  /** Sign-in with the wallet (options `siwx` / `siweConfig`); undefined when off. Read the session with `getSession`. */
  readonly siwx: SiwxState | undefined
}

export type KeyframeStore = StoreApi<KeyframeState>

/** A frame view (FramePrompt, ApproveTransaction) while the frame asks for nothing. */
export type Closed = { readonly open: false }

/** A frame view's value while the frame asks for nothing. One shared object, so readers compare by identity. */
export const CLOSED: Closed = Object.freeze({ open: false })

/** A namespace with no connection. One shared object, so readers can compare by identity. */
export const DISCONNECTED: NamespaceConnection = Object.freeze({ status: 'disconnected' })

/** Every namespace disconnected. */
export const DISCONNECTED_ALL: Readonly<Record<ChainNamespace, NamespaceConnection>> = Object.freeze({
  eip155: DISCONNECTED,
  solana: DISCONNECTED,
  polkadot: DISCONNECTED,
  bip122: DISCONNECTED,
})

/** A store for one instance. Pure: no window, no timers (SSR-safe). */
export function createKeyframeStore(init: {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  activeNamespace: ChainNamespace
  networkId: Caip2Id
  networks: readonly Network[]
  siwx?: SiwxState
}): KeyframeStore {
  const history = reset()
  return createStore<KeyframeState>()(() => ({
    open: false,
    view: current(history),
    history,
    themeMode: init.themeMode,
    themeVariables: init.themeVariables,
    toast: undefined,
    connections: DISCONNECTED_ALL,
    activeNamespace: init.activeNamespace,
    activeConnectors: {},
    networkId: init.networkId,
    networks: init.networks,
    framePrompt: CLOSED,
    approvalScreen: CLOSED,
    approvalRequests: 0,
    approvalsUndecided: 0,
    externalConnect: undefined,
    walletConnect: undefined,
    socialLogin: undefined,
    frameLogins: undefined,
    nameRegistration: undefined,
    sendForm: undefined,
    portfolioRevision: 0,
    siwx: init.siwx,
  }))
}
