import { describe, expect, test } from 'vitest'
import { createTtlCache } from './ttlCache.ts'

/** A load whose answer the test gives when it wants, counting how often it ran. */
function controlledLoad<T>() {
  const calls: { resolve(value: T): void; reject(error: unknown): void; signal: AbortSignal }[] = []
  const load = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ resolve, reject, signal })
    })
  return { load, calls }
}

function clock(start = 1_000_000) {
  let t = start
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms
    },
  }
}

describe('createTtlCache', () => {
  test('default: a value is kept for its time to live, then loaded again', async () => {
    const time = clock()
    const cache = createTtlCache({ now: time.now })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('k', 30_000, load)).toBe(1)
    time.advance(29_999)
    expect(await cache.get('k', 30_000, load)).toBe(1)
    time.advance(1)
    expect(await cache.get('k', 30_000, load)).toBe(2)
    expect(loads).toBe(2)
  })

  test('behavior: callers asking while a load is under way share it (one load)', async () => {
    const cache = createTtlCache()
    const { load, calls } = controlledLoad<string>()
    const a = cache.get('k', 1000, load)
    const b = cache.get('k', 1000, load)
    expect(calls).toHaveLength(1)
    calls[0]!.resolve('v')
    expect(await Promise.all([a, b])).toEqual(['v', 'v'])
    expect(await cache.get('k', 1000, load)).toBe('v')
    expect(calls).toHaveLength(1)
  })

  test('behavior: keys are separate', async () => {
    const cache = createTtlCache()
    expect(await cache.get('a', 1000, async () => 'A')).toBe('A')
    expect(await cache.get('b', 1000, async () => 'B')).toBe('B')
    expect(await cache.get('a', 1000, async () => 'other')).toBe('A')
  })

  test('behavior: a failure is shared by the waiting callers and not kept', async () => {
    const cache = createTtlCache()
    const { load, calls } = controlledLoad<string>()
    const a = cache.get('k', 1000, load)
    const b = cache.get('k', 1000, load)
    calls[0]!.reject(new Error('down'))
    await expect(a).rejects.toThrow('down')
    await expect(b).rejects.toThrow('down')
    expect(await cache.get('k', 1000, async () => 'back')).toBe('back')
  })

  test('parameters: force loads again though the value is fresh, and keeps the new value', async () => {
    const cache = createTtlCache()
    expect(await cache.get('k', 60_000, async () => 'old')).toBe('old')
    expect(await cache.get('k', 60_000, async () => 'new', { force: true })).toBe('new')
    expect(await cache.get('k', 60_000, async () => 'unused')).toBe('new')
  })

  test('parameters: force does not join a load under way, and the older answer does not overwrite its value', async () => {
    const cache = createTtlCache()
    const { load, calls } = controlledLoad<string>()
    const older = cache.get('k', 60_000, load)
    const forced = cache.get('k', 60_000, load, { force: true })
    const joined = cache.get('k', 60_000, load)
    expect(calls).toHaveLength(2)
    calls[1]!.resolve('after the transaction')
    calls[0]!.resolve('before the transaction')
    expect(await older).toBe('before the transaction')
    expect(await forced).toBe('after the transaction')
    expect(await joined).toBe('after the transaction')
    expect(await cache.get('k', 60_000, load)).toBe('after the transaction')
  })

  test('parameters: signal: one caller aborting does not abort the load others wait on', async () => {
    const cache = createTtlCache()
    const { load, calls } = controlledLoad<string>()
    const controller = new AbortController()
    const leaving = cache.get('k', 1000, load, { signal: controller.signal })
    const staying = cache.get('k', 1000, load)
    controller.abort(new DOMException('left', 'AbortError'))
    await expect(leaving).rejects.toThrow('left')
    expect(calls[0]!.signal.aborted).toBe(false)
    calls[0]!.resolve('v')
    expect(await staying).toBe('v')
  })

  test('parameters: signal: the load is aborted when every caller has aborted, and nothing is kept', async () => {
    const cache = createTtlCache()
    const { load, calls } = controlledLoad<string>()
    const one = new AbortController()
    const two = new AbortController()
    const a = cache.get('k', 1000, load, { signal: one.signal })
    const b = cache.get('k', 1000, load, { signal: two.signal })
    one.abort(new Error('one'))
    two.abort(new Error('two'))
    await expect(a).rejects.toThrow('one')
    await expect(b).rejects.toThrow('two')
    expect(calls[0]!.signal.aborted).toBe(true)
    calls[0]!.reject(calls[0]!.signal.reason)
    // A new caller does not join the aborted load: it starts its own.
    const c = cache.get('k', 1000, load)
    expect(calls).toHaveLength(2)
    calls[1]!.resolve('fresh')
    expect(await c).toBe('fresh')
  })

  test('parameters: maxEntries: expired entries go first, then the oldest', async () => {
    const time = clock()
    const cache = createTtlCache({ now: time.now, maxEntries: 2 })
    await cache.get('short', 10, async () => 'short')
    await cache.get('a', 1000, async () => 'a')
    time.advance(20)
    await cache.get('b', 1000, async () => 'b')
    // 'short' expired and was dropped; 'a' and 'b' remain.
    expect(await cache.get('a', 1000, async () => 'reloaded')).toBe('a')
    await cache.get('c', 1000, async () => 'c')
    // Over the limit with nothing expired: the oldest ('a') goes.
    expect(await cache.get('b', 1000, async () => 'reloaded')).toBe('b')
    expect(await cache.get('a', 1000, async () => 'reloaded')).toBe('reloaded')
  })

  test('behavior: delete and clear forget', async () => {
    const cache = createTtlCache()
    await cache.get('a', 1000, async () => 1)
    await cache.get('b', 1000, async () => 1)
    cache.delete('a')
    expect(await cache.get('a', 1000, async () => 2)).toBe(2)
    cache.clear()
    expect(await cache.get('b', 1000, async () => 2)).toBe(2)
  })
})
