/**
 * The connection of the embedded wallet (SPEC §3 account state, §4 connection status and login cache):
 * restore on start, sync with the frame, disconnecting this site (the login stays), reconnecting it, signing
 * out, and the readers and watchers of the account. The e-mail login and update actions are `emailActions.ts`.
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import {
  type Caip10Id,
  CHAIN_NAMESPACES,
  type ChainNamespace,
  FrameLoadError,
  ProtocolError,
  RequestAbortedError,
  type Social,
  toCaip2,
  UnauthorizedError,
} from '@keyframe/protocol/core'
import type { FrameClient } from '../frame/createFrameClient.ts'
import { getAccount } from './account.ts'
import { removeConnectedConnector, saveConnectedConnector } from './connectedConnector.ts'
import { getActiveConnector, setActiveConnector } from './connectors.ts'
import type { Keyframe } from './createKeyframe.ts'
import { BrowserOnlyError, DestroyedError, DisconnectError } from './errors.ts'
import { markSiteDisconnected, readLoginCache, saveLogin, wipeLogin } from './loginCache.ts'
import type { ViewName } from './router.ts'
import { defineRuntime } from './runtime.ts'
import {
  type AccountUser,
  type ConnectionStatus,
  DISCONNECTED_ALL,
  type NamespaceConnection,
} from './store.ts'

type User = RequestResult<'GET_USER'>

/** What an instance remembers about the login under way; never persisted. */
type Runtime = {
  /**
   * Bumped whenever who is logged in may change (a connect, a disconnect, a check starting). Work started
   * under an older value drops its result: a late answer must not undo a newer change.
   */
  epoch: number
  /** The e-mail of the login under way. */
  email: string | undefined
  /** The new address of the e-mail update under way. */
  newEmail: string | undefined
}

const CONNECTION = defineRuntime<Runtime>('connection', () => ({
  epoch: 0,
  email: undefined,
  newEmail: undefined,
}))

/** The login under way of `kf` (the e-mail actions in `emailActions.ts` share it). @internal */
export const runtimeOf = (kf: Keyframe): Runtime => kf._internal.runtime(CONNECTION)

/** The views of the connect flows: reaching a connection from one of them closes the modal (SPEC §2). @internal */
export const CONNECT_VIEWS: readonly ViewName[] = [
  'Connect',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'ConnectingSocial',
  'ConnectingFarcaster',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'AllWallets',
]

/** The namespace of a CAIP-2 id, when it is one the product knows. @internal */
export function namespaceOf(chainId: string): ChainNamespace | undefined {
  const namespace = chainId.slice(0, chainId.indexOf(':'))
  return (CHAIN_NAMESPACES as readonly string[]).includes(namespace)
    ? (namespace as ChainNamespace)
    : undefined
}

function setStatus(kf: Keyframe, status: ConnectionStatus) {
  const { store } = kf._internal
  const { connections, activeNamespace } = store.getState()
  if (connections[activeNamespace].status === status) return
  // A status change on its own drops the account fields: they belong to a connection that is no more.
  store.setState({ connections: { ...connections, [activeNamespace]: { status } } })
}

/**
 * SPEC §4: every namespace disconnected. The login cache stays: the frame may still hold the session (a
 * disconnect of this site, a check that failed on the way).
 */
function endConnection(kf: Keyframe) {
  const runtime = runtimeOf(kf)
  runtime.epoch++
  runtime.email = undefined
  runtime.newEmail = undefined
  removeConnectedConnector(kf._internal.storage, 'eip155', 'embedded')
  const { store } = kf._internal
  if (store.getState().connections !== DISCONNECTED_ALL) store.setState({ connections: DISCONNECTED_ALL })
  if (getActiveConnector(kf)?.type === 'embedded') setActiveConnector(kf, 'eip155', undefined)
}

/** The session is gone (the frame says so, or the person signed out): disconnected, and the login cache wiped. @internal */
export function reset(kf: Keyframe) {
  endConnection(kf)
  wipeLogin(kf._internal.storage)
}

function toUser(user: User): AccountUser {
  return {
    ...(user.email ? { email: user.email } : {}),
    ...(user.userName ? { username: user.userName } : {}),
  }
}

/**
 * Stores the user the frame reported as the connection and saves the login (SPEC §4); on the step to
 * connected, a modal showing a connect view closes (SPEC §2). `social`: the provider of a social or
 * Farcaster login just made (the frame's user says it too, once it does).
 */
