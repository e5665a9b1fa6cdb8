/**
 * Sign in with the wallet, the page's flow (SPEC §4 "Sign-in"): loaded only when the dApp set `siwx` or
 * `siweConfig`. Sessions follow the connected eip155 account: on each change of account or chain the
 * config's sessions are looked up; a live one is the state's session, none opens the modal on the sign-in
 * view (once the network is one the dApp lists). `signIn` has the wallet sign the config's EIP-4361 message
 * (`personal_sign`, whatever the connector) and the config keep it (the dApp's backend may refuse);
 * `cancelSignIn` disconnects when sign-in is required, else closes the modal and asks that account no more
 * until it reconnects. Disconnecting signs out (`revokeSession`) unless `signOutOnDisconnect` is false. A
 * session ends at its `expirationTime`, the page still open: the account is asked again.
 * @module
 */
import type { Caip2Id } from '@keyframe/protocol/core'
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { disconnect } from '../core/connection.ts'
import { getProvider } from '../core/connectors.ts'
import type { Keyframe } from '../core/createKeyframe.ts'
import { getNetwork } from '../core/network.ts'
import { defineRuntime } from '../core/runtime.ts'
import type { SiwxState } from '../core/siwxSession.ts'
import { utf8Hex } from '../core/utf8Hex.ts'
import type { SiwxConfig, SiwxSession } from './types.ts'

/** The connected eip155 account sign-in is for. */
type Account = { readonly chainId: Caip2Id; readonly address: string; readonly key: string }

type Runtime = {
  started: boolean
  /** The option as a {@link SiwxConfig} (`siweConfig` converted on first use). */
  config: Promise<SiwxConfig> | undefined
  /** The account the state's session is for; undefined while disconnected. */
  account: Account | undefined
  /** Bumped on each account change: a late session lookup of the account before is dropped. */
  epoch: number
  /** Bumped on each account change and cancel: a late signature of an attempt before is dropped. */
  attempt: number
  /** The sign-in under way, shared by calls of the same attempt. */
  signing: { attempt: number; promise: Promise<SiwxSession> } | undefined
  /** Accounts (`key`) whose sign-in the person cancelled (optional mode): not asked again until they reconnect. */
  skipped: Set<string>
  /** Drops the state's session at its `expirationTime` (one timer, for the live session only). */
  expiry: ReturnType<typeof setTimeout> | undefined
}

const SIWX = defineRuntime<Runtime>('siwx', () => ({
  started: false,
  config: undefined,
  account: undefined,
  epoch: 0,
  attempt: 0,
  signing: undefined,
  skipped: new Set(),
  expiry: undefined,
}))

/** setTimeout's longest wait (2^31-1 ms, ~24.8 days): a longer one fires at once. */
const MAX_WAIT = 2 ** 31 - 1

/** The views a sign-in shows in: the sign-in view itself, and the embedded wallet's approval over it. */
const isSignInView = (kf: Keyframe, siwx: SiwxState) => {
  const { view } = kf.getState()
  return view === siwx.view || view === 'ApproveTransaction'
}

function configOf(kf: Keyframe): Promise<SiwxConfig> {
  const runtime = kf._internal.runtime(SIWX)
  const option = kf._internal.siwx
  if (!option) return Promise.reject(new Error('SIWX is not enabled'))
  runtime.config ??=
    'siwx' in option
      ? Promise.resolve(option.siwx)
      : import('./fromSiweConfig.ts').then((m) => m.fromSiweConfig(option.siwe))
  return runtime.config
}

/** The connected eip155 account; undefined while disconnected, null while a connection is being made. */
function accountOf(kf: Keyframe): Account | undefined | null {
  const { status, address, chainId } = kf.getState().connections.eip155
  if (status === 'connecting') return null
  if (status !== 'connected' || !address || !chainId) return undefined
  return { chainId, address, key: `${chainId}:${address}` }
}

function setSiwx(kf: Keyframe, change: Partial<SiwxState>) {
  const { store } = kf._internal
  const { siwx } = store.getState()
  if (siwx) store.setState({ siwx: { ...siwx, ...change } })
}

/** Closes the modal when it shows sign-in (the close rules allow it once signed in or disconnected). */
function leaveSignIn(kf: Keyframe) {
  const { open, siwx } = kf.getState()
  if (open && siwx && isSignInView(kf, siwx)) kf.close()
}

/** The account or chain changed (or went): the session follows, and an account without one is asked. */
async function follow(kf: Keyframe, previous: Account | undefined, next: Account | undefined) {
  const runtime = kf._internal.runtime(SIWX)
  const epoch = ++runtime.epoch
  runtime.attempt++
  runtime.signing = undefined
  setSiwx(kf, { session: undefined, status: 'idle', error: undefined })
  const config = await configOf(kf)
  if (!next) {
    runtime.skipped.clear()
    leaveSignIn(kf)
    // The dApp's backend hears of it too (the default store forgets it; a backend signs out).
    if (previous && config.signOutOnDisconnect !== false) {
      await config.revokeSession(previous.chainId, previous.address).catch(() => {})
    }
    return
  }
  const sessions = await config.getSessions(next.chainId, next.address).catch(() => [])
  if (epoch !== runtime.epoch || kf._internal.isDestroyed()) return
  const session = sessions[0]
  const required = config.getRequired?.() ?? false
  setSiwx(kf, { session, required })
  if (session) return leaveSignIn(kf)
  ask(kf, next)
}

