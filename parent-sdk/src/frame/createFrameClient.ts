/**
 * The parent's side of the frame boundary: the hidden iframe, READY, requests with timeouts and aborts,
 * over the wire (`@keyframe/protocol/core`): plain `postMessage` to the iframe's window with the frame's
 * exact origin as target, and one `message` listener that hears only that window and origin. After each READY
 * it hands the frame a MessagePort the same way; once the frame takes it, requests, replies and events travel
 * on it (cheaper per round trip), still read through the same schemas.
 * Loaded with `import()` only (it brings the protocol's schemas).
 * @module
 */
import {
  DEFAULT_CHAIN_ID,
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
import {
  createEndpoint,
  createPortEndpoint,
  type Endpoint,
  type WireMessage,
  wirePort,
  wireRequest,
} from '@keyframe/protocol/wire'
import { onBody } from '../core/documentBody.ts'
import { createIframe } from './createIframe.ts'
import { buildFrameUrl, frameOriginOf } from './frameUrl.ts'
import { prepareRequest, readEvent, readReply } from './messages.ts'

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
  /** Called with the request's id as it is made: the id the frame's APPROVAL_* events name. */
  onId?: (id: string) => void
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
  /**
   * Whether the frame has a prompt open (between PROMPT_REQUESTED and PROMPT_CLOSED). Meanwhile no request
   * is timed; when it closes, each pending request gets its full timeout again.
   */
  isPrompting(): boolean
  /** Whether the frame has an approval on screen (between APPROVAL_REQUESTED and APPROVAL_CLOSED); no request is timed meanwhile either. */
  isApproving(): boolean
  /** The iframe, once created. */
  element(): HTMLIFrameElement | undefined
  /** Rejects every pending request, removes every listener it added and the iframe. */
  destroy(): void
}

