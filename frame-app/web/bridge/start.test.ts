import { type WireMessage, wireEvent, wirePort, wireReply, wireRequest } from '@keyframe/protocol/wire'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createSocialInbox } from '../login/socialInbox.ts'
import { fakeThemeRoot } from './fakeThemeRoot.ts'
import { type Bridge, type BridgeWindow, type StartBridgeParameters, startBridge } from './start.ts'

const PARENT_ORIGIN = 'http://127.0.0.1:5173'

/** The frame's window (an EventTarget) and its parent (a postMessage spy), as the bridge sees them. */
function fakeWindows() {
  const parent = { postMessage: vi.fn() }
  const { root, properties } = fakeThemeRoot()
  const frame = Object.assign(new EventTarget(), {
    parent: parent as unknown as Window,
    document: { documentElement: root },
    location: { reload: vi.fn() },
    performance: { mark: vi.fn() },
  }) satisfies BridgeWindow
  return { frame, parent, root, properties }
}

type Windows = ReturnType<typeof fakeWindows>

let bridge: Bridge | undefined

afterEach(() => {
  bridge?.stop()
  bridge = undefined
})

function start(windows: Windows = fakeWindows(), account?: StartBridgeParameters['account']) {
  bridge = startBridge({
    window: windows.frame,
    parentOrigin: PARENT_ORIGIN,
    projectId: 'dev',
    chainId: 'eip155:31337',
    ...(account ? { account } : {}),
  })
  windows.parent.postMessage.mockClear() // READY; its own tests look at it before this
  return { ...windows, bridge }
}

/** A message as the browser dispatches it (Node's MessageEvent only accepts MessagePort sources). */
function deliver(
  target: EventTarget,
  data: unknown,
  { origin = PARENT_ORIGIN, source }: { origin?: string; source: unknown },
) {
  target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
}

function request(type: string, params: unknown = {}, rid: string = crypto.randomUUID()) {
  return wireRequest(rid, type, { v: 1, id: crypto.randomUUID(), params })
}

/**
 * Sends a valid request from the parent and waits for its reply. Messages delivered before it have been
 * dispatched by then (dispatch only awaits microtasks), so whatever they would post is posted already.
 */
async function settle({ frame, parent }: Windows) {
  const rid = `sentinel-${crypto.randomUUID()}`
  deliver(frame, request('GET_CHAIN_ID', {}, rid), { source: parent })
  await vi.waitFor(() =>
    expect(parent.postMessage).toHaveBeenCalledWith(expect.objectContaining({ rid }), PARENT_ORIGIN),
  )
}

/** What was posted besides the sentinel replies. */
function posted(parent: Windows['parent']) {
  return parent.postMessage.mock.calls.filter(([message]) => !String(message?.rid).startsWith('sentinel-'))
}

