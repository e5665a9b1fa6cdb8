/// <reference path="../../types/post-robot.d.ts" />
/**
 * The parent's side of the frame boundary: the hidden iframe, READY, requests with timeouts and aborts.
 * Loaded with `import()` only (it brings post-robot and the protocol's schemas).
 * @module
 */
import {
  DEFAULT_CHAIN_ID,
  EVENT_TYPES,
  type EventPayload,
  type EventType,
  FRAME_LOAD_TIMEOUT_MS,
  FrameLoadError,
  InternalError,
  PROTOCOL_VERSION,
  RequestAbortedError,
  type RequestParams,
  type RequestResult,
  RequestTimeoutError,
  type RequestType,
  requests,
} from '@keyframe/protocol'
import postRobot, { type Cancelable } from 'post-robot'
import { createIframe } from './createIframe.ts'
import { buildFrameUrl, frameOriginOf } from './frameUrl.ts'
import { type Incoming, prepareRequest, readEvent, readReply } from './messages.ts'
import { retainPostRobot } from './retainPostRobot.ts'

/** An alert for the dApp: something a person or the developer should hear about. */
export type FrameAlert = { code: 'FRAME_LOAD_FAILED'; message: string; cause?: unknown }

export type FrameClientOptions = {
  /** The full frame document URL, e.g. `http://localhost:5174/frame`. Its origin is the only one trusted. */
  frameUrl: string
  projectId: string
  /** CAIP-2 chain the frame starts on. Default `eip155:1`. */
  chainId?: string
  /** Called when a request whose table row has `alertOnTimeout` (the 30 s connect flows) times out. */
  onTimeout?: (type: RequestType) => void
  /** Called when the frame fails to load ('Unable to load email login dependency'). */
  onAlert?: (alert: FrameAlert) => void
}

export type RequestOptions = {
  /** Aborting it rejects the request with RequestAbortedError and tells the frame (RPC_ABORT). */
  signal?: AbortSignal
}

/** A request still waiting for its reply. */
export type PendingRequest = { readonly id: string; readonly type: RequestType }

export type FrameClient = {
  /** Creates the hidden iframe (once) and resolves when the frame reports READY. Rejects with FrameLoadError. */
  ensure(): Promise<void>
  /** Sends one request of the message table and resolves with its validated result. */
  request<T extends RequestType>(
    type: T,
    params: RequestParams<T>,
    options?: RequestOptions,
  ): Promise<RequestResult<T>>
  /** Rejects the pending request `id` with RequestAbortedError and sends RPC_ABORT. False if none is pending. */
  abort(id: string): boolean
  /** The requests waiting for a reply. */
  pending(): PendingRequest[]
  /** Listens to a frame event. Returns the unsubscribe. */
  on<E extends EventType>(event: E, listener: (params: EventPayload<E>) => void): () => void
  /** Whether the frame has reported READY. */
  isReady(): boolean
  /** The iframe, once created. */
  element(): HTMLIFrameElement | undefined
  /** Rejects every pending request, removes every listener it added and the iframe. */
  destroy(): void
}

type Pending = PendingRequest & {
  posted: boolean
  resolve(value: unknown): void
  reject(error: unknown): void
  cleanup(): void
}

/** post-robot waits this much longer than we do, so our RequestTimeoutError is the one the caller sees. */
const TRANSPORT_GRACE_MS = 1000

function abortedError(type: RequestType): RequestAbortedError {
  return new RequestAbortedError(type === 'RPC_REQUEST' ? 'rpc' : 'other')
}

