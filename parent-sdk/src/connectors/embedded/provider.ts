/**
 * The embedded wallet's EIP-1193 provider, for the dApp's libraries (viem, ethers, wagmi). Accounts and
 * the chain id (eth_chainId, net_version) are answered from the instance's state, and so are EIP-2255's
 * `eth_accounts` permissions (wagmi asks for them on connect and revokes them on disconnect); addresses
 * are given in lower case, as MetaMask gives them; a chain switch goes through
 * `switchNetwork`; every other method is classified (SPEC §6): safe and unsafe ones go to the frame as
 * RPC_REQUEST (unsafe ones open the modal, where the frame asks for approval); methods wallets know but
 * Keyframe declines (eth_sign, eth_subscribe…) get their own error at once and touch nothing else; unknown
 * ones are refused: the modal opens and, after UNSUPPORTED_ACTION_DELAY_MS, the toast 'Action not allowed'
 * shows and every pending request is rejected with 4200 'Requested RPC call is not allowed: <method>'.
 * Events follow EIP-1193: connect, disconnect (4900), accountsChanged, chainChanged (hex). Closing the
 * modal while an unsafe request awaits the person's decision rejects it with 4001 at once.
 *
 * Tiny on purpose: it is created before `open()`. The method table and the frame client load on the first
 * request that needs them.
 * @module
 */