export function connected(kf: Keyframe, user: User, social = user.socialProvider ?? undefined) {
  const { store, storage } = kf._internal
  const runtime = runtimeOf(kf)
  const state = store.getState()
  const wasConnected = state.connections[state.activeNamespace].status === 'connected'
  const chainId = toCaip2(user.chainId)
  const namespace = namespaceOf(chainId) ?? state.activeNamespace
  const { name, icon, type } = kf._internal.embedded.connector
  const connection: NamespaceConnection = {
    status: 'connected',
    address: user.address,
    caipAddress: `${chainId}:${user.address}` as Caip10Id,
    chainId,
    user: toUser(user),
    socialProvider: social,
    connectedWalletInfo: { name, icon, type, social },
  }
  // The embedded wallet is the only connector so far: its connection replaces whatever was there.
  store.setState({
    connections: { ...DISCONNECTED_ALL, [namespace]: connection },
    activeNamespace: namespace,
  })
  if (namespace === 'eip155') {
    setActiveConnector(kf, 'eip155', kf._internal.embedded.connector)
    // The connector that connected last is the one the next start restores.
    saveConnectedConnector(storage, 'eip155', 'embedded')
  }
  saveLogin(storage, { email: user.email ?? runtime.email, socialUsername: user.userName, chainId })
  runtime.email = undefined
  // Only on the step to connected: reading the same user again (a session update) moves no modal.
  const { open, view } = store.getState()
  if (!wasConnected && open && CONNECT_VIEWS.includes(view)) kf.close()
}

/**
 * After the frame accepted a login: reads the user and marks the connection connected; `social` is the
 * provider of a social or Farcaster login. @internal
 */
export async function finishConnect(kf: Keyframe, frame: FrameClient, signal?: AbortSignal, social?: Social) {
  const runtime = runtimeOf(kf)
  const epoch = ++runtime.epoch
  setStatus(kf, 'connecting')
  try {
    const user = await frame.request('GET_USER', { chainId: kf.getState().networkId }, optionsOf(signal))
    if (epoch === runtime.epoch) connected(kf, user, social)
  } catch (error) {
    if (epoch === runtime.epoch) setStatus(kf, 'disconnected')
    throw error
  }
}

/** A request's options with `signal` when there is one. @internal */
export function optionsOf(signal: AbortSignal | undefined) {
  return signal ? { signal } : {}
}

/**
 * Whether the frame's refusal of GET_USER says it holds no session (4100). With IS_CONNECTED answered
 * `false` and the DISCONNECTED event, these are the only answers that wipe a saved login: a frame that does
 * not load, a timeout or any other error says nothing about the session.
 */
function saysSessionGone(error: unknown): boolean {
  return error instanceof ProtocolError && error.code === UnauthorizedError.code
}

/** Whether `error` says the frame is gone (never loaded, destroyed, or the instance is), not that it refused. */
function isFrameGone(error: unknown): boolean {
  return (
    error instanceof FrameLoadError ||
    error instanceof RequestAbortedError ||
    error instanceof DestroyedError ||
    error instanceof BrowserOnlyError
  )
}

/**
 * Checks with the frame whether its session is still there (SPEC §4): IS_CONNECTED, then GET_USER; connects
 * it when it is. Resolves whether it connected. A negative check (the frame says the session is gone) sets
 * disconnected and wipes the login cache; a failed one sets disconnected, keeps the login and throws.
 */
async function checkSession(kf: Keyframe): Promise<boolean> {
  const runtime = runtimeOf(kf)
  const epoch = ++runtime.epoch
  setStatus(kf, 'connecting')
  // A newer change (a disconnect, another check) or the instance going away: this check's answer is dropped.
  const stale = () => epoch !== runtime.epoch || kf._internal.isDestroyed()
  try {
    const frame = await kf.frame()
    const { isConnected } = await frame.request('IS_CONNECTED', {})
    if (stale()) return false
    if (!isConnected) {
      reset(kf)
      return false
    }
    const user = await frame.request('GET_USER', { chainId: kf.getState().networkId })
    if (stale()) return false
    connected(kf, user)
    return true
  } catch (error) {
    if (stale()) return false
    if (saysSessionGone(error)) {
      reset(kf)
      return false
    }
    endConnection(kf)
    throw error
  }
}

