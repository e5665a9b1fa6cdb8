// @vitest-environment jsdom
import {
  FRAME_CONNECT_TIMEOUT_MS as CONNECT_TIMEOUT_MS,
  FRAME_LOAD_TIMEOUT_MS,
  timeoutFor,
} from '@keyframe/protocol'
import { type WireMessage, wireEvent, wirePort, wireReply, wireRequest } from '@keyframe/protocol/wire'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type FakeFrame, FRAME_ORIGIN, installFakeFrames } from '../../test/fakeFrame.ts'
import { createFrameClient, type FrameClientOptions } from './createFrameClient.ts'

const LOCAL_TIMEOUT_MS = timeoutFor('IS_CONNECTED', {})
const FRAME_URL = `${FRAME_ORIGIN}/frame`
const clients: { destroy(): void }[] = []
let frames: ReturnType<typeof installFakeFrames>

function create(options: Partial<FrameClientOptions> = {}) {
  const client = createFrameClient({
    frameUrl: FRAME_URL,
    projectId: 'demo',
    chainId: 'eip155:31337',
    ...options,
  })
  clients.push(client)
  return client
}

/** The fake frame behind the client's iframe (its `contentWindow`). */
function frameOf(client: ReturnType<typeof create>): FakeFrame {
  const frame = frames.of(client.element())
  if (!frame) throw new Error('The client has no iframe')
  return frame
}

/** Plays the frame saying READY, from the iframe's window and the frame's origin. */
function ready(client: ReturnType<typeof create>, version = 1) {
  frameOf(client).ready(version)
}

/** The `message` listeners the page's window gets, and which of them are still there. */
function messageListeners() {
  const add = vi.spyOn(window, 'addEventListener')
  const remove = vi.spyOn(window, 'removeEventListener')
  const of = (spy: typeof add | typeof remove) =>
    spy.mock.calls.filter(([type]) => type === 'message').map(([, listener]) => listener)
  return {
    added: () => of(add),
    left: () => of(add).filter((listener) => !of(remove).includes(listener)),
  }
}

async function readyClient(options: Partial<FrameClientOptions> = {}) {
  const client = create(options)
  const loaded = client.ensure()
  ready(client)
  await loaded
  return client
}