type Pending = PendingRequest & {
  posted: boolean
  resolve(value: unknown): void
  reject(error: unknown): void
  /** Starts the request's full timeout afresh (once posted, and while no prompt or approval is open). */
  arm(): void
  /** Stops its timeout. */
  disarm(): void
  cleanup(): void
}

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
  // Posts only to the iframe's window (read live: it stays the same WindowProxy across the frame's
  // navigations) with the frame's exact origin as target; hears only that window at that origin. Touches
  // nothing until `listen()`.
  const endpoint = createEndpoint({
    self: window,
    peer: () => iframe?.contentWindow,
    peerOrigin: frameOrigin,
  })
  let stopListening: (() => void) | undefined
  // The MessageChannel offered after the last READY; `served` once the frame said it listens on it. A port
  // round trip is cheaper than a window one, so requests go on it from then on (safe RPC calls have a 1 ms
  // overhead budget); until then, and with a frame that never takes it, on the window.
  let channel: { port: MessagePort; endpoint: Endpoint; served: boolean } | undefined
  let ready = false
  let destroyed = false
  // Between PROMPT_REQUESTED and PROMPT_CLOSED the person is typing in the frame, and between
  // APPROVAL_REQUESTED and APPROVAL_CLOSED deciding on an approval (up to APPROVAL_TIMEOUT_MS, and the ones
  // queued behind it wait longer): no request is timed meanwhile.
  let prompting = false
  let approving = false
  let paused = false
  let loading: { promise: Promise<void>; resolve(): void; reject(error: unknown): void } | undefined
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  /** Stops waiting for the page's `<body>` (the iframe is inserted once it exists). */
  let cancelInsert: (() => void) | undefined

  function closeChannel() {
    channel?.port.close()
    channel = undefined
  }

  /**
   * Offers the frame's (new) document a MessagePort, posted like everything else to the iframe's window with
   * the frame's exact origin as target. Replies and events on it are read exactly like window ones.
   */
  function offerChannel() {
    closeChannel()
    const { port1, port2 } = new MessageChannel()
    const current = { port: port1, endpoint: createPortEndpoint(port1), served: false }
    current.endpoint.listen((message) => {
      if (message.kind === 'port') current.served = true
      // READY only counts from the window: a (re)loaded document announces itself there.
      else if (!(message.kind === 'event' && message.type === 'READY')) onMessage(message)
    })
    channel = current
    try {
      if (!endpoint.post(wirePort(), [port2])) closeChannel()
    } catch {
      closeChannel()
    }
  }

  function removeFrame() {
    cancelInsert?.()
    cancelInsert = undefined
    stopListening?.()
    stopListening = undefined
    closeChannel()
    clearTimeout(loadTimer)
    loadTimer = undefined
    iframe?.remove()
    iframe = undefined
    ready = false
    prompting = false
    approving = false
    paused = false
  }

  // Only what the endpoint lets through gets here: a wire message from the iframe's window at the frame's
  // exact origin.
  function onMessage(message: WireMessage) {
    if (message.kind === 'reply') onReply(message.rid, message.data)
    else if (message.kind === 'event') onEvent(message.type, message.data)
    // The parent serves no requests: a 'request' from the frame is dropped unanswered.
  }

  function onReply(rid: string, data: unknown) {
    const entry = pending.get(rid)
    // A reply to nothing we are waiting for (late, after a timeout or an abort; a reply to RPC_ABORT; or a
    // made-up id) changes nothing.
    if (!entry?.posted) return
    const reply = readReply(entry.type, data)
    settle(rid, reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error })
  }

  function setPaused(next: { prompting?: boolean; approving?: boolean }) {
    prompting = next.prompting ?? prompting
    approving = next.approving ?? approving
    if (paused === (prompting || approving)) return
    paused = prompting || approving
    for (const entry of pending.values()) {
      if (!entry.posted) continue
      // Closed: each request gets its full timeout again, counted from now.
      if (paused) entry.disarm()
      else entry.arm()
    }
  }

  function onEvent(type: string, data: unknown) {
    const event = readEvent(type, data)
    if (!event.ok) return
    if (event.value.type === 'PROMPT_REQUESTED') setPaused({ prompting: true })
    else if (event.value.type === 'PROMPT_CLOSED') setPaused({ prompting: false })
    else if (event.value.type === 'APPROVAL_REQUESTED') setPaused({ approving: true })
    else if (event.value.type === 'APPROVAL_CLOSED') setPaused({ approving: false })
    else if (event.value.type === 'READY') {
      // A frame that (re)loads has no prompt or approval open, whatever it said before.
      setPaused({ prompting: false, approving: false })
      const { version } = event.value.params as EventPayload<'READY'>
      if (version !== PROTOCOL_VERSION) {
        fail(new Error(`The frame speaks protocol version ${version}; this SDK speaks ${PROTOCOL_VERSION}`))
        return
      }
      ready = true
      offerChannel()
      clearTimeout(loadTimer)
      loadTimer = undefined
      loading?.resolve()
    }
    for (const listener of [...(listeners.get(event.value.type) ?? [])]) {
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
    // Created from a `<head>` script, the page may have no `<body>` yet: the frame waits for it.
    cancelInsert = onBody((parent) => {
      cancelInsert = undefined
      insert(parent)
    })
    return promise
  }

  function insert(parent: HTMLElement) {
    const element = createIframe()
    // Inserted without a src: its window exists, so the one listener (READY, every event, every reply) is
    // bound to exactly that window and origin before the frame document can load and speak.
    parent.appendChild(element)
    iframe = element
    if (!element.contentWindow) {
      fail(new Error('The iframe has no window'))
      return
    }
    stopListening = endpoint.listen(onMessage)
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
  }

  function settle(id: string, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    entry.cleanup()
    if (outcome.ok) entry.resolve(outcome.value)
    else entry.reject(outcome.error)
  }

  /**
   * Posts one request to the frame window, target = the frame's exact origin (never '*'); `rid` is the
   * envelope's own id. Only called after READY. Throws when the frame is gone or the data cannot be cloned.
   */
  function post(type: RequestType, envelope: { id: string }) {
    const via = channel?.served ? channel.endpoint : endpoint
    if (!via.post(wireRequest(envelope.id, type, envelope))) throw new Error('The frame is gone')
  }

  function sendAbort(id: string) {
    if (destroyed || !ready) return
    // Fire and forget: the frame's reply to RPC_ABORT matches no pending request, so it is ignored.
    try {
      post('RPC_ABORT', prepareRequest('RPC_ABORT', { id }).envelope)
    } catch {
      // Best effort: the request is already rejected on our side whatever happens to the frame.
    }
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
    requestOptions.onId?.(id)

    return new Promise<RequestResult<T>>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const onAbort = () => abort(id)
      const entry: Pending = {
        id,
        type,
        posted: false,
        resolve: resolve as (value: unknown) => void,
        reject,
        arm() {
          clearTimeout(timer)
          timer = setTimeout(() => {
            settle(id, { ok: false, error: new RequestTimeoutError(type, timeoutMs) })
            if (requests[type].alertOnTimeout) {
              options.onTimeout?.(type)
              sendAbort(id)
            }
          }, timeoutMs)
        },
        disarm() {
          clearTimeout(timer)
          timer = undefined
        },
        cleanup() {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        },
      }
      pending.set(id, entry)
      signal?.addEventListener('abort', onAbort, { once: true })

      const send = () => {
        if (!pending.has(id)) return
        entry.posted = true
        // Sent while a prompt or an approval is open: timed from when it closes.
        if (!paused) entry.arm()
        try {
          post(type, envelope)
        } catch (cause) {
          // The frame went away between READY and now, or postMessage could not clone the params.
          settle(id, { ok: false, error: new InternalError('An error occurred', { cause }) })
        }
      }
      // A ready frame gets the request at once, in this task (safe RPC calls have a 1 ms overhead budget).
      if (ready) send()
      else ensure().then(send, (error) => settle(id, { ok: false, error }))
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
    isPrompting: () => prompting,
    isApproving: () => approving,
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
    },
  }
}