/** The start's check (SPEC §4): any outcome is in the state; a failure keeps the saved login for next time. @internal */
export async function syncConnection(kf: Keyframe): Promise<void> {
  await checkSession(kf).catch(() => {})
}

/**
 * On start (SPEC §4): restores the stored status, then syncs. With the used flag set (and the site not
 * disconnected by the dApp) the status starts 'connecting' and the frame is created at once; otherwise
 * nothing is loaded. Returns whether a restore started. Browser only. @internal
 */
export function restoreConnection(kf: Keyframe): boolean {
  const { emailLoginUsed, siteDisconnected } = readLoginCache(kf._internal.storage)
  if (!emailLoginUsed || siteDisconnected) return false
  setStatus(kf, 'connecting')
  void syncConnection(kf)
  return true
}

/** Whether a login is saved that the frame may still hold, while no other connector holds eip155. @internal */
export function hasSavedLogin(kf: Keyframe): boolean {
  const connector = getActiveConnector(kf)
  return (
    (connector === undefined || connector.type === 'embedded') &&
    getAccount(kf).status === 'disconnected' &&
    readLoginCache(kf._internal.storage).emailLoginUsed
  )
}

/**
 * Reconnects the login the frame still holds — after the dApp disconnected this site, or after a restore
 * that failed — asking the person nothing: no code, no passphrase. Resolves true once connected; false when
 * no login is saved, another connector holds eip155, or the frame says its session is gone (the saved login
 * is wiped then, and a new login needs a code).
 * @throws {FrameLoadError} the frame did not load (or another failure on the way, `BrowserOnlyError` on a
 * server): the saved login stays.
 * @example
 * import { reconnect } from '@keyframe/sdk'
 * if (!(await reconnect(kf))) await kf.open({ view: 'Connect' })
 */
export async function reconnect(kf: Keyframe): Promise<boolean> {
  if (!hasSavedLogin(kf)) return false
  return checkSession(kf)
}

// ── Actions ──────────────────────────────────────────────────────────────────

/**
 * Disconnects this site from the active eip155 connector (SPEC §4, per namespace). An injected wallet is
 * asked to revoke the site's permission (best effort) and its namespace becomes disconnected. The embedded
 * wallet ends this site's connection and keeps the person's login in the frame: the status becomes
 * disconnected, the next start restores nothing, and `reconnect` (or `eth_requestAccounts`, or the modal's
 * Continue) connects again without a code. `signOut` ends the login itself.
 * @example
 * import { disconnect } from '@keyframe/sdk'
 * await disconnect(kf)
 */
export async function disconnect(kf: Keyframe): Promise<void> {
  // Another connector (an injected wallet) ends its own namespace's connection; the frame keeps its session.
  const connector = getActiveConnector(kf)
  if (connector && connector.type !== 'embedded') {
    await connector.disconnect()
    return
  }
  const { storage } = kf._internal
  const saved = readLoginCache(storage).emailLoginUsed
  endConnection(kf)
  if (saved) markSiteDisconnected(storage)
}

/**
 * Signs the person out of the embedded wallet (the modal's 'Log out'): the frame ends its session on its
 * server, the login cache is wiped and the embedded wallet's connection ends at once, whatever the frame
 * answers, and even when the frame is gone. A site disconnected earlier has the frame load to end the
 * session it still holds. The next login needs a code.
 * @throws {DisconnectError} 'Failed to disconnect': the frame refused to sign out (the local state is
 * signed out all the same).
 * @example
 * import { signOut } from '@keyframe/sdk'
 * await signOut(kf)
 */
export async function signOut(kf: Keyframe): Promise<void> {
  const { storage } = kf._internal
  const saved = readLoginCache(storage).emailLoginUsed
  const connector = getActiveConnector(kf)
  // An injected wallet's connection is not the frame's login: only the saved login goes.
  if (connector && connector.type !== 'embedded') wipeLogin(storage)
  else reset(kf)
  if (!saved && !kf._internal.frameStarted()) return
  try {
    const frame = await kf.frame()
    await frame.request('SIGN_OUT', {})
  } catch (error) {
    if (!isFrameGone(error)) throw new DisconnectError({ cause: error })
  }
}

/** The e-mail of the login under way, and the new address of the e-mail update under way. @internal */
export function getEmailFlow(kf: Keyframe): { email: string | undefined; newEmail: string | undefined } {
  const { email, newEmail } = runtimeOf(kf)
  return { email, newEmail }
}
