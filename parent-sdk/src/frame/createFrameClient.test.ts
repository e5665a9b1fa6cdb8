// @vitest-environment jsdom
import {
  FRAME_CONNECT_TIMEOUT_MS as CONNECT_TIMEOUT_MS,
  EVENT_TYPES,
  FRAME_LOAD_TIMEOUT_MS,
  timeoutFor,
} from '@keyframe/protocol'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fakePostRobot } from '../../test/fakePostRobot.ts'
import { createFrameClient, type FrameClientOptions } from './createFrameClient.ts'

vi.mock('post-robot', () => import('../../test/fakePostRobot.ts').then((m) => m.postRobotModule))

const LOCAL_TIMEOUT_MS = timeoutFor('IS_CONNECTED', {})
const FRAME_URL = 'http://localhost:5174/frame'
const FRAME_ORIGIN = 'http://localhost:5174'
const clients: { destroy(): void }[] = []

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

/** Plays the frame saying READY, from the iframe's window and the frame's origin. */
function ready(client: ReturnType<typeof create>, version = 1) {
  fakePostRobot.emit('READY', { v: 1, params: { version } }, fromFrame(client))
}

function fromFrame(client: ReturnType<typeof create>) {
  return { source: client.element()?.contentWindow, origin: FRAME_ORIGIN }
}

async function readyClient(options: Partial<FrameClientOptions> = {}) {
  const client = create(options)
  const loaded = client.ensure()
  ready(client)
  await loaded
  return client
}

