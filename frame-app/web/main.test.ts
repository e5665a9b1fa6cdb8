/**
 * The frame document's entry, run against a fake window pair: the guard is the first `message` listener,
 * the bridge's comes after it, READY goes to the parent with the exact origin, and a frame that may not start
 * posts nothing.
 */
import { wireEvent, wireReply, wireRequest } from '@keyframe/protocol/wire'
import { afterEach, describe, expect, test, vi } from 'vitest'

const PARENT_ORIGIN = 'http://127.0.0.1:5173'
const CONFIG = JSON.stringify({ projectId: 'dev', allowedOrigins: [PARENT_ORIGIN] })

type Options = { topLevel?: boolean; config?: string | null; origin?: string }

/** Stubs the globals main.ts reads, then evaluates it (a fresh module each time). */
async function runMain({ topLevel = false, config = CONFIG, origin = PARENT_ORIGIN }: Options = {}) {
  const parent = { postMessage: vi.fn() }
  const location = {
    search: `?${new URLSearchParams({ projectId: 'dev', chainId: 'eip155:1', version: '1', origin })}`,
    ancestorOrigins: [origin],
    reload: vi.fn(),
  }
  const document = {
    getElementById: (id: string) =>
      id === 'keyframe-config' && config !== null ? { textContent: config } : null,
    documentElement: { style: { setProperty: vi.fn(), removeProperty: vi.fn() }, dataset: {} },
  }
  const frame = Object.assign(new EventTarget(), { location, document, performance })
  Object.assign(frame, { parent: topLevel ? frame : parent })
  const addEventListener = vi.spyOn(frame, 'addEventListener')
  const mark = vi.spyOn(performance, 'mark')
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.stubGlobal('window', frame)
  vi.stubGlobal('location', location)
  vi.stubGlobal('document', document)
  vi.resetModules()
  await import('./main.ts')
  return { frame, parent, addEventListener, mark, warn }
}

function deliver(target: EventTarget, data: unknown, origin: string, source: unknown) {
  target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
}

const getChainId = (rid: string) =>
  wireRequest(rid, 'GET_CHAIN_ID', { v: 1, id: crypto.randomUUID(), params: {} })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('default', () => {
  test('the guard listens first, then the bridge; READY goes to the parent with the exact origin', async () => {
    const { parent, addEventListener, mark } = await runMain()
    const messageListeners = addEventListener.mock.calls.filter(([type]) => type === 'message')
    expect(messageListeners).toHaveLength(2)
    expect(messageListeners[0]?.[2]).toEqual({ capture: true })
    expect(messageListeners[1]?.[2]).toBeUndefined()
    expect(parent.postMessage).toHaveBeenCalledOnce()
    expect(parent.postMessage).toHaveBeenCalledWith(
      wireEvent('READY', { v: 1, params: { version: 1 } }),
      PARENT_ORIGIN,
    )
    const names = mark.mock.calls.map(([name]) => name)
    expect(names.indexOf('keyframe:boot')).toBeGreaterThanOrEqual(0)
    expect(names.indexOf('keyframe:boot')).toBeLessThan(names.indexOf('keyframe:ready'))
  })

  test('serves the parent at its origin', async () => {
    const { frame, parent } = await runMain()
    deliver(frame, getChainId('r1'), PARENT_ORIGIN, parent)
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(2))
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      wireReply('r1', { ok: true, result: { chainId: 'eip155:1' } }),
      PARENT_ORIGIN,
    )
  })
})

describe('behavior: the guard drops before any later listener', () => {
  test('a hostile origin or window reaches neither the bridge nor a library added later', async () => {
    const { frame, parent } = await runMain()
    const later = vi.fn()
    frame.addEventListener('message', later)
    deliver(frame, getChainId('x1'), 'https://evil.example', parent)
    deliver(frame, getChainId('x2'), PARENT_ORIGIN, { postMessage: vi.fn() })
    deliver(frame, getChainId('ok'), PARENT_ORIGIN, parent)
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(2))
    expect(later).toHaveBeenCalledOnce()
    expect(parent.postMessage.mock.calls.map(([message]) => message.rid)).toEqual([undefined, 'ok'])
  })
})

describe('error: a frame that may not start posts nothing', () => {
  test.each<[string, Options, string]>([
    ['top-level', { topLevel: true }, 'the frame is not embedded'],
    ['no config', { config: null }, 'the project config is missing or invalid'],
    ['origin not allowed', { origin: 'https://evil.example' }, 'origin https://evil.example is not allowed'],
  ])('%s', async (_name, options, reason) => {
    const { frame, parent, addEventListener, warn } = await runMain(options)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason))
    // Only the guard listens, and it drops everything: nothing can answer.
    expect(addEventListener.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1)
    const later = vi.fn()
    frame.addEventListener('message', later)
    deliver(frame, getChainId('r1'), PARENT_ORIGIN, parent)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(later).not.toHaveBeenCalled()
    expect(parent.postMessage).not.toHaveBeenCalled()
  })
})
