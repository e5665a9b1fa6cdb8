import { createEvent, errorReply, type Reply } from '@keyframe/protocol'
import { InternalError, PROTOCOL_VERSION } from '@keyframe/protocol/core'
import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import {
  createEndpoint,
  createPortEndpoint,
  type Endpoint,
  type WireMessage,
  wireEvent,
  wirePort,
  wireReply,
} from '@keyframe/protocol/wire'
import { type AccountServices, type BridgeContext, createBridgeContext } from './context.ts'
import { dispatch } from './dispatch.ts'
import { applyTheme, type ThemeRoot } from './theme.ts'

/** The part of the frame's `window` the bridge uses (`window` fits; tests pass a fake pair). */
export type BridgeWindow = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
  /** The embedding page: requests come only from it, and replies, events and READY go only to it. */
  readonly parent: Window
  readonly document: { readonly documentElement: ThemeRoot }
  readonly location: { reload(): void }
  readonly performance?: { mark?(name: string): unknown }
}

export type StartBridgeParameters = {
  /** The frame's window. */
  window: BridgeWindow
  /** The pinned, allowed parent origin (see `bootFrame`). */
  parentOrigin: string
  projectId: string
  /** CAIP-2 id from the frame URL. */
  chainId: string
  /** The chains from the server-injected config (default none). */
  chains?: BridgeContext['chains']
  /** The operator's `wallet_addEthereumChain` policy, from the same config (default none). */
  addableChains?: BridgeContext['addableChains']
  /** Keeps a chain the person added for this dApp (default: kept in memory only). */
  keepChain?: BridgeContext['keepChain']
  /** From the server-injected config (default APPROVAL_TIMEOUT_MS). */
  approvalTimeoutMs?: number
  /** The logins besides e-mail the project turned on, from the same config: READY carries them. */
  logins?: readonly LoginProvider[] | undefined
  /** Builds the account services (login, session, custody) given the bridge's event sender. */
  account?: (emit: BridgeContext['emit']) => AccountServices
}

export type Bridge = {
  readonly context: BridgeContext
  /** Removes the listener and aborts every running request (their -32040 replies are still posted). */
  stop(): void
}

/**
 * Serves the message table to the parent over the wire (`@keyframe/protocol/core`), then posts READY.
 *
 * One `message` listener, through `createEndpoint`: it hears only wire messages whose source is
 * `window.parent` and whose origin is exactly `parentOrigin`, and every post names that origin (never
 * `'*'`). Anything else gets no answer at all. Each request — known type or not — goes to `dispatch`, which
 * always resolves to a typed reply (an unknown type gets -32600), posted back as `wireReply(rid, reply)`.
 *
 * The parent may then hand over a MessagePort (a `port` wire message, through the same checked listener; the
 * first one only, per document): requests on it are parsed and dispatched exactly like window ones and
 * answered on it, and events go on it from then on. Window requests keep being served on the window.
 *
 * READY is posted last, once the listener is in place, so READY means the frame can serve. Call this after
 * `installGuard` (main.ts) so the guard stays the first `message` listener of the frame.
 * @throws TypeError when `parentOrigin` is not an exact http(s) origin (`bootFrame` only pins those).
 */
export function startBridge(parameters: StartBridgeParameters): Bridge {
  const { window: win, parentOrigin } = parameters
  const endpoint = createEndpoint({ self: win, peer: () => win.parent, peerOrigin: parentOrigin })
  // The parent's port, once the handshake took one; `portTaken` stays set so a second port is never taken.
  let port: { endpoint: Endpoint; unlisten(): void } | undefined
  let portTaken = false
  const emit: BridgeContext['emit'] = (type, params) => {
    // Fire and forget: a parent that is gone or not listening is not the frame's problem.
    try {
      ;(port?.endpoint ?? endpoint).post(wireEvent(type, createEvent(type, params)))
    } catch {}
  }
  const context = createBridgeContext({
    projectId: parameters.projectId,
    parentOrigin,
    chainId: parameters.chainId,
    ...(parameters.chains && { chains: parameters.chains }),
    ...(parameters.addableChains && { addableChains: parameters.addableChains }),
    ...(parameters.keepChain && { keepChain: parameters.keepChain }),
    ...(parameters.approvalTimeoutMs !== undefined && { approvalTimeoutMs: parameters.approvalTimeoutMs }),
    applyTheme: (theme) => applyTheme(win.document.documentElement, theme),
    reload: () => win.location.reload(),
    emit,
    ...(parameters.account ? { account: parameters.account(emit) } : {}),
  })
  const reply = (channel: Endpoint, rid: string, data: Reply) => {
    try {
      channel.post(wireReply(rid, data))
    } catch {
      // The reply could not be cloned: the parent still gets a typed answer rather than its timeout.
      try {
        channel.post(wireReply(rid, errorReply(new InternalError())))
      } catch {}
    }
  }
  // Each request is answered on the channel it came on.
  const serve = (channel: Endpoint) => (message: WireMessage) => {
    // Replies and events only ever travel frame → parent; the parent sends requests.
    if (message.kind !== 'request') return
    const { rid, type, data } = message
    void dispatch(type, data, context).then((answer) => reply(channel, rid, answer))
  }
  const serveWindow = serve(endpoint)
  const unlisten = endpoint.listen((message, ports) => {
    if (message.kind !== 'port') return serveWindow(message)
    // Only the checked window listener gets here (parent window, pinned origin); one port per document.
    const [received] = ports
    if (portTaken || ports.length !== 1 || !received) return
    portTaken = true
    const channel = createPortEndpoint(received)
    port = { endpoint: channel, unlisten: channel.listen(serve(channel)) }
    // Tells the parent the port is served: it sends on it from now on.
    channel.post(wirePort())
  })
  context.emit('READY', {
    version: PROTOCOL_VERSION,
    ...(parameters.logins && { logins: [...parameters.logins] }),
  })
  // For benchmarks and devtools: when the frame became able to serve.
  win.performance?.mark?.('keyframe:ready')
  return {
    context,
    stop() {
      unlisten()
      // Left open: the -32040 replies of the requests aborted below still go out on it.
      port?.unlisten()
      context.aborts.abortAll()
      context.rpc.authShares.clear()
    },
  }
}