describe('default', () => {
  test('READY is posted once, to the parent, with the exact origin, then marked', async () => {
    const windows = fakeWindows()
    bridge = startBridge({
      window: windows.frame,
      parentOrigin: PARENT_ORIGIN,
      projectId: 'dev',
      chainId: 'eip155:1',
    })
    expect(windows.parent.postMessage).toHaveBeenCalledOnce()
    expect(windows.parent.postMessage).toHaveBeenCalledWith(
      wireEvent('READY', { v: 1, params: { version: 1 } }),
      PARENT_ORIGIN,
    )
    expect(windows.frame.performance.mark).toHaveBeenCalledWith('keyframe:ready')
    expect(windows.parent.postMessage.mock.invocationCallOrder[0]).toBeLessThan(
      windows.frame.performance.mark.mock.invocationCallOrder[0]!,
    )
    // And never again, whatever the parent sends.
    deliver(windows.frame, request('GET_CHAIN_ID'), { source: windows.parent })
    deliver(windows.frame, request('RELOAD'), { source: windows.parent })
    await vi.waitFor(() => expect(windows.parent.postMessage).toHaveBeenCalledTimes(3))
    const ready = windows.parent.postMessage.mock.calls.filter(
      ([m]) => m.kind === 'event' && m.type === 'READY',
    )
    expect(ready).toHaveLength(1)
  })

  test('READY names the logins the project turned on, when the config does', () => {
    const windows = fakeWindows()
    bridge = startBridge({
      window: windows.frame,
      parentOrigin: PARENT_ORIGIN,
      projectId: 'dev',
      chainId: 'eip155:1',
      logins: ['google', 'farcaster'],
    })
    expect(windows.parent.postMessage).toHaveBeenCalledWith(
      wireEvent('READY', { v: 1, params: { version: 1, logins: ['google', 'farcaster'] } }),
      PARENT_ORIGIN,
    )
  })

  test('READY is posted only once the bridge listens: a request sent on READY is answered', async () => {
    const windows = fakeWindows()
    windows.parent.postMessage.mockImplementationOnce(() => {
      deliver(windows.frame, request('GET_CHAIN_ID', {}, 'on-ready'), { source: windows.parent })
    })
    bridge = startBridge({
      window: windows.frame,
      parentOrigin: PARENT_ORIGIN,
      projectId: 'dev',
      chainId: 'eip155:1',
    })
    await vi.waitFor(() => expect(windows.parent.postMessage).toHaveBeenCalledTimes(2))
    expect(windows.parent.postMessage).toHaveBeenLastCalledWith(
      wireReply('on-ready', { ok: true, result: { chainId: 'eip155:1' } }),
      PARENT_ORIGIN,
    )
  })

  test('a request from the parent at its origin gets wireReply(rid, reply) with the exact origin', async () => {
    const { frame, parent } = start()
    deliver(frame, request('GET_CHAIN_ID', {}, 'r1'), { source: parent })
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledOnce())
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireReply('r1', { ok: true, result: { chainId: 'eip155:31337' } }),
      PARENT_ORIGIN,
    )
  })

  test('events go out as wireEvent(type, envelope) with the exact origin', () => {
    const { parent, bridge } = start()
    bridge.context.emit('CHAIN_CHANGED', { chainId: 'eip155:10' })
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireEvent('CHAIN_CHANGED', { v: 1, params: { chainId: 'eip155:10' } }),
      PARENT_ORIGIN,
    )
  })
})

describe('behavior: only the parent at its origin is heard', () => {
  test('another origin in the parent window gets nothing at all', async () => {
    const windows = start()
    for (const origin of ['https://evil.example', 'http://127.0.0.1:5174', 'null', `${PARENT_ORIGIN}/`]) {
      deliver(windows.frame, request('GET_CHAIN_ID'), { origin, source: windows.parent })
      deliver(windows.frame, request('STEAL_KEYS'), { origin, source: windows.parent })
    }
    await settle(windows)
    expect(posted(windows.parent)).toEqual([])
  })

  test('another window at the parent origin gets nothing at all', async () => {
    const windows = start()
    const sibling = { postMessage: vi.fn() }
    for (const source of [sibling, null, windows.frame]) {
      deliver(windows.frame, request('GET_CHAIN_ID'), { source })
      deliver(windows.frame, request('STEAL_KEYS'), { source })
    }
    await settle(windows)
    expect(posted(windows.parent)).toEqual([])
    expect(sibling.postMessage).not.toHaveBeenCalled()
  })

  test('a message that is not a wire request gets nothing', async () => {
    const windows = start()
    for (const data of [
      null,
      'GET_CHAIN_ID',
      { type: 'GET_CHAIN_ID', data: { v: 1, id: crypto.randomUUID(), params: {} } },
      { __post_robot_10_0_46__: [{ type: 'postrobot_message_request', name: 'GET_CHAIN_ID' }] },
      { ...request('GET_CHAIN_ID'), keyframe: 2 },
      { ...request('GET_CHAIN_ID'), rid: '' },
      wireReply('r1', { ok: true, result: null }),
      wireEvent('READY', { v: 1, params: { version: 1 } }),
    ]) {
      deliver(windows.frame, data, { source: windows.parent })
    }
    await settle(windows)
    expect(posted(windows.parent)).toEqual([])
  })

  test('after stop() nothing is heard', async () => {
    const windows = start()
    windows.bridge.stop()
    deliver(windows.frame, request('GET_CHAIN_ID'), { source: windows.parent })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(windows.parent.postMessage).not.toHaveBeenCalled()
  })
})

