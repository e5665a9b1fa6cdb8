import { describe, expect, test, vi } from 'vitest'
import { createEndpoint, isWireMessage, wireEvent, wireReply, wireRequest } from './wire.ts'

function messageEvent(data: unknown, origin: string, source: unknown) {
  return Object.assign(new Event('message'), { data, origin, source })
}

describe('isWireMessage', () => {
  test('default: requests, replies and events built by the helpers', () => {
    expect(isWireMessage(wireRequest('r1', 'GET_CHAIN_ID', { v: 1 }))).toBe(true)
    expect(isWireMessage(wireReply('r1', { ok: true, result: null }))).toBe(true)
    expect(isWireMessage(wireEvent('READY', { v: 1, params: { version: 1 } }))).toBe(true)
  })

  test('behavior: anything else is not ours', () => {
    for (const x of [
      null,
      'string',
      42,
      {},
      { keyframe: 2, kind: 'request', rid: 'r', type: 'X' },
      { keyframe: 1, kind: 'ack', rid: 'r' },
      { keyframe: 1, kind: 'request', type: 'X' },
      { keyframe: 1, kind: 'request', rid: '', type: 'X' },
      { keyframe: 1, kind: 'reply', rid: 'x'.repeat(65) },
      { keyframe: 1, kind: 'event', type: '' },
      { __post_robot_10_0_46__: [] },
    ]) {
      expect(isWireMessage(x), JSON.stringify(x)).toBe(false)
    }
  })
})

describe('createEndpoint', () => {
  const peer = { postMessage: vi.fn() }
  const origin = 'http://localhost:5174'

  test('default: posts to the peer with its exact origin', () => {
    const self = new EventTarget()
    const endpoint = createEndpoint({ self, peer: () => peer as unknown as Window, peerOrigin: origin })
    const message = wireRequest('r1', 'GET_CHAIN_ID', {})
    expect(endpoint.post(message)).toBe(true)
    expect(peer.postMessage).toHaveBeenCalledWith(message, origin)
  })

  test('behavior: a peer that is gone is reported, not thrown', () => {
    const endpoint = createEndpoint({ self: new EventTarget(), peer: () => null, peerOrigin: origin })
    expect(endpoint.post(wireEvent('READY', {}))).toBe(false)
  })

  test('error: a target origin that is not exact is refused', () => {
    for (const bad of ['*', 'null', 'http://localhost:5174/', 'https://*.example.com', 'file:///x', '']) {
      expect(
        () => createEndpoint({ self: new EventTarget(), peer: () => null, peerOrigin: bad }),
        bad,
      ).toThrow(TypeError)
    }
  })

  test('behavior: hears only wire messages from the peer window and origin', () => {
    const self = new EventTarget()
    const endpoint = createEndpoint({ self, peer: () => peer as unknown as Window, peerOrigin: origin })
    const handler = vi.fn()
    const stop = endpoint.listen(handler)
    const message = wireReply('r1', { ok: true, result: 1 })
    self.dispatchEvent(messageEvent(message, origin, peer))
    self.dispatchEvent(messageEvent(message, 'http://127.0.0.2:4999', peer)) // wrong origin
    self.dispatchEvent(messageEvent(message, origin, {})) // another window of the right origin
    self.dispatchEvent(messageEvent({ hello: true }, origin, peer)) // not ours
    expect(handler).toHaveBeenCalledTimes(1)
    expect(handler).toHaveBeenCalledWith(message, [])
    stop()
    self.dispatchEvent(messageEvent(message, origin, peer))
    expect(handler).toHaveBeenCalledTimes(1)
  })
})