/** Lets queued promise callbacks run (ensure → post). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy()
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

describe('lazy', () => {
  test('default: no iframe and no listener until ensure() or request()', () => {
    const listeners = messageListeners()
    const client = create()
    expect(client.element()).toBeUndefined()
    expect(document.querySelector('iframe')).toBeNull()
    expect(listeners.added()).toEqual([])
    expect(client.isReady()).toBe(false)
  })
})

describe('ensure', () => {
  test('default: one hidden, sandboxed iframe on the frame URL; resolves on READY', async () => {
    const client = create()
    const loaded = client.ensure()
    const iframe = client.element()!
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(iframe.parentElement).toBe(document.body)
    expect(iframe.title).toBe('Keyframe wallet')
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-forms')
    expect(iframe.getAttribute('allow')).toBe('clipboard-write')
    expect(iframe.getAttribute('referrerpolicy')).toBe('origin')
    expect(iframe.style.display).toBe('none')
    expect(iframe.style.position).toBe('fixed')
    expect(iframe.getAttribute('src')).toBe(
      'http://localhost:5174/frame?projectId=demo&chainId=eip155%3A31337&version=1&origin=http%3A%2F%2Flocalhost%3A3000',
    )
    expect(client.ensure()).toBe(loaded)
    ready(client)
    await expect(loaded).resolves.toBeUndefined()
    expect(client.isReady()).toBe(true)
    await client.ensure()
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    // Nothing is posted to the frame before READY; because of it only the port offer, to the exact origin.
    expect(frameOf(client).posted).toEqual([
      { message: wirePort(), targetOrigin: FRAME_ORIGIN, transfer: [expect.any(MessagePort)] },
    ])
  })

  test('behavior: one message listener, installed before the iframe has a src', () => {
    const addEventListener = window.addEventListener.bind(window)
    const srcAtListen: (string | null)[] = []
    vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
      if (type === 'message') srcAtListen.push(document.querySelector('iframe')?.getAttribute('src') ?? null)
      addEventListener(type, listener, options)
    })
    const client = create()
    void client.ensure()
    expect(srcAtListen).toEqual([null])
    expect(client.element()!.getAttribute('src')).toContain(FRAME_ORIGIN)
  })

  test('behavior: READY from another window or origin is ignored', async () => {
    vi.useFakeTimers()
    const client = create()
    const loaded = client.ensure()
    const other = document.createElement('iframe')
    document.body.appendChild(other)
    const frame = frameOf(client)
    // Another frame of the same origin, the page itself, the right window at the wrong origin.
    frames.of(other)!.ready()
    frame.emit('READY', { version: 1 }, { source: window })
    frame.emit('READY', { version: 1 }, { origin: 'http://evil.test' })
    frame.emit('READY', { version: 1 }, { source: null })
    // Not wire messages: a post-robot-shaped READY and a bare one.
    frame.send({ __post_robot_10_0_46__: [{ name: 'READY', data: { v: 1, params: { version: 1 } } }] })
    frame.send({ type: 'READY', data: { v: 1, params: { version: 1 } } })
    expect(client.isReady()).toBe(false)
    const outcome = loaded.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect(await outcome).toMatchObject({ name: 'FrameLoadError' })
  })

  test('error: no READY within 20 s → FrameLoadError and a FRAME_LOAD_FAILED alert; a later ensure() retries', async () => {
    vi.useFakeTimers()
    const listeners = messageListeners()
    const onAlert = vi.fn()
    const client = create({ onAlert })
    const loaded = client.ensure().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(onAlert).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    const error = (await loaded) as Error & { code: number }
    expect(error).toMatchInlineSnapshot(`[FrameLoadError: Unable to load email login dependency]`)
    expect(error.code).toBe(-32042)
    expect(onAlert).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'FRAME_LOAD_FAILED',
        message: 'Unable to load email login dependency',
      }),
    )
    expect(client.element()).toBeUndefined()
    expect(document.querySelector('iframe')).toBeNull()
    expect(listeners.added()).toHaveLength(1)
    expect(listeners.left()).toEqual([])

    const again = client.ensure()
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(listeners.left()).toHaveLength(1)
    ready(client)
    await expect(again).resolves.toBeUndefined()
  })

  test('error: READY of another protocol version fails the load', async () => {
    const onAlert = vi.fn()
    const client = create({ onAlert })
    const loaded = client.ensure()
    ready(client, 2)
    await expect(loaded).rejects.toMatchObject({ name: 'FrameLoadError' })
    expect(onAlert).toHaveBeenCalledTimes(1)
  })
})

describe('request', () => {
  test('default: waits for READY, posts the wire request to the frame window and origin, resolves the result', async () => {
    const client = create()
    const result = client.request('IS_CONNECTED', {})
    await tick()
    const frame = frameOf(client)
    expect(frame.posted).toHaveLength(0)
    ready(client)
    await tick()
    expect(frame.requests()).toHaveLength(1)
    const [{ message, targetOrigin }] = frame.posted.slice(1) as [(typeof frame.posted)[0]]
    // The exact frame origin, never '*'; `rid` is the envelope's own id.
    expect(targetOrigin).toBe(FRAME_ORIGIN)
    const id = (message as { rid: string }).rid
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(message).toEqual(wireRequest(id, 'IS_CONNECTED', { v: 1, id, params: {} }))
    expect(message).toEqual({
      keyframe: 1,
      kind: 'request',
      rid: id,
      type: 'IS_CONNECTED',
      data: { v: 1, id, params: {} },
    })
    expect(client.pending()).toEqual([{ id, type: 'IS_CONNECTED' }])
    frame.reply(id, { ok: true, result: { isConnected: true } })
    await expect(result).resolves.toEqual({ isConnected: true })
    expect(client.pending()).toEqual([])
  })

  test('behavior: a frame that answers by itself, asynchronously', async () => {
    const client = create()
    const loaded = client.ensure()
    const frame = frameOf(client)
    frame.answer('GET_CHAIN_ID', () => ({ ok: true, result: { chainId: 'eip155:31337' } }))
    frame.answer('IS_CONNECTED', () => ({ ok: true, result: { isConnected: false } }))
    ready(client)
    await loaded
    await expect(
      Promise.all([client.request('IS_CONNECTED', {}), client.request('GET_CHAIN_ID', {})]),
    ).resolves.toEqual([{ isConnected: false }, { chainId: 'eip155:31337' }])
    expect(frame.requests().map((r) => [r.type, r.targetOrigin])).toEqual([
      ['IS_CONNECTED', FRAME_ORIGIN],
      ['GET_CHAIN_ID', FRAME_ORIGIN],
    ])
  })

  test('error: invalid params → InvalidParamsError before anything is posted or loaded', async () => {
    const client = create()
    const error = await client.request('CONNECT_EMAIL', { email: 'not-an-email' }).catch((e: unknown) => e)
    expect(error).toMatchInlineSnapshot(
      `[InvalidParamsError: Invalid params for CONNECT_EMAIL: email: Invalid email]`,
    )
    expect((error as { code: number }).code).toBe(-32602)
    expect(client.element()).toBeUndefined()
    expect(frames.frames).toEqual([])
  })

  test('error: an RPC method that is not allowed is refused before posting', async () => {
    const client = await readyClient()
    await expect(client.request('RPC_REQUEST', { method: 'eth_foo', params: [] })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed: eth_foo',
    })
    expect(frameOf(client).requests()).toHaveLength(0)
  })

  test('error: an error reply rejects with the frame’s code and wording', async () => {
    const client = await readyClient()
    const result = client.request('GET_USER', {})
    await tick()
    frameOf(client).reply(frameOf(client).requests()[0]!.rid, {
      ok: false,
      error: { code: 4100, message: 'Not authorized' },
    })
    await expect(result).rejects.toMatchObject({
      name: 'ProtocolError',
      code: 4100,
      message: 'Not authorized',
    })
  })

  test('behavior: a reply from another window or origin is ignored; the frame’s own reply still counts', async () => {
    const client = await readyClient()
    const result = client.request('IS_CONNECTED', {})
    await tick()
    const frame = frameOf(client)
    const { rid } = frame.requests()[0]!
    const other = document.createElement('iframe')
    document.body.appendChild(other)
    const forged = { ok: true, result: { isConnected: true } }
    frame.reply(rid, forged, { source: window })
    frame.reply(rid, forged, { source: frames.of(other) })
    frame.reply(rid, forged, { origin: 'http://evil.test' })
    frame.reply(rid, forged, { origin: 'http://localhost:5174.evil.test' })
    frame.reply(rid, { ok: false, error: { code: 4001, message: 'forged' } }, { source: window })
    await tick()
    expect(client.pending()).toEqual([{ id: rid, type: 'IS_CONNECTED' }])
    frame.reply(rid, { ok: true, result: { isConnected: false } })
    await expect(result).resolves.toEqual({ isConnected: false })
  })

  test('behavior: a reply whose rid has no pending request is ignored', async () => {
    const client = await readyClient()
    const result = client.request('IS_CONNECTED', {})
    await tick()
    const frame = frameOf(client)
    frame.reply(crypto.randomUUID(), { ok: true, result: { isConnected: true } })
    frame.reply('not-a-uuid', { ok: false, error: { code: 4001, message: 'x' } })
    // A request from the frame: the parent serves none and answers nothing.
    frame.send(
      wireRequest(crypto.randomUUID(), 'IS_CONNECTED', { v: 1, id: crypto.randomUUID(), params: {} }),
    )
    await tick()
    expect(client.pending()).toHaveLength(1)
    expect(frame.requests()).toHaveLength(1)
    frame.reply(frame.requests()[0]!.rid, { ok: true, result: { isConnected: true } })
    await expect(result).resolves.toEqual({ isConnected: true })
  })

  test('error: a malformed reply or a result that breaks the table is refused (-32603)', async () => {
    const client = await readyClient()
    const a = client.request('IS_CONNECTED', {})
    const b = client.request('IS_CONNECTED', {})
    await tick()
    const [ra, rb] = frameOf(client).requests()
    frameOf(client).reply(ra!.rid, { ok: true, result: { isConnected: 'yes' } })
    frameOf(client).reply(rb!.rid, { ok: 'maybe' })
    await expect(a).rejects.toMatchObject({ code: -32603, message: 'Invalid result for IS_CONNECTED' })
    await expect(b).rejects.toMatchObject({ code: -32603, message: 'An error occurred' })
  })

  test('error: the frame fails to load → every waiting request rejects with FrameLoadError', async () => {
    vi.useFakeTimers()
    const client = create()
    const a = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    const b = client.request('GET_CHAIN_ID', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect(await a).toMatchObject({ name: 'FrameLoadError' })
    expect(await b).toMatchObject({ name: 'FrameLoadError' })
  })
})

describe('timeouts', () => {
  test('behavior: a connect request times out after 30 s, calls onTimeout and sends RPC_ABORT', async () => {
    vi.useFakeTimers()
    const onTimeout = vi.fn()
    const client = await readyClient({ onTimeout })
    const result = client.request('CONNECT_EMAIL', { email: 'a@example.com' }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    const frame = frameOf(client)
    const { rid: id } = frame.requests()[0]!
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toMatchInlineSnapshot(
      `[RequestTimeoutError: CONNECT_EMAIL timed out after 30000 ms]`,
    )
    expect(onTimeout).toHaveBeenCalledWith('CONNECT_EMAIL')
    await vi.advanceTimersByTimeAsync(0)
    const abort = frame.requests()[1]!
    expect(abort.type).toBe('RPC_ABORT')
    expect(abort.data.params).toEqual({ id })
    expect(abort.rid).toBe(abort.data.id)
    expect(abort.targetOrigin).toBe(FRAME_ORIGIN)
    // The frame's answer to RPC_ABORT matches nothing pending and changes nothing.
    frame.reply(abort.rid, { ok: true, result: null })
    expect(client.pending()).toEqual([])
  })

  test('behavior: a request without alertOnTimeout just times out', async () => {
    vi.useFakeTimers()
    const onTimeout = vi.fn()
    const client = await readyClient({ onTimeout })
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS)
    expect(await result).toMatchObject({ name: 'RequestTimeoutError', code: -32041 })
    await vi.advanceTimersByTimeAsync(0)
    expect(onTimeout).not.toHaveBeenCalled()
    expect(
      frameOf(client)
        .requests()
        .map((r) => r.type),
    ).toEqual(['IS_CONNECTED'])
  })

  test('behavior: a late reply after the timeout changes nothing', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS)
    frameOf(client).reply(frameOf(client).requests()[0]!.rid, { ok: true, result: { isConnected: true } })
    expect(await result).toMatchObject({ name: 'RequestTimeoutError' })
  })
})

describe('prompts', () => {
  test('behavior: a prompt pauses the timeouts of pending requests; closing it gives each a fresh full one', async () => {
    vi.useFakeTimers()
    const onTimeout = vi.fn()
    const client = await readyClient({ onTimeout })
    const connect = client.request('CONNECT_OTP', {}).catch((e: unknown) => e)
    const local = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS - 1)
    const frame = frameOf(client)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    expect(client.isPrompting()).toBe(true)
    // The person types for ten minutes: nothing times out.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(client.pending().map((r) => r.type)).toEqual(['CONNECT_OTP', 'IS_CONNECTED'])
    frame.emit('PROMPT_CLOSED', {})
    expect(client.isPrompting()).toBe(false)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS - 1)
    expect(client.pending()).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(await local).toMatchObject({ name: 'RequestTimeoutError' })
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - LOCAL_TIMEOUT_MS - 1)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await connect).toMatchInlineSnapshot(`[RequestTimeoutError: CONNECT_OTP timed out after 30000 ms]`)
    expect(onTimeout).toHaveBeenCalledWith('CONNECT_OTP')
  })

  test('behavior: a request sent while a prompt is open is timed only from when it closes', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    frameOf(client).emit('PROMPT_REQUESTED', { kind: 'create_passphrase' })
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS * 3)
    expect(
      frameOf(client)
        .requests()
        .map((r) => r.type),
    ).toEqual(['IS_CONNECTED'])
    expect(client.pending()).toHaveLength(1)
    frameOf(client).emit('PROMPT_CLOSED', {})
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS - 1)
    expect(client.pending()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toMatchObject({ name: 'RequestTimeoutError' })
  })

  test('behavior: replies, aborts and teardown still work while a prompt is open', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const frame = frameOf(client)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    const answered = client.request('IS_CONNECTED', {})
    const aborted = client.request('GET_USER', {}).catch((e: unknown) => e)
    const left = client.request('CONNECT_DEVICE', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    const [first, second] = frame.requests()
    frame.reply(first!.rid, { ok: true, result: { isConnected: false } })
    await expect(answered).resolves.toEqual({ isConnected: false })
    client.abort(second!.rid)
    expect(await aborted).toMatchObject({ name: 'RequestAbortedError' })
    client.destroy()
    expect(await left).toMatchObject({ name: 'RequestAbortedError' })
    expect(client.isPrompting()).toBe(false)
  })

  test('behavior: a second PROMPT_REQUESTED changes nothing; a second PROMPT_CLOSED does not re-arm', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const frame = frameOf(client)
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    frame.emit('PROMPT_CLOSED', {})
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS - 1)
    frame.emit('PROMPT_CLOSED', {})
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toMatchObject({ name: 'RequestTimeoutError' })
  })

  test('behavior: a frame that reloads (READY) has no prompt open any more', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const frame = frameOf(client)
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    frame.ready()
    expect(client.isPrompting()).toBe(false)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS)
    expect(await result).toMatchObject({ name: 'RequestTimeoutError' })
  })

  test('behavior: prompt events from another origin or window are ignored; listeners get the real ones', async () => {
    const client = await readyClient()
    const frame = frameOf(client)
    const heard = vi.fn()
    client.on('PROMPT_REQUESTED', heard)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' }, { origin: 'http://evil.test' })
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' }, { source: window })
    frame.emit('PROMPT_REQUESTED', { kind: 'type_anything' })
    expect(client.isPrompting()).toBe(false)
    expect(heard).not.toHaveBeenCalled()
    frame.emit('PROMPT_REQUESTED', { kind: 'create_passphrase' })
    expect(client.isPrompting()).toBe(true)
    expect(heard).toHaveBeenCalledWith({ kind: 'create_passphrase' })
  })
})

describe('approvals', () => {
  const ADDRESS = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
  const UNSAFE_TIMEOUT_MS = timeoutFor('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', ADDRESS] })

  test('behavior: an approval on screen pauses every timeout, the unsafe request’s too; its close re-arms them', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const frame = frameOf(client)
    const signing = client
      .request('RPC_REQUEST', { method: 'personal_sign', params: ['0x00', ADDRESS] })
      .catch((e: unknown) => e)
    const local = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    const { rid: id } = frame.requests()[0]!
    frame.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    expect(client.isApproving()).toBe(true)
    expect(client.isPrompting()).toBe(false)
    // The person reads for longer than any timeout (the ones queued behind wait longer still).
    await vi.advanceTimersByTimeAsync(UNSAFE_TIMEOUT_MS * 2)
    expect(client.pending().map((r) => r.type)).toEqual(['RPC_REQUEST', 'IS_CONNECTED'])
    frame.emit('APPROVAL_VISIBLE', { id })
    frame.emit('APPROVAL_CLOSED', { id })
    expect(client.isApproving()).toBe(false)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS)
    expect(await local).toMatchObject({ name: 'RequestTimeoutError' })
    await vi.advanceTimersByTimeAsync(UNSAFE_TIMEOUT_MS - LOCAL_TIMEOUT_MS - 1)
    expect(client.pending()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await signing).toMatchObject({ name: 'RequestTimeoutError' })
  })

  test('behavior: a prompt closing while an approval is open times nothing yet', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const frame = frameOf(client)
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    const id = crypto.randomUUID()
    frame.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    frame.emit('PROMPT_CLOSED', {})
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS * 2)
    expect(client.pending()).toHaveLength(1)
    frame.emit('APPROVAL_CLOSED', { id })
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS)
    expect(await result).toMatchObject({ name: 'RequestTimeoutError' })
  })

  test('behavior: a frame that reloads (READY) has no approval open any more', async () => {
    const client = await readyClient()
    frameOf(client).emit('APPROVAL_REQUESTED', { id: crypto.randomUUID(), method: 'eth_sendTransaction' })
    expect(client.isApproving()).toBe(true)
    frameOf(client).ready()
    expect(client.isApproving()).toBe(false)
  })
})

describe('abort', () => {
  test('default: RPC_REQUEST rejects with "Request was aborted" and the frame gets RPC_ABORT', async () => {
    const client = await readyClient()
    const result = client.request('RPC_REQUEST', { method: 'eth_chainId' }).catch((e: unknown) => e)
    await tick()
    const frame = frameOf(client)
    const { rid: id } = frame.requests()[0]!
    expect(client.abort(id)).toBe(true)
    expect(await result).toMatchObject({
      name: 'RequestAbortedError',
      code: -32040,
      message: 'Request was aborted',
    })
    await tick()
    expect(frame.requests()[1]).toMatchObject({
      type: 'RPC_ABORT',
      data: { params: { id } },
      targetOrigin: FRAME_ORIGIN,
    })
    expect(client.abort(id)).toBe(false)
    // A reply to the aborted request, arriving late, changes nothing.
    frame.reply(id, { ok: true, result: '0x1' })
    expect(await result).toMatchObject({ name: 'RequestAbortedError' })
  })

  test('behavior: other requests reject with "Something went wrong"', async () => {
    const client = await readyClient()
    const result = client.request('GET_FARCASTER_URI', {}).catch((e: unknown) => e)
    await tick()
    client.abort(frameOf(client).requests()[0]!.rid)
    expect(await result).toMatchObject({ message: 'Something went wrong' })
  })

  test('behavior: an AbortSignal works the same', async () => {
    const client = await readyClient()
    const controller = new AbortController()
    const result = client.request('GET_USER', {}, { signal: controller.signal }).catch((e: unknown) => e)
    await tick()
    controller.abort()
    expect(await result).toMatchObject({ name: 'RequestAbortedError', message: 'Something went wrong' })
    await tick()
    expect(
      frameOf(client)
        .requests()
        .map((r) => r.type),
    ).toEqual(['GET_USER', 'RPC_ABORT'])
  })

  test('behavior: an already aborted signal rejects without posting', async () => {
    const client = await readyClient()
    await expect(client.request('IS_CONNECTED', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'RequestAbortedError',
    })
    expect(frameOf(client).requests()).toHaveLength(0)
  })

  test('behavior: aborting a request not yet posted sends no RPC_ABORT', async () => {
    const client = create()
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    const { id } = client.pending()[0]!
    client.abort(id)
    expect(await result).toMatchObject({ name: 'RequestAbortedError' })
    ready(client)
    await tick()
    expect(frameOf(client).requests()).toHaveLength(0)
  })
})

describe('events', () => {
  test('default: listeners get validated params; unsubscribe stops them', async () => {
    const client = await readyClient()
    const frame = frameOf(client)
    const listener = vi.fn()
    const off = client.on('ACCOUNTS_CHANGED', listener)
    frame.emit('ACCOUNTS_CHANGED', { accounts: ['0xabc'] })
    expect(listener).toHaveBeenCalledWith({ accounts: ['0xabc'] })
    frame.emit('ACCOUNTS_CHANGED', { accounts: 'nope' })
    frame.emit('ACCOUNTS_CHANGED', { accounts: ['0xdef'] }, { source: window })
    frame.emit('ACCOUNTS_CHANGED', { accounts: ['0xdef'] }, { origin: 'http://evil.test' })
    frame.send({
      keyframe: 1,
      kind: 'event',
      type: 'ACCOUNTS_CHANGED',
      data: { v: 2, params: { accounts: [] } },
    })
    frame.emit('STEAL_KEYS' as 'READY', { accounts: ['0xdef'] })
    expect(listener).toHaveBeenCalledTimes(1)
    off()
    frame.emit('ACCOUNTS_CHANGED', { accounts: ['0xabc'] })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  test('behavior: READY reaches listeners too (each time the frame reloads)', async () => {
    const client = create()
    const listener = vi.fn()
    client.on('READY', listener)
    const loaded = client.ensure()
    ready(client)
    await loaded
    ready(client)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  test('behavior: a listener that throws does not stop the others', async () => {
    const client = await readyClient()
    const errors: unknown[] = []
    const onError = (error: unknown) => errors.push(error)
    process.on('uncaughtException', onError)
    try {
      const second = vi.fn()
      client.on('CHAIN_CHANGED', () => {
        throw new Error('dApp bug')
      })
      client.on('CHAIN_CHANGED', second)
      frameOf(client).emit('CHAIN_CHANGED', { chainId: 'eip155:1' })
      expect(second).toHaveBeenCalledWith({ chainId: 'eip155:1' })
      // The bug is not swallowed: it surfaces on its own, outside the message loop.
      await tick()
      expect(errors).toEqual([new Error('dApp bug')])
    } finally {
      process.off('uncaughtException', onError)
    }
  })
})

describe('destroy', () => {
  test('default: rejects every pending request, removes its listener and the iframe', async () => {
    const listeners = messageListeners()
    const client = await readyClient()
    const frame = frameOf(client)
    const posted = client.request('GET_USER', {}).catch((e: unknown) => e)
    const rpc = client.request('RPC_REQUEST', { method: 'eth_blockNumber' }).catch((e: unknown) => e)
    await tick()
    expect(client.pending()).toHaveLength(2)
    expect(listeners.left()).toHaveLength(1)
    client.destroy()
    expect(await posted).toMatchObject({ name: 'RequestAbortedError', message: 'Something went wrong' })
    expect(await rpc).toMatchObject({ name: 'RequestAbortedError', message: 'Request was aborted' })
    expect(client.pending()).toEqual([])
    expect(listeners.added()).toHaveLength(1)
    expect(listeners.left()).toEqual([])
    expect(document.querySelector('iframe')).toBeNull()
    expect(client.element()).toBeUndefined()
    // Nothing is posted on the way out (the requests are rejected on our side only).
    expect(frame.requests().map((r) => r.type)).toEqual(['GET_USER', 'RPC_REQUEST'])
  })

  test('behavior: a load in progress and requests waiting for READY reject too', async () => {
    const client = create()
    const loaded = client.ensure().catch((e: unknown) => e)
    const waiting = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    client.destroy()
    expect(await loaded).toMatchObject({ name: 'RequestAbortedError' })
    expect(await waiting).toMatchObject({ name: 'RequestAbortedError' })
  })

  test('behavior: requests after destroy() reject at once; destroy() twice is harmless', async () => {
    const listeners = messageListeners()
    const client = await readyClient()
    client.destroy()
    client.destroy()
    await expect(client.request('IS_CONNECTED', {})).rejects.toMatchObject({ name: 'RequestAbortedError' })
    await expect(client.ensure()).rejects.toMatchObject({ name: 'RequestAbortedError' })
    expect(listeners.added()).toHaveLength(1)
    expect(listeners.left()).toEqual([])
  })

  test('behavior: each client owns its one listener; destroying one leaves the other working', async () => {
    const listeners = messageListeners()
    const a = await readyClient()
    const b = await readyClient()
    expect(listeners.left()).toHaveLength(2)
    a.destroy()
    expect(listeners.left()).toHaveLength(1)
    const result = b.request('IS_CONNECTED', {})
    await tick()
    frameOf(b).reply(frameOf(b).requests()[0]!.rid, { ok: true, result: { isConnected: true } })
    await expect(result).resolves.toEqual({ isConnected: true })
    b.destroy()
    expect(listeners.left()).toEqual([])
  })
})

describe('MessageChannel', () => {
  /** Plays the frame taking the port the parent offered after its latest READY; returns the frame's end. */
  function takePort(client: ReturnType<typeof create>) {
    const offers = frameOf(client).posted.filter(({ message }) => (message as WireMessage).kind === 'port')
    const port = offers.at(-1)?.transfer?.[0] as MessagePort
    const heard: WireMessage[] = []
    port.addEventListener('message', (event) => heard.push((event as MessageEvent).data))
    port.start()
    port.postMessage(wirePort())
    return { port, heard }
  }
  /** Port messages travel as tasks: waits until they have been delivered. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

  test('default: once the frame takes the port, requests go on it and its replies and events are read', async () => {
    const client = await readyClient()
    const frame = frameOf(client)
    const { port, heard } = takePort(client)
    await settle()
    const chains: unknown[] = []
    client.on('CHAIN_CHANGED', (params) => chains.push(params))
    const result = client.request('IS_CONNECTED', {})
    await settle()
    // Not on the window any more.
    expect(frame.requests()).toHaveLength(0)
    const [request] = heard as [WireMessage & { rid: string }]
    expect(request).toMatchObject({ kind: 'request', type: 'IS_CONNECTED' })
    port.postMessage(wireEvent('CHAIN_CHANGED', { v: 1, params: { chainId: 'eip155:31338' } }))
    port.postMessage(wireReply(request.rid, { ok: true, result: { isConnected: true } }))
    await expect(result).resolves.toEqual({ isConnected: true })
    expect(chains).toEqual([{ chainId: 'eip155:31338' }])
  })

  test('error: a reply on the port is checked like a window one (-32603 when it breaks the table)', async () => {
    const client = await readyClient()
    const { port, heard } = takePort(client)
    await settle()
    const result = client.request('IS_CONNECTED', {})
    await settle()
    const [request] = heard as [WireMessage & { rid: string }]
    port.postMessage(wireReply(request.rid, { ok: true, result: { isConnected: 'yes' } }))
    await expect(result).rejects.toMatchObject({ code: -32603 })
  })

  test('behavior: requests stay on the window until the frame takes the port', async () => {
    const client = await readyClient()
    const result = client.request('IS_CONNECTED', {})
    await settle()
    const [request] = frameOf(client).requests()
    frameOf(client).reply(request!.rid, { ok: true, result: { isConnected: false } })
    await expect(result).resolves.toEqual({ isConnected: false })
  })

  test('behavior: READY on the port is not a (re)load; a new READY on the window offers a new port', async () => {
    const client = await readyClient()
    const first = takePort(client)
    await settle()
    first.port.postMessage(wireEvent('READY', { v: 1, params: { version: 1 } }))
    await settle()
    const offers = () =>
      frameOf(client).posted.filter(({ message }) => (message as WireMessage).kind === 'port')
    expect(offers()).toHaveLength(1)
    // The frame reloads: its new document says READY on the window and gets a new port; until it takes it,
    // requests go on the window (the old port is closed: nothing more is sent on it).
    ready(client)
    expect(offers()).toHaveLength(2)
    void client.request('IS_CONNECTED', {}).catch(() => {})
    await settle()
    expect(first.heard).toEqual([])
    expect(frameOf(client).requests()).toHaveLength(1)
  })

  test('behavior: destroy rejects pending requests sent on the port and closes it', async () => {
    const client = await readyClient()
    const { heard } = takePort(client)
    await settle()
    const result = client.request('IS_CONNECTED', {})
    await settle()
    expect(heard).toHaveLength(1)
    client.destroy()
    await expect(result).rejects.toMatchObject({ name: 'RequestAbortedError' })
  })
})