describe('behavior: every request from the parent gets a typed reply', () => {
  test('an unknown type: -32600 (post-robot used to answer those itself)', async () => {
    const { frame, parent } = start()
    deliver(frame, request('STEAL_KEYS', {}, 'r2'), { source: parent })
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledOnce())
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireReply('r2', { ok: false, error: { code: -32600, message: 'Unknown request type: STEAL_KEYS' } }),
      PARENT_ORIGIN,
    )
  })

  test('an invalid envelope: -32600, with the rid of the request', async () => {
    const { frame, parent } = start()
    deliver(frame, wireRequest('r3', 'GET_CHAIN_ID', { v: 2 }), { source: parent })
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledOnce())
    expect(parent.postMessage.mock.calls[0]).toEqual([
      expect.objectContaining({ kind: 'reply', rid: 'r3', data: expect.objectContaining({ ok: false }) }),
      PARENT_ORIGIN,
    ])
    expect(parent.postMessage.mock.calls[0]?.[0].data.error.code).toBe(-32600)
  })

  test('SYNC_THEME reaches the frame document', async () => {
    const { frame, parent, root, properties } = start()
    deliver(frame, request('SYNC_THEME', { themeMode: 'dark', tokens: { accent: '#00aaff' } }), {
      source: parent,
    })
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledOnce())
    expect(root.dataset.theme).toBe('dark')
    expect(properties.get('--kf-accent')).toBe('#00aaff')
  })

  test('RELOAD: the reply is posted before the frame reloads', async () => {
    const { frame, parent } = start()
    deliver(frame, request('RELOAD', {}, 'r4'), { source: parent })
    await vi.waitFor(() => expect(frame.location.reload).toHaveBeenCalledOnce())
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireReply('r4', { ok: true, result: null }),
      PARENT_ORIGIN,
    )
    expect(parent.postMessage.mock.invocationCallOrder[0]).toBeLessThan(
      frame.location.reload.mock.invocationCallOrder[0]!,
    )
  })

  test('RELOAD: requests still running are answered (aborted) before the frame reloads', async () => {
    // A device store that never opens: CONNECT_EMAIL keeps running until something aborts it.
    const never = new Promise<never>(() => {})
    const { frame, parent } = start(fakeWindows(), () => ({
      api: { origin: 'http://localhost', call: () => never },
      tokens: { get: () => undefined, set() {}, clear() {} },
      devices: () => never,
      prompt: () => never,
      socialInbox: createSocialInbox(),
      custody: () => never,
    }))
    deliver(frame, request('CONNECT_EMAIL', { email: 'ada@example.com' }, 'r6'), { source: parent })
    deliver(frame, request('RELOAD', {}, 'r7'), { source: parent })
    await vi.waitFor(() => expect(frame.location.reload).toHaveBeenCalledOnce())
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireReply('r7', { ok: true, result: null }),
      PARENT_ORIGIN,
    )
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireReply('r6', { ok: false, error: { code: -32040, message: 'Something went wrong' } }),
      PARENT_ORIGIN,
    )
    const r6 = parent.postMessage.mock.calls.findIndex(
      ([message]) => (message as { rid?: string }).rid === 'r6',
    )
    expect(parent.postMessage.mock.invocationCallOrder[r6]).toBeLessThan(
      frame.location.reload.mock.invocationCallOrder[0]!,
    )
  })

  test('error: a reply the browser cannot clone becomes -32603, never silence', async () => {
    const { frame, parent } = start()
    parent.postMessage.mockImplementationOnce(() => {
      throw new DOMException('could not be cloned', 'DataCloneError')
    })
    deliver(frame, request('GET_CHAIN_ID', {}, 'r5'), { source: parent })
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(2))
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      wireReply('r5', { ok: false, error: { code: -32603, message: 'An error occurred' } }),
      PARENT_ORIGIN,
    )
  })
})

test('behavior: nothing is ever posted with a wildcard target', async () => {
  const windows = start()
  deliver(windows.frame, request('GET_CHAIN_ID'), { source: windows.parent })
  deliver(windows.frame, request('STEAL_KEYS'), { source: windows.parent })
  windows.bridge.context.emit('DISCONNECTED', {})
  await settle(windows)
  expect(windows.parent.postMessage.mock.calls.length).toBeGreaterThan(2)
  for (const [, target] of windows.parent.postMessage.mock.calls) expect(target).toBe(PARENT_ORIGIN)
})

test('error: a parent origin that is not exact is refused before anything is posted', () => {
  for (const parentOrigin of ['*', 'null', `${PARENT_ORIGIN}/`]) {
    const { frame, parent } = fakeWindows()
    expect(() => startBridge({ window: frame, parentOrigin, projectId: 'dev', chainId: 'eip155:1' })).toThrow(
      TypeError,
    )
    expect(parent.postMessage).not.toHaveBeenCalled()
  }
})

