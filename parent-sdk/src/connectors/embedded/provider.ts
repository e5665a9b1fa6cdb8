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
 * Events follow EIP-1193: connect, disconnect (4900), accountsChanged, chainChanged (hex).
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
import { awaitApproval } from '../../core/approval.ts'
import { disconnect, reconnect } from '../../core/connection.ts'
import type { Keyframe, KeyframeNetwork as Network } from '../../core/createKeyframe.ts'
import { DestroyedError } from '../../core/errors.ts'
import { addNetwork, switchNetwork } from '../../core/network.ts'
import { openUntil } from '../../core/openUntil.ts'
import type { Eip1193Provider, ProviderEvents, RequestArguments } from '../types.ts'

type Hex = `0x${string}`

/**
 * What the dApp sees of the embedded wallet. The address is in lower case, as MetaMask gives it (dApps
 * compare it with `===` to eth-sig-util's recovery); the SDK's own state and modal keep EIP-55.
 */
type Snapshot = { readonly connected: boolean; readonly address: string | undefined; readonly chainId: Hex }

/** A request not answered yet. `fail` settles it at once and stops its work (the unknown-method flow). */
type Pending = { unsafe: boolean; fail(error: Error): void }

type Listener = (payload: unknown) => void

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

type Runtime = { provider: Eip1193Provider; end(): void }
const runtimes = new WeakMap<Keyframe, Runtime>()