/** Opens the sign-in view for `account` unless the person cancelled it for that account. */
function ask(kf: Keyframe, account: Account) {
  // A wrong network is put right first (UnsupportedChain): the chain switch asks again.
  if (kf._internal.runtime(SIWX).skipped.has(account.key) || !getNetwork(kf).isSupported) return
  const view = kf.getState().siwx?.view
  if (view) kf.open({ view }).catch(() => {})
}

/**
 * Arms the one expiry timer for `session` (the state's new one; none clears it): at its `expirationTime`
 * it goes, and the account is asked again, as on connect. A wait past setTimeout's limit is taken in steps.
 */
function expireAt(kf: Keyframe, session: SiwxSession | undefined) {
  const runtime = kf._internal.runtime(SIWX)
  clearTimeout(runtime.expiry)
  runtime.expiry = undefined
  const expirationTime = session?.data.expirationTime
  if (expirationTime === undefined) return
  // An unreadable time is expired (as the session store reads it): NaN waits 0.
  const wait = Date.parse(expirationTime) - Date.now()
  runtime.expiry = setTimeout(
    () => {
      runtime.expiry = undefined
      if (wait > MAX_WAIT) return expireAt(kf, session)
      const account = runtime.account
      if (kf.getState().siwx?.session !== session || !account) return
      // A cancel of that account's sign-in was of the session before: this one is asked for.
      runtime.skipped.delete(account.key)
      setSiwx(kf, { session: undefined })
      ask(kf, account)
    },
    Math.min(wait, MAX_WAIT),
  )
}

/**
 * Starts following the connected account (once per instance; `createKeyframe` calls it in a browser when
 * sign-in is on). @internal
 */
export function startSiwx(kf: Keyframe): void {
  const runtime = kf._internal.runtime(SIWX)
  if (runtime.started || !kf._internal.siwx) return
  runtime.started = true
  const check = () => {
    const next = accountOf(kf)
    if (next === null || next?.key === runtime.account?.key) return
    const previous = runtime.account
    runtime.account = next
    void follow(kf, previous, next)
  }
  kf.subscribe(check)
  kf.subscribe(({ siwx }, previous) => {
    if (siwx?.session !== previous.siwx?.session) expireAt(kf, siwx?.session)
  })
  kf._internal.onDestroy(() => clearTimeout(runtime.expiry))
  // Closing the sign-in view unsigned (optional mode: its close control, Escape) is a cancel.
  kf._internal.onClose(() => {
    const { siwx } = kf.getState()
    if (siwx && !siwx.session && isSignInView(kf, siwx) && runtime.account) {
      runtime.skipped.add(runtime.account.key)
    }
  })
  check()
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function run(kf: Keyframe, attempt: number): Promise<SiwxSession> {
  const runtime = kf._internal.runtime(SIWX)
  const account = accountOf(kf)
  if (!account) throw new Error('No ActiveCaipAddress found')
  const current = () => attempt === runtime.attempt && !kf._internal.isDestroyed()
  setSiwx(kf, { status: 'signing', error: undefined })
  // The embedded wallet's approval shows over the sign-in view and goes back to it; the flow closes the modal.
  const release = (await import('../core/approval.ts')).holdOpen(kf)
  try {
    const config = await configOf(kf)
    const message = await config.createMessage({ accountAddress: account.address, chainId: account.chainId })
    const text = message.toString()
    const provider = await getProvider(kf)
    if (!provider) throw new Error('No ActiveCaipAddress found')
    let signature: `0x${string}`
    try {
      signature = (await provider.request({
        method: 'personal_sign',
        params: [utf8Hex(text), account.address],
      })) as `0x${string}`
    } catch (error) {
      if (codeOf(error) === UserRejectedRequestError.code)
        throw new UserRejectedRequestError('Signature declined', { cause: error })
      throw error
    }
    const { toString: _text, ...data } = message
    const session: SiwxSession = { data, message: text, signature }
    try {
      await config.addSession(session)
    } catch (error) {
      throw new Error(`Sign-in was refused: ${messageOf(error)}`, { cause: error })
    }
    if (current()) {
      setSiwx(kf, { session, status: 'idle', error: undefined })
      leaveSignIn(kf)
    }
    return session
  } catch (error) {
    if (current()) setSiwx(kf, { status: 'idle', error: messageOf(error) })
    throw error
  } finally {
    release()
  }
}

/**
 * Signs the connected eip155 account in (see the module doc); a call while one is under way shares it.
 * @internal the public one is `siwxOnDemand.ts`'s.
 */
export function signIn(kf: Keyframe): Promise<SiwxSession> {
  if (!kf._internal.siwx || !kf.getState().siwx) return Promise.reject(new Error('SIWX is not enabled'))
  startSiwx(kf)
  const runtime = kf._internal.runtime(SIWX)
  if (runtime.signing?.attempt === runtime.attempt) return runtime.signing.promise
  const attempt = runtime.attempt
  const promise = run(kf, attempt).finally(() => {
    if (runtime.signing?.promise === promise) runtime.signing = undefined
  })
  runtime.signing = { attempt, promise }
  return promise
}

/** Cancels sign-in (see the module doc). @internal the public one is `siwxOnDemand.ts`'s. */
export async function cancelSignIn(kf: Keyframe): Promise<void> {
  const { siwx } = kf.getState()
  if (!kf._internal.siwx || !siwx) throw new Error('SIWX is not enabled')
  startSiwx(kf)
  const runtime = kf._internal.runtime(SIWX)
  runtime.attempt++
  runtime.signing = undefined
  setSiwx(kf, { status: 'idle', error: undefined })
  if (siwx.required && !siwx.session && runtime.account) {
    await disconnect(kf)
    kf.close()
    return
  }
  if (runtime.account) runtime.skipped.add(runtime.account.key)
  kf.close()
}