describe('MessageChannel handshake', () => {
  /** Offers the frame a port as the parent does after READY; returns the parent's end and what it hears. */
  function offerPort(
    { frame, parent }: Windows,
    from: { origin?: string; source?: unknown; ports?: (channel: MessageChannel) => MessagePort[] } = {},
  ) {
    const channel = new MessageChannel()
    const heard: WireMessage[] = []
    channel.port1.addEventListener('message', (event) => heard.push((event as MessageEvent).data))
    channel.port1.start()
    frame.dispatchEvent(
      Object.assign(new Event('message'), {
        data: wirePort(),
        origin: from.origin ?? PARENT_ORIGIN,
        source: 'source' in from ? from.source : parent,
        ports: from.ports ? from.ports(channel) : [channel.port2],
      }),
    )
    return { port: channel.port1, heard, close: () => channel.port1.close() }
  }
  /** Port messages travel as tasks: waits until they have been delivered. */
  const portTurn = () => new Promise((resolve) => setTimeout(resolve, 20))
  const ports: { close(): void }[] = []
  afterEach(() => {
    for (const port of ports.splice(0)) port.close()
  })

  test('default: takes the parent’s port, says so on it, and answers requests on it (not on the window)', async () => {
    const windows = start()
    const offered = offerPort(windows)
    ports.push(offered)
    await portTurn()
    expect(offered.heard).toEqual([wirePort()])
    offered.port.postMessage(request('GET_CHAIN_ID', {}, 'r1'))
    await vi.waitFor(() => expect(offered.heard).toHaveLength(2))
    expect(offered.heard[1]).toEqual(wireReply('r1', { ok: true, result: { chainId: 'eip155:31337' } }))
    expect(posted(windows.parent)).toEqual([])
    // Events go on the port too.
    windows.bridge.context.emit('CHAIN_CHANGED', { chainId: 'eip155:31338' })
    await vi.waitFor(() => expect(offered.heard).toHaveLength(3))
    expect(offered.heard[2]).toEqual(
      wireEvent('CHAIN_CHANGED', { v: 1, params: { chainId: 'eip155:31338' } }),
    )
    // Window requests are still served, on the window.
    await settle(windows)
  })

  test('error: requests on the port are checked like window ones (typed error, no handler)', async () => {
    const windows = start()
    const offered = offerPort(windows)
    ports.push(offered)
    offered.port.postMessage(request('NOT_A_TYPE', {}, 'r1'))
    offered.port.postMessage(request('SWITCH_NETWORK', { chainId: 'nope' }, 'r2'))
    offered.port.postMessage(request('SYNC_THEME', { themeMode: 'x'.repeat(140_000) }, 'r3'))
    offered.port.postMessage({ hello: true })
    await vi.waitFor(() => expect(offered.heard).toHaveLength(4))
    const codes = Object.fromEntries(
      offered.heard
        .slice(1)
        .map((m) => [
          (m as { rid: string }).rid,
          (m as { data: { error: { code: number } } }).data.error.code,
        ]),
    )
    expect(codes).toEqual({ r1: -32600, r2: -32602, r3: -32600 })
  })

  test('error: a port from another window or a disallowed origin is not taken', async () => {
    const windows = start()
    const stranger = offerPort(windows, { source: { postMessage: vi.fn() } })
    const wrongOrigin = offerPort(windows, { origin: 'http://evil.example' })
    ports.push(stranger, wrongOrigin)
    stranger.port.postMessage(request('GET_CHAIN_ID', {}, 'r1'))
    wrongOrigin.port.postMessage(request('GET_CHAIN_ID', {}, 'r2'))
    await portTurn()
    await settle(windows)
    expect(stranger.heard).toEqual([])
    expect(wrongOrigin.heard).toEqual([])
    // Those did not use up the one port of the document: the parent's is still taken.
    const offered = offerPort(windows)
    ports.push(offered)
    await portTurn()
    expect(offered.heard).toEqual([wirePort()])
  })

  test('behavior: a second port is ignored; the first keeps serving', async () => {
    const windows = start()
    const first = offerPort(windows)
    const second = offerPort(windows)
    const none = offerPort(windows, { ports: () => [] })
    ports.push(first, second, none)
    second.port.postMessage(request('GET_CHAIN_ID', {}, 'r2'))
    first.port.postMessage(request('GET_CHAIN_ID', {}, 'r1'))
    await vi.waitFor(() => expect(first.heard).toHaveLength(2))
    await portTurn()
    expect(second.heard).toEqual([])
    expect((first.heard[1] as { rid: string }).rid).toBe('r1')
    expect(posted(windows.parent)).toEqual([])
  })
})