function createEmbeddedProvider(kf: Keyframe): Runtime {
  const listeners = new Map<keyof ProviderEvents, Set<Listener>>()
  const pending = new Set<Pending>()
  let last = snapshotOf(kf)

  function emit<E extends keyof ProviderEvents>(event: E, payload: Parameters<ProviderEvents[E]>[0]) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        // One listener's bug must not keep the event from the others.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  const unsubscribe = kf.subscribe(() => {
    const next = snapshotOf(kf)
    const previous = last
    last = next
    if (next.connected && !previous.connected) emit('connect', { chainId: next.chainId })
    if (next.chainId !== previous.chainId) emit('chainChanged', next.chainId)
    if (next.address !== previous.address) emit('accountsChanged', next.address ? [next.address] : [])
    if (!next.connected && previous.connected) {
      // A request of the connection that ended must not be approved after it: each is rejected, and its
      // abort tells the frame (RPC_ABORT), which takes its approval off the screen.
      for (const entry of [...pending]) entry.fail(new DisconnectedError())
      emit('disconnect', new DisconnectedError())
    }
  })

  /** Runs `work` as a pending request; `fail` rejects it first and aborts `signal`. */
  function track<T>(work: (entry: Pending, signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    let settled = false
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        unsafe: false,
        fail(error) {
          if (settled) return
          settled = true
          pending.delete(entry)
          reject(error)
          controller.abort()
        },
      }
      const done = (settle: () => void) => {
        if (settled) return
        settled = true
        pending.delete(entry)
        settle()
      }
      pending.add(entry)
      work(entry, controller.signal).then(
        (value) => done(() => resolve(value)),
        (error: unknown) => done(() => reject(toProviderError(error))),
      )
    })
  }

  /** Resolves once no login is being restored or completed (status 'connecting'). */
  function whenSettled(signal: AbortSignal): Promise<void> {
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
  function requestAccounts(): Promise<string[]> {
    return track(async (_entry, signal) => {
      await whenSettled(signal)
      // A failure to reconnect leaves the saved login; the person then chooses in the modal.
      if (!snapshotOf(kf).address) await reconnect(kf).catch(() => false)
      const now = snapshotOf(kf)
      if (now.address) return [now.address]
      await openUntil(
        kf,
        () => Boolean(snapshotOf(kf).address),
        () => new UserRejectedRequestError(),
        signal,
      )
      return [snapshotOf(kf).address!]
    })
  }

  async function switchChain(params: unknown): Promise<null> {
    const chainId = (Array.isArray(params) ? params[0] : undefined)?.chainId
    if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(chainId)) {
      throw new InvalidParamsError(
        'wallet_switchEthereumChain',
        [{ path: [0, 'chainId'], message: 'Expected a hex chain id' }],
        'parameter 1 (chain) field chainId must be a hex chain id',
      )
    }
    // A chain the dApp does not list: ChainNotSupportedError, 4902 (EIP-3326).
    await switchNetwork(kf, chainId)
    return null
  }

  /** The chain the frame just added, as a network of the modal: its params passed the frame's schema. */
  function listAddedChain(params: unknown) {
    const [chain] = params as [
      { chainId: string; chainName: string; nativeCurrency: Network['nativeCurrency']; rpcUrls: string[] },
    ]
    addNetwork(kf, {
      id: Number.parseInt(chain.chainId, 16),
      name: chain.chainName,
      ...(chain.nativeCurrency && { nativeCurrency: chain.nativeCurrency }),
      rpcUrls: { default: { http: chain.rpcUrls } },
    })
  }

  /** SPEC §6: the toast, then every pending request of this provider rejected with 4200. */
  function refuse(method: string) {
    if (kf._internal.isDestroyed()) return
    kf._internal.toasts.show('error', 'Action not allowed')
    for (const entry of [...pending]) entry.fail(new UnsupportedMethodError(method))
  }

  function viaFrame(method: string, params: unknown): Promise<unknown> {
    return track(async (entry, signal) => {
      classify ??= await import('./classify.ts')
      const { classOf, refusal } = classify
      const kind = classOf(method)
      // A method wallets know and Keyframe declines: its own error, at once; nothing else is touched.
      if (kind === 'refused') throw refusal(method)
      if (kind === 'unknown') {
        kf.open().catch(() => {})
        await delay(UNSUPPORTED_ACTION_DELAY_MS)
        refuse(method)
        // This request was among the pending ones; nothing is left to answer.
        throw new UnsupportedMethodError(method)
      }
      await whenSettled(signal)
      const { connected } = snapshotOf(kf)
      if (!connected) throw new UnauthorizedError()
      const frame = await kf.frame()
      let endWait: (() => void) | undefined
      if (kind === 'unsafe') {
        entry.unsafe = true
        // SPEC §2: an unsafe request opens the modal; the frame's approval shows in it (ApproveTransaction).
        endWait = awaitApproval(kf)
      }
      const chainId = kf.getState().connections.eip155.chainId
      try {
        return await frame.request(
          'RPC_REQUEST',
          { method, ...(params === undefined ? {} : { params }), ...(chainId ? { chainId } : {}) },
          { signal },
        )
      } finally {
        // SPEC §2: the modal closes on an unsafe request's success, and on an error once no other unsafe
        // request is pending. A request ended by the unknown-method flow leaves it open on its toast.
        const closes = entry.unsafe && !signal.aborted
        entry.unsafe = false
        // A task later, once the answer has reached the dApp: the modal's re-render need not delay it.
        setTimeout(() => {
          endWait?.()
          if (closes && ![...pending].some((other) => other.unsafe)) kf.close()
        }, 0)
      }
    })
  }

  function route(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        return requestAccounts()
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
        return track(() => switchChain(params))
      // EIP-3085: the frame asks the person (within the operator's policy); once added, the modal lists it.
      case 'wallet_addEthereumChain':
        return viaFrame(method, params).then((result) => {
          listAddedChain(params)
          return result
        })
      // EIP-2255 for the account, as wagmi's connector asks on connect and disconnect. Other permission
      // requests (ERC-7715 grants and their revocations) go to the frame like any other method.
      case 'wallet_getPermissions':
        return Promise.resolve(permissionsOf(snapshotOf(kf).address))
      case 'wallet_requestPermissions':
        if (!isAccountsPermission(params)) return viaFrame(method, params)
        return requestAccounts().then(([address]) => permissionsOf(address))
      case 'wallet_revokePermissions':
        if (!isAccountsPermission(params)) return viaFrame(method, params)
        // The dApp drops the account: this site disconnects, as `disconnect(kf)` does; the person stays
        // logged in to the frame, so eth_requestAccounts reconnects without a code. Not a pending request
        // itself: the disconnect it causes rejects the others.
        return (async () => {
          if (snapshotOf(kf).connected) await disconnect(kf)
          return null
        })().catch((error: unknown) => Promise.reject(toProviderError(error)))
      default:
        return viaFrame(method, params)
    }
  }

  const provider: Eip1193Provider = {
    request(args: RequestArguments) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string' || !args.method) {
        return Promise.reject(new InvalidRequestError('Expected a request { method: string, params? }'))
      }
      return route(args.method, args.params)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener as Listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as Listener)
    },
  }

  return {
    provider,
    end() {
      unsubscribe()
      for (const entry of [...pending]) entry.fail(new DisconnectedError())
      // From now on every request fails with 4900: the dApp hears it once.
      if (last.connected) emit('disconnect', new DisconnectedError())
      listeners.clear()
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
  let runtime = runtimes.get(kf)
  if (!runtime) {
    runtime = createEmbeddedProvider(kf)
    runtimes.set(kf, runtime)
  }
  return runtime.provider
}

/** On destroy: the provider's pending requests are rejected with 4900 and its listeners dropped. @internal */
export function endEmbeddedProvider(kf: Keyframe): void {
  runtimes.get(kf)?.end()
}
