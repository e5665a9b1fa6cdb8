import type { EventPayload, EventType, ParsedParams } from '@keyframe/protocol'
import { APPROVAL_TIMEOUT_MS } from '@keyframe/protocol/core'
import type { AddableChain } from '@keyframe/protocol/frame-api/addableChains'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import type { SocialInbox } from '../login/socialInbox.ts'
import type { SentBatch } from '../rpc/callsStatus.ts'
import type { Api } from '../session/api.ts'
import type { TokenStore } from '../session/tokenStore.ts'
import type { PassphrasePrompter } from '../wallet/custody.ts'
import type { DeviceStore } from '../wallet/deviceStore.ts'
import { createKeyMaterialCache, type KeyMaterialCache } from '../wallet/keyMaterial.ts'
import { type AbortRegistry, createAbortRegistry } from './abortRegistry.ts'
import type { ThemeState } from './theme.ts'

/**
 * A logged-in session whose wallet this storage partition can use. Without one every request the table
 * marks `needsSession` is refused with 4100.
 */
export type Session = {
  /** Null for a social or Farcaster account without a verified address. */
  readonly email: string | null
  /** The social or Farcaster username of this session's login (GET_USER's `userName`); null for e-mail. */
  readonly userName: string | null
  /** The provider of this session's login; null for an e-mail login. */
  readonly socialProvider: LoginProvider | null
  readonly walletId: string
  /**
   * The server's id of this device (not the device store's own id): its auth share is released under it,
   * so an unlock needs no other request first.
   */
  readonly deviceId: string
  /** EIP-55 EVM address. */
  readonly address: string
  readonly solanaAddress: string | null
  /** What SESSION_UPDATE hands the parent: random, per login, and worth nothing to anyone. */
  readonly handle: string
}

/**
 * The account side of the frame: its server, the session token (plain-http localhost only), this
 * storage's device, and what loads on demand after a login. Absent in tests of the bridge alone.
 */
export type AccountServices = {
  readonly api: Api
  readonly tokens: TokenStore
  /** This storage partition's device store, opened on first use. */
  devices(): Promise<DeviceStore>
  /** The frame's passphrase prompt, loaded on first use. */
  prompt(): Promise<PassphrasePrompter>
  /** The custody code (key generation, shares, recovery), loaded on first use. */
  custody(): Promise<typeof import('../wallet/custody.ts')>
  /** Social login tickets the frame's own callback page handed this frame directly (`login/socialInbox.ts`). */
  readonly socialInbox: SocialInbox
}

/** What SYNC_DAPP_DATA told the frame about the dApp. */
export type DappData = Omit<ParsedParams<'SYNC_DAPP_DATA'>, 'projectId'>

/** The frame's mutable state, owned by one bridge. */
export type BridgeState = {
  /** CAIP-2 id: from the frame URL, then changed by network switches. */
  chainId: string
  session: Session | null
  /**
   * The e-mail of the login under way (CONNECT_EMAIL → CONNECT_OTP / CONNECT_DEVICE), and when its code was
   * last sent (ms since the epoch: the prompt's resend countdown starts there).
   */
  login: { email: string; sentAt: number } | null
  /** The new address of the e-mail update under way (UPDATE_EMAIL → UPDATE_EMAIL_SECONDARY_OTP). */
  newEmail: string | null
  theme: ThemeState
  dapp: DappData | null
}

/** What the RPC layer keeps between requests: in memory only, for this bridge. */
export type RpcMemory = {
  /** Auth shares released by the server, kept at most 15 idle minutes (SECURITY.md §1). */
  readonly authShares: KeyMaterialCache
  /** The wallet_sendCalls batches this frame sent, by batch id (for wallet_getCallsStatus). */
  readonly batches: Map<string, SentBatch>
}

/** What every handler sees, for the lifetime of the bridge. */
export type BridgeContext = {
  /** The project this frame document was served for (from the server-injected config). */
  readonly projectId: string
  /**
   * The only chains the frame signs and proxies for: the server-injected config's, then those the person
   * added for this dApp (`wallet_addEthereumChain`, within {@link addableChains}).
   */
  readonly chains: FrameChain[]
  /** The operator's policy for chains a dApp may add (from the server-injected config; default none). */
  readonly addableChains: readonly AddableChain[]
  /** Keeps a chain the person added for this dApp, for the next start (`rpc/addedChains.ts`). */
  keepChain(chain: FrameChain): void
  /** How long a person has to decide on an approval, in ms (from the server-injected config). */
  readonly approvalTimeoutMs: number
  readonly rpc: RpcMemory
  /** The pinned parent origin every message came from. */
  readonly parentOrigin: string
  readonly state: BridgeState
  /** Running requests by id (RPC_ABORT, teardown). */
  readonly aborts: AbortRegistry
  readonly account: AccountServices | undefined
  /** Applies a theme to the frame document (the DOM in the browser, a recorder in tests). */
  applyTheme(theme: ThemeState): void
  /** Reloads the frame document. */
  reload(): void
  /** Sends a frame → parent event (never throws; delivery failures are dropped). */
  emit<T extends EventType>(type: T, params: EventPayload<T>): void
}

/** What one handler call sees: the bridge plus this request's id and abort signal. */
export type RequestContext = BridgeContext & { readonly id: string; readonly signal: AbortSignal }

export type CreateBridgeContextParameters = {
  projectId: string
  parentOrigin: string
  /** CAIP-2 id from the frame URL. */
  chainId: string
  /** Default none. */
  chains?: readonly FrameChain[]
  /** Default none. */
  addableChains?: readonly AddableChain[]
  keepChain?: BridgeContext['keepChain']
  /** Default APPROVAL_TIMEOUT_MS. */
  approvalTimeoutMs?: number
  applyTheme?: BridgeContext['applyTheme']
  reload?: BridgeContext['reload']
  emit?: BridgeContext['emit']
  account?: AccountServices
}

/** Builds the context one bridge (or one test) dispatches with. Side effects default to no-ops. */
export function createBridgeContext(parameters: CreateBridgeContextParameters): BridgeContext {
  const noop = () => {}
  return {
    projectId: parameters.projectId,
    chains: [...(parameters.chains ?? [])],
    addableChains: parameters.addableChains ?? [],
    approvalTimeoutMs: parameters.approvalTimeoutMs ?? APPROVAL_TIMEOUT_MS,
    rpc: { authShares: createKeyMaterialCache(), batches: new Map() },
    parentOrigin: parameters.parentOrigin,
    state: {
      chainId: parameters.chainId,
      session: null,
      login: null,
      newEmail: null,
      theme: { mode: undefined, tokens: {} },
      dapp: null,
    },
    aborts: createAbortRegistry(),
    account: parameters.account,
    applyTheme: parameters.applyTheme ?? noop,
    reload: parameters.reload ?? noop,
    keepChain: parameters.keepChain ?? noop,
    emit: parameters.emit ?? noop,
  }
}
