/**
 * The wire between the parent page and the frame: plain `postMessage` with structured-clone objects, one
 * listener per side, every message checked for its source window and exact origin before anything reads it.
 *
 * Why not post-robot: in a cross-origin iframe its start-up alone costs 40–110 ms of main-thread time on the
 * machines we benchmark on (the frame's READY budget is 150 ms), it answers every sender ("No handler
 * found…") and greets the parent with target '*'. What we need from a messenger is this file.
 * @module
 */
import { PROTOCOL_VERSION } from './constants.ts'

/** A request: `rid` correlates the reply, `data` is the request envelope `{ v, id, params }`. */
export type WireRequest = {
  keyframe: typeof PROTOCOL_VERSION
  kind: 'request'
  rid: string
  type: string
  data: unknown
}
/** A reply to the request `rid`: `data` is `{ ok: true, result } | { ok: false, error }`. */
export type WireReply = { keyframe: typeof PROTOCOL_VERSION; kind: 'reply'; rid: string; data: unknown }
/** An event the frame sends on its own: `data` is `{ v, params }`. */
export type WireEvent = { keyframe: typeof PROTOCOL_VERSION; kind: 'event'; type: string; data: unknown }
/**
 * The MessageChannel handshake. Parent → frame (after READY), to the frame's window with its exact origin,
 * transferring one port: requests, replies and events may travel on it from then on (a port round trip costs
 * less than a window one). Frame → parent, on that port: the port is taken, the parent may use it.
 */
export type WirePort = { keyframe: typeof PROTOCOL_VERSION; kind: 'port' }
export type WireMessage = WireRequest | WireReply | WireEvent | WirePort

const MAX_NAME = 64

function isName(x: unknown): x is string {
  return typeof x === 'string' && x.length > 0 && x.length <= MAX_NAME
}

/** Whether `x` has the shape of a wire message. Says nothing about its `data`: the schemas judge that. */
export function isWireMessage(x: unknown): x is WireMessage {
  if (typeof x !== 'object' || x === null) return false
  const m = x as Record<string, unknown>
  if (m.keyframe !== PROTOCOL_VERSION) return false
  switch (m.kind) {
    case 'request':
      return isName(m.rid) && typeof m.type === 'string' && m.type.length <= MAX_NAME
    case 'reply':
      return isName(m.rid)
    case 'event':
      return isName(m.type)
    case 'port':
      return true
    default:
      return false
  }
}

export function wireRequest(rid: string, type: string, data: unknown): WireRequest {
  return { keyframe: PROTOCOL_VERSION, kind: 'request', rid, type, data }
}

export function wireReply(rid: string, data: unknown): WireReply {
  return { keyframe: PROTOCOL_VERSION, kind: 'reply', rid, data }
}

export function wireEvent(type: string, data: unknown): WireEvent {
  return { keyframe: PROTOCOL_VERSION, kind: 'event', type, data }
}

export function wirePort(): WirePort {
  return { keyframe: PROTOCOL_VERSION, kind: 'port' }
}

/** One side of the wire: posts to the peer with its exact origin, hears only the peer. */
export type Endpoint = {
  /** Posts to the peer window with the peer's exact origin as target. False when the peer is gone. */
  post(message: WireMessage, transfer?: Transferable[]): boolean
  /**
   * Calls `handler` for each wire message from the peer window and origin (with the ports it transfers);
   * returns the unsubscribe.
   */
  listen(handler: (message: WireMessage, ports: readonly MessagePort[]) => void): () => void
}

export type EndpointParameters = {
  /** The window this side listens on. */
  self: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** The peer window, read at each use (an iframe's contentWindow can change). */
  peer: () => MessageEventSource | Window | null | undefined
  /** The peer's exact origin (`scheme://host[:port]`), never '*'. */
  peerOrigin: string
}

/**
 * Creates one side of the wire.
 * @throws TypeError when `peerOrigin` is not an exact http(s) origin (for instance '*' or 'null').
 * @example
 * import { createEndpoint } from '@keyframe/protocol/core'
 * const endpoint = createEndpoint({ self: window, peer: () => iframe.contentWindow, peerOrigin: 'https://wallet.example.com' })
 */
export function createEndpoint({ self, peer, peerOrigin }: EndpointParameters): Endpoint {
  if (!/^https?:\/\/[^/*\s]+$/.test(peerOrigin) || new URL(peerOrigin).origin !== peerOrigin) {
    throw new TypeError(
      `Expected an exact origin such as "https://wallet.example.com", got ${JSON.stringify(peerOrigin)}`,
    )
  }
  return {
    post(message, transfer) {
      const target = peer() as Window | null | undefined
      if (!target) return false
      if (transfer) target.postMessage(message, peerOrigin, transfer)
      else target.postMessage(message, peerOrigin)
      return true
    },
    listen(handler) {
      const onMessage = (event: Event) => {
        const e = event as MessageEvent
        const target = peer()
        if (!target || e.source !== target || e.origin !== peerOrigin || !isWireMessage(e.data)) return
        handler(e.data, e.ports ?? [])
      }
      self.addEventListener('message', onMessage)
      return () => self.removeEventListener('message', onMessage)
    },
  }
}

/**
 * The wire over a MessagePort received in the checked handshake ({@link WirePort}): only the two ends of the
 * channel can post on it, so there is no window or origin to check; messages still have to be wire messages,
 * and their `data` goes through the same schemas as on the window. Ports sent along are ignored.
 */
export function createPortEndpoint(port: MessagePort): Endpoint {
  return {
    post(message) {
      port.postMessage(message)
      return true
    },
    listen(handler) {
      const onMessage = (event: MessageEvent) => {
        if (isWireMessage(event.data)) handler(event.data, [])
      }
      port.addEventListener('message', onMessage)
      port.start()
      return () => port.removeEventListener('message', onMessage)
    },
  }
}
