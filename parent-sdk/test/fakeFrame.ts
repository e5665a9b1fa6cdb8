/**
 * A stand-in for the frame document in unit tests. Under jsdom an iframe never loads a cross-origin
 * document, so `installFakeFrames()` makes the `contentWindow` of each iframe in the page a fake frame: an
 * object with `postMessage` that records what the parent posts and answers like a frame over the wire
 * (`@keyframe/protocol/core`), by dispatching `message` events on the parent's window with `source` = itself
 * and `origin` = the frame's origin. A test plays the frame by hand (`ready()`, `reply()`, `emit()`) or lets
 * it answer a request type on its own (`answer()`).
 * @example
 * const frames = installFakeFrames()
 * afterEach(() => frames.restore())
 * const loaded = client.ensure()
 * frames.of(client.element()!)!.ready()
 */
import {
  type EventType,
  PROTOCOL_VERSION,
  type Reply,
  type RequestParams,
  type RequestType,
} from '@keyframe/protocol'
import { isWireMessage, type WireMessage, wireEvent, wireReply } from '@keyframe/protocol/wire'
import { vi } from 'vitest'

export const FRAME_ORIGIN = 'http://localhost:5174'

/** One `postMessage` call the parent made to the frame window. */
export type Posted = { message: unknown; targetOrigin: string; transfer?: Transferable[] }
/** A wire request the parent posted, with the target origin it named. */
export type PostedRequest = {
  rid: string
  type: RequestType
  data: { v: number; id: string; params: Record<string, unknown> }
  targetOrigin: string
}
/** Where a message claims to come from; by default the fake frame itself at its origin. */
export type From = { source?: unknown; origin?: string }

export type FakeFrame = {
  readonly origin: string
  /** Every `postMessage` call, in order, whatever it carried and wherever it was aimed. */
  readonly posted: Posted[]
  /** The wire requests among them. */
  requests(): PostedRequest[]
  /** What the parent calls (through `iframe.contentWindow`). Clones like a browser, so uncloneable data throws. */
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void
  /** From now on, answers each request of `type` on its own, a microtask later (as a frame would, asynchronously). */
  answer<T extends RequestType>(type: T, handler: (params: RequestParams<T>) => Reply): void
  /** Posts READY (`{ version }`), as the frame does once its bridge listens. */
  ready(version?: number): void
  /** Posts the event `type` with `params` (`data = { v: 1, params }`). */
  emit(type: EventType, params: unknown, from?: From): void
  /** Posts the reply `data` to the request `rid`. */
  reply(rid: string, data: unknown, from?: From): void
  /** Posts any data at all to the parent's window. */
  send(data: unknown, from?: From): void
}

/** Dispatches what a browser would for a message posted to the parent's window. */
function deliver(data: unknown, source: unknown, origin: string) {
  window.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
}

export function createFakeFrame(origin: string = FRAME_ORIGIN): FakeFrame {
  const posted: Posted[] = []
  const answers = new Map<string, (params: never) => Reply>()
  const frame: FakeFrame = {
    origin,
    posted,
    requests() {
      return posted.flatMap(({ message, targetOrigin }) =>
        isWireMessage(message) && message.kind === 'request'
          ? [{ ...(message as Omit<PostedRequest, 'targetOrigin'>), targetOrigin }]
          : [],
      )
    },
    postMessage(message, targetOrigin, transfer) {
      const copy = structuredClone(message) as WireMessage
      // The ports it transfers (the MessageChannel handshake) are kept as they are; this frame never takes one.
      posted.push({ message: copy, targetOrigin, ...(transfer && { transfer }) })
      // A browser drops a message whose target origin is not the frame's; the frame never sees it.
      if (targetOrigin !== origin && targetOrigin !== '*') return
      if (!isWireMessage(copy) || copy.kind !== 'request') return
      const handler = answers.get(copy.type)
      const params = (copy.data as { params?: unknown } | null)?.params
      if (handler) queueMicrotask(() => frame.reply(copy.rid, handler(params as never)))
    },
    answer(type, handler) {
      answers.set(type, handler as (params: never) => Reply)
    },
    ready(version = PROTOCOL_VERSION) {
      frame.emit('READY', { version })
    },
    emit(type, params, from) {
      frame.send(wireEvent(type, { v: PROTOCOL_VERSION, params }), from)
    },
    reply(rid, data, from) {
      frame.send(wireReply(rid, data), from)
    },
    send(data, from = {}) {
      deliver(data, 'source' in from ? from.source : frame, from.origin ?? origin)
    },
  }
  return frame
}

/**
 * Gives each iframe in the page a fake frame as its `contentWindow` (null once it leaves the page, as in a
 * browser). Call `restore()` after each test.
 */
export function installFakeFrames(origin: string = FRAME_ORIGIN) {
  const byIframe = new WeakMap<HTMLIFrameElement, FakeFrame>()
  const frames: FakeFrame[] = []
  const spy = vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
    this: HTMLIFrameElement,
  ) {
    if (!this.isConnected) return null
    let frame = byIframe.get(this)
    if (!frame) {
      frame = createFakeFrame(origin)
      byIframe.set(this, frame)
      frames.push(frame)
    }
    return frame as unknown as WindowProxy
  })
  return {
    /** Every fake frame made so far, in order. */
    frames,
    /** The fake frame of `iframe`, made on first use; undefined when the iframe is not in the page. */
    of: (iframe: HTMLIFrameElement | undefined) =>
      (iframe?.contentWindow as unknown as FakeFrame | null | undefined) ?? undefined,
    /** Every request posted to any fake frame, in order of frames then posts. */
    requests: () => frames.flatMap((f) => f.requests()),
    restore: () => spy.mockRestore(),
  }
}