import {
  DisconnectedError,
  InvalidParamsError,
  InvalidRequestError,
  toProtocolError,
  UNSUPPORTED_ACTION_DELAY_MS,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@keyframe/protocol/core'
import type { ApprovalWait } from '../../core/approval.ts'
import type { Keyframe, KeyframeNetwork as Network } from '../../core/createKeyframe.ts'
import { DestroyedError } from '../../core/errors.ts'
import { createEmitter, type Emitter } from '../emitter.ts'
import type { Eip1193Provider, ProviderEvents, RequestArguments } from '../types.ts'

type Hex = `0x${string}`

/**
 * What the provider asks of the core (`core/embeddedWallet.ts` builds it): the connection, network and
 * approval flows. The provider itself reads the instance's state and nothing else of the core.
 */
export type EmbeddedProviderHost = {
  /** Reconnects a login the frame still holds, asking nothing; resolves whether it did. */
  reconnect(): Promise<boolean>
  /** Ends this site's connection; the login stays in the frame. */
  disconnect(): Promise<void>
  /** The modal on Connect until `connected()` holds; rejects with 4001 if the modal closes first. */
  connectInModal(connected: () => boolean, signal: AbortSignal): Promise<void>
  /** Switches to the dApp's network `chainId` (hex); 4902 for one it does not list. */
  switchNetwork(chainId: string): Promise<void>
  /** Lists a network the frame added (`wallet_addEthereumChain`). */
  addNetwork(network: Network & { readonly id: number }): void
  /**
   * An unsafe request goes to the frame, whose approval the modal shows. `dismiss` is called when the person
   * closes the modal before deciding: the request is then rejected with 4001. `keepsOpen`: a view of the
   * modal that made requests itself keeps it open when they end. Async: the approval code loads with the
   * frame client, not before `open()`.
   */
  awaitApproval(dismiss: () => void): Promise<{ wait: ApprovalWait; keepsOpen: boolean }>
}

/** The provider, and its end on destroy. */
export type EmbeddedProvider = { readonly provider: Eip1193Provider; end(): void }

/**
 * What the dApp sees of the embedded wallet. The address is in lower case, as MetaMask gives it (dApps
 * compare it with `===` to eth-sig-util's recovery); the SDK's own state and modal keep EIP-55.
 */
type Snapshot = { readonly connected: boolean; readonly address: string | undefined; readonly chainId: Hex }

/** A request not answered yet. `fail` settles it at once and stops its work (the unknown-method flow). */
type Pending = { unsafe: boolean; fail(error: Error): void }

function hexOf(caipNetworkId: string | undefined): Hex | undefined {
  if (!caipNetworkId?.startsWith('eip155:')) return undefined
  return `0x${Number(caipNetworkId.slice('eip155:'.length)).toString(16)}`
}

/** Connected means: the embedded wallet holds eip155 with an account. Another connector's account is not ours. */
function snapshotOf(kf: Keyframe): Snapshot {
  const { connections, activeConnectors, networkId } = kf.getState()
  const connection = connections.eip155
  const connected =
    activeConnectors.eip155?.type === 'embedded' &&
    connection.status === 'connected' &&
    connection.address !== undefined
  return {
    connected,
    address: connected ? connection.address?.toLowerCase() : undefined,
    // Disconnected, the chain is the one chosen in the modal (SPEC §7: answered locally).
    chainId:
      (connected ? hexOf(connection.chainId) : undefined) ??
      hexOf(networkId) ??
      hexOf(kf._internal.chainId) ??
      '0x1',
  }
}

/**
 * What dApps read: an Error with a numeric `code`, the message and optional `data` (ProviderRpcError).
 * Anything else is -32603 with the cause's message (never its stack).
 */
function toProviderError(error: unknown): Error {
  if (error instanceof DestroyedError) return new DisconnectedError()
  return toProtocolError(error)
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The method table once loaded: later requests classify at once, without an `import()` (a task each). */
let classify: typeof import('./classify.ts') | undefined

/** EIP-2255 permission requests this provider answers itself: exactly `[{ eth_accounts: {} }]`. */
function isAccountsPermission(params: unknown): boolean {
  if (!Array.isArray(params) || params.length !== 1) return false
  const [permissions] = params as unknown[]
  if (typeof permissions !== 'object' || permissions === null) return false
  const names = Object.keys(permissions)
  return names.length === 1 && names[0] === 'eth_accounts'
}

/** EIP-2255: the dApp's permission to see `address` (none without an account). */
function permissionsOf(address: string | undefined) {
  if (!address) return []
  return [
    {
      invoker: window.location.origin,
      parentCapability: 'eth_accounts',
      caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
    },
  ]
}

/** One provider's working parts, handed to the functions below. */
type Context = {
  readonly kf: Keyframe
  readonly host: EmbeddedProviderHost
  readonly events: Emitter<ProviderEvents>
  readonly pending: Set<Pending>
}

/**
 * EIP-1193 events from the instance's state: connect, chainChanged, accountsChanged, and disconnect (4900),
 * which also rejects the requests of the connection that ended. Returns the unsubscribe.
 */
function followState(ctx: Context): { stop(): void; connected(): boolean } {
  const { kf, events, pending } = ctx
  let last = snapshotOf(kf)
  const stop = kf.subscribe(() => {
    const next = snapshotOf(kf)
    const previous = last
    last = next
    if (next.connected && !previous.connected) events.emit('connect', { chainId: next.chainId })
    if (next.chainId !== previous.chainId) events.emit('chainChanged', next.chainId)
    if (next.address !== previous.address) {
      events.emit('accountsChanged', next.address ? [next.address] : [])
    }
    if (!next.connected && previous.connected) {
      // A request of the connection that ended must not be approved after it: each is rejected, and its
      // abort tells the frame (RPC_ABORT), which takes its approval off the screen.
      for (const entry of [...pending]) entry.fail(new DisconnectedError())
      events.emit('disconnect', new DisconnectedError())
    }
  })
  return { stop, connected: () => last.connected }
}

/** Runs `work` as a pending request of `ctx`; its `fail` rejects it at once and aborts `signal`. */
function track<T>(ctx: Context, work: (entry: Pending, signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let settled = false
  return new Promise<T>((resolve, reject) => {
    const end = (settle: () => void) => {
      if (settled) return
      settled = true
      ctx.pending.delete(entry)
      settle()
    }
    const entry: Pending = {
      unsafe: false,
      fail(error) {
        if (settled) return
        end(() => reject(error))
        controller.abort()
      },
    }
    ctx.pending.add(entry)
    work(entry, controller.signal).then(
      (value) => end(() => resolve(value)),
      (error: unknown) => end(() => reject(toProviderError(error))),
    )
  })
}

/** Resolves once no login is being restored or completed (status 'connecting'). */
function whenSettled(kf: Keyframe, signal: AbortSignal): Promise<void> {
  if (kf.getState().connections.eip155.status !== 'connecting') return Promise.resolve()
  return new Promise((resolve) => {
    const stop = kf.subscribe((state) => {
      if (state.connections.eip155.status === 'connecting') return
      stop()
      resolve()
    })
    signal.addEventListener('abort', stop, { once: true })
  })
}

/**
 * EIP-1102: the account; a login the frame still holds (this site disconnected) reconnects without asking;
 * else the modal on Connect until the embedded wallet connects (4001 if it closes first).
 */
function requestAccounts(ctx: Context): Promise<string[]> {
  const { kf, host } = ctx
  return track(ctx, async (_entry, signal) => {
    await whenSettled(kf, signal)
    // A failure to reconnect leaves the saved login; the person then chooses in the modal.
    if (!snapshotOf(kf).address) await host.reconnect().catch(() => false)
    if (!snapshotOf(kf).address) await host.connectInModal(() => Boolean(snapshotOf(kf).address), signal)
    return [snapshotOf(kf).address!]
  })
}

/** EIP-3326: the chain id checked, then the dApp's network switched to (4902 for one it does not list). */
async function switchChain(ctx: Context, params: unknown): Promise<null> {
  const chainId = (Array.isArray(params) ? params[0] : undefined)?.chainId
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId)) {
    throw new InvalidParamsError(
      'wallet_switchEthereumChain',
      [{ path: [0, 'chainId'], message: 'Expected a hex chain id' }],
      'parameter 1 (chain) field chainId must be a hex chain id',
    )
  }
  await ctx.host.switchNetwork(chainId)
  return null
}

/** The chain the frame just added, as a network of the modal: its params passed the frame's schema. */
function listAddedChain(ctx: Context, params: unknown) {
  const [chain] = params as [
    { chainId: string; chainName: string; nativeCurrency: Network['nativeCurrency']; rpcUrls: string[] },
  ]
  ctx.host.addNetwork({
    id: Number.parseInt(chain.chainId, 16),
    name: chain.chainName,
    ...(chain.nativeCurrency && { nativeCurrency: chain.nativeCurrency }),
    rpcUrls: { default: { http: chain.rpcUrls } },
  })
}

/** SPEC §6: the toast, then every pending request of this provider rejected with 4200. */
function refuse(ctx: Context, method: string) {
  if (ctx.kf._internal.isDestroyed()) return
  ctx.kf._internal.toasts.show('error', 'Action not allowed')
  for (const entry of [...ctx.pending]) entry.fail(new UnsupportedMethodError(method))
}

/** An unknown method (SPEC §6): the modal opens, and after a moment every pending request is refused. */
async function refuseUnknown(ctx: Context, method: string): Promise<never> {
  ctx.kf.open().catch(() => {})
  await delay(UNSUPPORTED_ACTION_DELAY_MS)
  refuse(ctx, method)
  // This request was among the pending ones; nothing is left to answer.
  throw new UnsupportedMethodError(method)
}

/**
 * An unsafe request's approval: the modal shows the frame's screen (SPEC §2); closing the modal before the
 * person decides rejects it with 4001 (its abort takes the frame's screen down). The returned end closes
 * the modal once the answer reached the dApp: on success, and on an error once no other unsafe request is
 * pending. A request ended by the unknown-method flow or dismissed, or one a modal view holding the modal
 * open made (`holdOpen`), leaves the modal as it is.
 */
async function approvalOf(ctx: Context, entry: Pending, signal: AbortSignal) {
  entry.unsafe = true
  // `keepsOpen` is read as the request starts: the view holding the modal open lets go as soon as it has its answer.
  const { wait, keepsOpen } = await ctx.host.awaitApproval(() => entry.fail(new UserRejectedRequestError()))
  return {
    sent: (id: string) => wait.sent(id),
    end() {
      const closes = entry.unsafe && !signal.aborted && !keepsOpen
      entry.unsafe = false
      // A task later, once the answer has reached the dApp: the modal's re-render need not delay it.
      setTimeout(() => {
        wait.end()
        if (closes && ![...ctx.pending].some((other) => other.unsafe)) ctx.kf.close()
      }, 0)
    },
  }
}

/** SPEC §6: every method the provider does not answer itself, classified, then to the frame as RPC_REQUEST. */
function viaFrame(ctx: Context, method: string, params: unknown): Promise<unknown> {
  const { kf } = ctx
  return track(ctx, async (entry, signal) => {
    classify ??= await import('./classify.ts')
    const { classOf, refusal } = classify
    const kind = classOf(method)
    // A method wallets know and Keyframe declines: its own error, at once; nothing else is touched.
    if (kind === 'refused') throw refusal(method)
    if (kind === 'unknown') return refuseUnknown(ctx, method)
    await whenSettled(kf, signal)
    if (!snapshotOf(kf).connected) throw new UnauthorizedError()
    const frame = await kf.frame()
    const approval = kind === 'unsafe' ? await approvalOf(ctx, entry, signal) : undefined
    const chainId = kf.getState().connections.eip155.chainId
    try {
      return await frame.request(
        'RPC_REQUEST',
        { method, ...(params === undefined ? {} : { params }), ...(chainId ? { chainId } : {}) },
        { signal, ...(approval ? { onId: approval.sent } : {}) },
      )
    } finally {
      approval?.end()
    }
  })
}

/**
 * EIP-2255 `wallet_revokePermissions` of the account: this site disconnects, as `disconnect(kf)` does; the
 * person stays logged in to the frame, so eth_requestAccounts reconnects without a code. Not a pending
 * request itself: the disconnect it causes rejects the others.
 */
async function revokeAccounts(ctx: Context): Promise<null> {
  try {
    if (snapshotOf(ctx.kf).connected) await ctx.host.disconnect()
    return null
  } catch (error) {
    throw toProviderError(error)
  }
}

function route(ctx: Context, method: string, params: unknown): Promise<unknown> {
  const { kf } = ctx
  switch (method) {
    case 'eth_requestAccounts':
      return requestAccounts(ctx)
    case 'eth_accounts': {
      const { address } = snapshotOf(kf)
      return Promise.resolve(address ? [address] : [])
    }
    case 'eth_chainId':
      return Promise.resolve(snapshotOf(kf).chainId)
    // The same chain in decimal, connected or not: dApps ask it before Connect (MetaMask's test dApp).
    case 'net_version':
      return Promise.resolve(Number.parseInt(snapshotOf(kf).chainId, 16).toString(10))
    case 'wallet_switchEthereumChain':
      return track(ctx, () => switchChain(ctx, params))
    // EIP-3085: the frame asks the person (within the operator's policy); once added, the modal lists it.
    case 'wallet_addEthereumChain':
      return viaFrame(ctx, method, params).then((result) => {
        listAddedChain(ctx, params)
        return result
      })
    // EIP-2255 for the account, as wagmi's connector asks on connect and disconnect. Other permission
    // requests (ERC-7715 grants and their revocations) go to the frame like any other method.
    case 'wallet_getPermissions':
      return Promise.resolve(permissionsOf(snapshotOf(kf).address))
    case 'wallet_requestPermissions':
      if (!isAccountsPermission(params)) return viaFrame(ctx, method, params)
      return requestAccounts(ctx).then(([address]) => permissionsOf(address))
    case 'wallet_revokePermissions':
      if (!isAccountsPermission(params)) return viaFrame(ctx, method, params)
      return revokeAccounts(ctx)
    default:
      return viaFrame(ctx, method, params)
  }
}

/**
 * Creates the embedded wallet's provider of `kf` (see the module doc); `core/embeddedWallet.ts` makes one
 * per instance and ends it on destroy: pending requests rejected with 4900, listeners dropped. @internal
 */
export function createEmbeddedProvider(kf: Keyframe, host: EmbeddedProviderHost): EmbeddedProvider {
  const ctx: Context = { kf, host, events: createEmitter<ProviderEvents>(), pending: new Set() }
  const state = followState(ctx)
  const provider: Eip1193Provider = {
    request(args: RequestArguments) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string' || !args.method) {
        return Promise.reject(new InvalidRequestError('Expected a request { method: string, params? }'))
      }
      return route(ctx, args.method, args.params)
    },
    on(event, listener) {
      ctx.events.on(event, listener)
    },
    removeListener: ctx.events.off,
  }
  return {
    provider,
    end() {
      state.stop()
      for (const entry of [...ctx.pending]) entry.fail(new DisconnectedError())
      // From now on every request fails with 4900: the dApp hears it once.
      if (state.connected()) ctx.events.emit('disconnect', new DisconnectedError())
      ctx.events.clear()
    },
  }
}

/**
 * The embedded wallet's EIP-1193 provider (one per instance), for viem, ethers or wagmi. It is also
 * announced to the page through EIP-6963 (name 'Keyframe', rdns `dev.keyframe`) unless
 * `announceProvider: false`. `eth_requestAccounts` opens the modal on Connect when no one is logged in.
 * @example
 * import { createKeyframe, getEmbeddedProvider } from '@keyframe/sdk'
 * import { createWalletClient, custom } from 'viem'
 * const kf = createKeyframe({ projectId, frameUrl, networks })
 * const client = createWalletClient({ transport: custom(getEmbeddedProvider(kf)) })
 * const [address] = await client.requestAddresses()
 */
export function getEmbeddedProvider(kf: Keyframe): Eip1193Provider {
  return kf._internal.embedded.provider()
}