/** Lets queued promise callbacks run (ensure → post → send). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  fakePostRobot.reset()
})
afterEach(() => {
  for (const c of clients.splice(0)) c.destroy()
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('lazy', () => {
  test('default: no iframe and no listener until ensure() or request()', () => {
    const client = create()
    expect(client.element()).toBeUndefined()
    expect(document.querySelector('iframe')).toBeNull()
    expect(fakePostRobot.api.on).not.toHaveBeenCalled()
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
    expect(iframe.getAttribute('referrerpolicy')).toBe('no-referrer')
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
  })

  test('behavior: every event listener is bound to the iframe window and the frame origin before the iframe has a src', () => {
    const srcAtListen: (string | null)[] = []
    fakePostRobot.api.on.mockImplementationOnce((name, options, handler) => {
      srcAtListen.push(document.querySelector('iframe')?.getAttribute('src') ?? null)
      fakePostRobot.listeners.push({ name, options, handler, cancelled: false })
      return { cancel: () => {} }
    })
    const client = create()
    void client.ensure()
    expect(srcAtListen).toEqual([null])
    const names = fakePostRobot.api.on.mock.calls.map(([name]) => name)
    expect(names).toEqual(EVENT_TYPES)
    for (const [, options] of fakePostRobot.api.on.mock.calls) {
      expect(options.domain).toBe(FRAME_ORIGIN)
      expect(options.window).toBeTruthy()
    }
  })

  test('behavior: READY from another window or origin is ignored', async () => {
    vi.useFakeTimers()
    const client = create()
    const loaded = client.ensure()
    const other = document.createElement('iframe')
    document.body.appendChild(other)
    fakePostRobot.emit(
      'READY',
      { v: 1, params: { version: 1 } },
      { source: other.contentWindow, origin: FRAME_ORIGIN },
    )
    fakePostRobot.emit('READY', { v: 1, params: { version: 1 } }, { source: window, origin: FRAME_ORIGIN })
    // post-robot filters by domain too; call the handler directly to prove our own origin check.
    const handler = fakePostRobot.listeners.find((l) => l.name === 'READY')!.handler
    handler({
      source: client.element()!.contentWindow,
      origin: 'http://evil.test',
      data: { v: 1, params: { version: 1 } },
    })
    expect(client.isReady()).toBe(false)
    const outcome = loaded.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect(await outcome).toMatchObject({ name: 'FrameLoadError' })
  })

  test('error: no READY within 20 s → FrameLoadError and a FRAME_LOAD_FAILED alert; a later ensure() retries', async () => {
    vi.useFakeTimers()
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
    expect(fakePostRobot.active()).toEqual([])

    const again = client.ensure()
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
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
  test('default: waits for READY, posts the envelope to the frame origin, resolves the result', async () => {
    const client = create()
    const result = client.request('IS_CONNECTED', {})
    await tick()
    expect(fakePostRobot.sent).toHaveLength(0)
    ready(client)
    await tick()
    expect(fakePostRobot.sent).toHaveLength(1)
    const [sent] = fakePostRobot.sent
    expect(sent!.win).toBe(client.element()!.contentWindow)
    expect(sent!.name).toBe('IS_CONNECTED')
    expect(sent!.data).toEqual({ v: 1, id: expect.stringMatching(/^[0-9a-f-]{36}$/), params: {} })
    expect(sent!.options.domain).toBe(FRAME_ORIGIN)
    expect(sent!.options.timeout).toBeGreaterThan(LOCAL_TIMEOUT_MS)
    expect(client.pending()).toEqual([{ id: sent!.data.id, type: 'IS_CONNECTED' }])
    sent!.resolve({ ...fromFrame(client), data: { ok: true, result: { isConnected: true } } })
    await expect(result).resolves.toEqual({ isConnected: true })
    expect(client.pending()).toEqual([])
  })

  test('error: invalid params → InvalidParamsError before anything is posted or loaded', async () => {
    const client = create()
    const error = await client.request('CONNECT_EMAIL', { email: 'not-an-email' }).catch((e: unknown) => e)
    expect(error).toMatchInlineSnapshot(
      `[InvalidParamsError: Invalid params for CONNECT_EMAIL: email: Invalid email]`,
    )
    expect((error as { code: number }).code).toBe(-32602)
    expect(client.element()).toBeUndefined()
    expect(fakePostRobot.api.send).not.toHaveBeenCalled()
  })

  test('error: an RPC method that is not allowed is refused before posting', async () => {
    const client = await readyClient()
    await expect(client.request('RPC_REQUEST', { method: 'eth_sign', params: [] })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed',
    })
    expect(fakePostRobot.sent).toHaveLength(0)
  })

  test('error: an error reply rejects with the frame’s code and wording', async () => {
    const client = await readyClient()
    const result = client.request('GET_USER', {})
    await tick()
    fakePostRobot.sent[0]!.resolve({
      ...fromFrame(client),
      data: { ok: false, error: { code: 4100, message: 'Not authorized' } },
    })
    await expect(result).rejects.toMatchObject({
      name: 'ProtocolError',
      code: 4100,
      message: 'Not authorized',
    })
  })

  test('error: a reply from another window or origin is refused', async () => {
    const client = await readyClient()
    const a = client.request('IS_CONNECTED', {})
    const b = client.request('IS_CONNECTED', {})
    await tick()
    fakePostRobot.sent[0]!.resolve({
      source: window,
      origin: FRAME_ORIGIN,
      data: { ok: true, result: { isConnected: true } },
    })
    fakePostRobot.sent[1]!.resolve({
      source: client.element()!.contentWindow,
      origin: 'http://evil.test',
      data: { ok: true, result: { isConnected: true } },
    })
    await expect(a).rejects.toMatchObject({ code: -32603, message: 'An error occurred' })
    await expect(b).rejects.toMatchObject({ code: -32603, message: 'An error occurred' })
  })

  test('error: a result that breaks the table is refused (-32603)', async () => {
    const client = await readyClient()
    const result = client.request('IS_CONNECTED', {})
    await tick()
    fakePostRobot.sent[0]!.resolve({
      ...fromFrame(client),
      data: { ok: true, result: { isConnected: 'yes' } },
    })
    await expect(result).rejects.toMatchObject({ code: -32603, message: 'Invalid result for IS_CONNECTED' })
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
    const { id } = fakePostRobot.sent[0]!.data
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toMatchInlineSnapshot(
      `[RequestTimeoutError: CONNECT_EMAIL timed out after 30000 ms]`,
    )
    expect(onTimeout).toHaveBeenCalledWith('CONNECT_EMAIL')
    await vi.advanceTimersByTimeAsync(0)
    const abort = fakePostRobot.sent[1]!
    expect(abort.name).toBe('RPC_ABORT')
    expect(abort.data.params).toEqual({ id })
    expect(abort.options.domain).toBe(FRAME_ORIGIN)
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
    expect(fakePostRobot.sent.map((s) => s.name)).toEqual(['IS_CONNECTED'])
  })

  test('behavior: a late reply after the timeout changes nothing', async () => {
    vi.useFakeTimers()
    const client = await readyClient()
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(LOCAL_TIMEOUT_MS)
    fakePostRobot.sent[0]!.resolve({
      ...fromFrame(client),
      data: { ok: true, result: { isConnected: true } },
    })
    expect(await result).toMatchObject({ name: 'RequestTimeoutError' })
  })
})

describe('abort', () => {
  test('default: RPC_REQUEST rejects with "Request was aborted" and the frame gets RPC_ABORT', async () => {
    const client = await readyClient()
    const result = client.request('RPC_REQUEST', { method: 'eth_chainId' }).catch((e: unknown) => e)
    await tick()
    const { id } = fakePostRobot.sent[0]!.data
    expect(client.abort(id)).toBe(true)
    expect(await result).toMatchObject({
      name: 'RequestAbortedError',
      code: -32040,
      message: 'Request was aborted',
    })
    await tick()
    expect(fakePostRobot.sent[1]).toMatchObject({ name: 'RPC_ABORT', data: { params: { id } } })
    expect(client.abort(id)).toBe(false)
  })

  test('behavior: other requests reject with "Something went wrong"', async () => {
    const client = await readyClient()
    const result = client.request('GET_FARCASTER_URI', {}).catch((e: unknown) => e)
    await tick()
    client.abort(fakePostRobot.sent[0]!.data.id)
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
    expect(fakePostRobot.sent.map((s) => s.name)).toEqual(['GET_USER', 'RPC_ABORT'])
  })

  test('behavior: an already aborted signal rejects without posting', async () => {
    const client = await readyClient()
    await expect(client.request('IS_CONNECTED', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'RequestAbortedError',
    })
    expect(fakePostRobot.sent).toHaveLength(0)
  })

  test('behavior: aborting a request not yet posted sends no RPC_ABORT', async () => {
    const client = create()
    const result = client.request('IS_CONNECTED', {}).catch((e: unknown) => e)
    const { id } = client.pending()[0]!
    client.abort(id)
    expect(await result).toMatchObject({ name: 'RequestAbortedError' })
    ready(client)
    await tick()
    expect(fakePostRobot.sent).toHaveLength(0)
  })
})

describe('events', () => {
  test('default: listeners get validated params; unsubscribe stops them', async () => {
    const client = await readyClient()
    const listener = vi.fn()
    const off = client.on('ACCOUNTS_CHANGED', listener)
    fakePostRobot.emit('ACCOUNTS_CHANGED', { v: 1, params: { accounts: ['0xabc'] } }, fromFrame(client))
    expect(listener).toHaveBeenCalledWith({ accounts: ['0xabc'] })
    fakePostRobot.emit('ACCOUNTS_CHANGED', { v: 1, params: { accounts: 'nope' } }, fromFrame(client))
    fakePostRobot.emit(
      'ACCOUNTS_CHANGED',
      { v: 1, params: { accounts: ['0xdef'] } },
      { source: window, origin: FRAME_ORIGIN },
    )
    expect(listener).toHaveBeenCalledTimes(1)
    off()
    fakePostRobot.emit('ACCOUNTS_CHANGED', { v: 1, params: { accounts: ['0xabc'] } }, fromFrame(client))
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
})

describe('destroy', () => {
  test('default: rejects every pending request, cancels every listener, removes the iframe', async () => {
    const client = await readyClient()
    const posted = client.request('GET_USER', {}).catch((e: unknown) => e)
    const rpc = client.request('RPC_REQUEST', { method: 'eth_blockNumber' }).catch((e: unknown) => e)
    await tick()
    expect(client.pending()).toHaveLength(2)
    client.destroy()
    expect(await posted).toMatchObject({ name: 'RequestAbortedError', message: 'Something went wrong' })
    expect(await rpc).toMatchObject({ name: 'RequestAbortedError', message: 'Request was aborted' })
    expect(client.pending()).toEqual([])
    expect(fakePostRobot.active()).toEqual([])
    expect(document.querySelector('iframe')).toBeNull()
    expect(client.element()).toBeUndefined()
    expect(fakePostRobot.api.destroy).toHaveBeenCalledTimes(1)
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
    const client = await readyClient()
    client.destroy()
    client.destroy()
    await expect(client.request('IS_CONNECTED', {})).rejects.toMatchObject({ name: 'RequestAbortedError' })
    await expect(client.ensure()).rejects.toMatchObject({ name: 'RequestAbortedError' })
    expect(fakePostRobot.api.destroy).toHaveBeenCalledTimes(1)
  })

  test('behavior: post-robot is released only when the last client goes', async () => {
    const a = await readyClient()
    const b = await readyClient()
    a.destroy()
    expect(fakePostRobot.api.destroy).not.toHaveBeenCalled()
    b.destroy()
    expect(fakePostRobot.api.destroy).toHaveBeenCalledTimes(1)
  })
})