/**
 * Creates the client of one frame. Lazy: nothing is inserted in the page until `ensure()` or `request()`.
 * Note: GET_CHAIN_ID is answered by the frame here; the EIP-1193 provider (a later issue) answers
 * `eth_chainId` locally from the last used chain, as the spec asks.
 * @example
 * const { createFrameClient } = await import('./createFrameClient.ts')
 * const frame = createFrameClient({ frameUrl: 'http://localhost:5174/frame', projectId: 'demo' })
 * const { isConnected } = await frame.request('IS_CONNECTED', {})
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const frameOrigin = frameOriginOf(options.frameUrl)
  const pending = new Map<string, Pending>()
  const listeners = new Map<EventType, Set<(params: never) => void>>()
  let iframe: HTMLIFrameElement | undefined
  let cancels: Cancelable[] = []
  let release: (() => void) | undefined
  let ready = false
  let destroyed = false
  let loading: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined

  // The iframe's WindowProxy, read live: it stays the same object across the iframe's navigations in
  // browsers, and reading it live keeps us right where an environment replaces it.
  function frameWindow(): Window | undefined {
    return iframe?.contentWindow ?? undefined
  }

  function expected() {
    return { window: frameWindow(), origin: frameOrigin }
  }

  function removeFrame() {
    for (const c of cancels) c.cancel()
    cancels = []
    clearTimeout(loadTimer)
    loadTimer = undefined
    iframe?.remove()
    iframe = undefined
    ready = false
  }

  function onEvent(type: EventType, message: Incoming) {
    const event = readEvent(type, message, expected())
    if (!event.ok) return
    if (type === 'READY') {
      const { version } = event.value.params as EventPayload<'READY'>
      if (version !== PROTOCOL_VERSION) {
        fail(new Error(`The frame speaks protocol version ${version}; this SDK speaks ${PROTOCOL_VERSION}`))
        return
      }
      ready = true
      clearTimeout(loadTimer)
      loadTimer = undefined
      loading?.resolve()
    }
    for (const listener of [...(listeners.get(type) ?? [])]) {
      try {
        listener(event.value.params as never)
      } catch (error) {
        // One listener's bug must not stop the others; surface it without breaking the message loop.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  function fail(cause: unknown) {
    const current = loading
    loading = undefined
    removeFrame()
    const error = new FrameLoadError({ cause })
    options.onAlert?.({ code: 'FRAME_LOAD_FAILED', message: error.message, cause })
    current?.reject(error)
  }

  function ensure(): Promise<void> {
    if (destroyed) return Promise.reject(new RequestAbortedError('other'))
    if (ready) return Promise.resolve()
    if (loading) return loading.promise
    let resolve!: () => void
    let reject!: (error: unknown) => void
    const promise = new Promise<void>((res, rej) => {
      resolve = res
      reject = rej
    })
    // A load that fails is reported through onAlert; a caller that only preloads (`void ensure()`) must not
    // also get an unhandled rejection. Callers that await still see the error.
    promise.catch(() => {})
    loading = { promise, resolve, reject }
    release ??= retainPostRobot()
    const element = createIframe()
    // Inserted without a src: its window exists, so the READY listener (and every event listener) is bound
    // to exactly that window and origin before the frame document can load and speak.
    document.body.appendChild(element)
    iframe = element
    const win = element.contentWindow
    if (!win) {
      fail(new Error('The iframe has no window'))
      return promise
    }
    for (const type of EVENT_TYPES) {
      cancels.push(
        postRobot.on(type, { window: win, domain: frameOrigin }, (message) => {
          onEvent(type, message)
        }),
      )
    }
    loadTimer = setTimeout(
      () => fail(new Error(`No READY from ${frameOrigin} within ${FRAME_LOAD_TIMEOUT_MS} ms`)),
      FRAME_LOAD_TIMEOUT_MS,
    )
    element.src = buildFrameUrl({
      frameUrl: options.frameUrl,
      projectId: options.projectId,
      chainId: options.chainId ?? DEFAULT_CHAIN_ID,
      origin: window.location.origin,
    })
    return promise
  }

  function settle(id: string, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    entry.cleanup()
    if (outcome.ok) entry.resolve(outcome.value)
    else entry.reject(outcome.error)
  }

  function post(type: RequestType, data: unknown, timeoutMs: number) {
    const win = frameWindow()
    if (!win) return Promise.reject(new FrameLoadError({ cause: new Error('The frame is gone') }))
    // `domain` is always the frame's exact origin (a string, never '*').
    return Promise.resolve().then(() =>
      postRobot.send(win, type, data, { domain: frameOrigin, timeout: timeoutMs + TRANSPORT_GRACE_MS }),
    )
  }

  function sendAbort(id: string) {
    if (destroyed || !frameWindow()) return
    const { envelope, timeoutMs } = prepareRequest('RPC_ABORT', { id })
    post('RPC_ABORT', envelope, timeoutMs).catch(() => {
      // Best effort: the request is already rejected on our side whatever the frame answers.
    })
  }

  function request<T extends RequestType>(
    type: T,
    params: RequestParams<T>,
    requestOptions: RequestOptions = {},
  ): Promise<RequestResult<T>> {
    if (destroyed) return Promise.reject(abortedError(type))
    let prepared: ReturnType<typeof prepareRequest<T>>
    try {
      prepared = prepareRequest(type, params)
    } catch (error) {
      return Promise.reject(error)
    }
    const { signal } = requestOptions
    if (signal?.aborted) return Promise.reject(abortedError(type))
    const { envelope, timeoutMs } = prepared
    const { id } = envelope

    return new Promise<RequestResult<T>>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const onAbort = () => abort(id)
      const entry: Pending = {
        id,
        type,
        posted: false,
        resolve: resolve as (value: unknown) => void,
        reject,
        cleanup() {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        },
      }
      pending.set(id, entry)
      signal?.addEventListener('abort', onAbort, { once: true })

      ensure().then(
        () => {
          if (!pending.has(id)) return
          entry.posted = true
          timer = setTimeout(() => {
            settle(id, { ok: false, error: new RequestTimeoutError(type, timeoutMs) })
            if (requests[type].alertOnTimeout) {
              options.onTimeout?.(type)
              sendAbort(id)
            }
          }, timeoutMs)
          post(type, envelope, timeoutMs).then(
            (response) => {
              const reply = readReply(type, response, expected())
              settle(id, reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error })
            },
            (cause) => settle(id, { ok: false, error: new InternalError('An error occurred', { cause }) }),
          )
        },
        (error) => settle(id, { ok: false, error }),
      )
    })
  }

  function abort(id: string): boolean {
    const entry = pending.get(id)
    if (!entry) return false
    settle(id, { ok: false, error: abortedError(entry.type) })
    if (entry.posted) sendAbort(id)
    return true
  }

  return {
    ensure,
    request,
    abort,
    pending: () => [...pending.values()].map(({ id, type }) => ({ id, type })),
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener as (params: never) => void)
      return () => {
        listeners.get(event)?.delete(listener as (params: never) => void)
      }
    },
    isReady: () => ready,
    element: () => iframe,
    destroy() {
      if (destroyed) return
      destroyed = true
      for (const entry of [...pending.values()])
        settle(entry.id, { ok: false, error: abortedError(entry.type) })
      const current = loading
      loading = undefined
      removeFrame()
      current?.reject(new RequestAbortedError('other'))
      listeners.clear()
      release?.()
      release = undefined
    },
  }
}
