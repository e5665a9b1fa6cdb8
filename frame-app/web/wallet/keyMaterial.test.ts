import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createKeyMaterialCache, MAX_AUTH_SHARE_IDLE_MS } from './keyMaterial.ts'

const MINUTE = 60_000
const share = () => Uint8Array.from({ length: 17 }, (_, i) => i + 1)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createKeyMaterialCache', () => {
  test('default: set then get returns an equal copy', () => {
    const cache = createKeyMaterialCache()
    const original = share()
    cache.set('w1', original)
    original.fill(0) // the caller zeroes its own copy; the cache keeps its own
    const first = cache.get('w1')!
    expect(first).toEqual(share())
    first.fill(0)
    expect(cache.get('w1')).toEqual(share())
    expect(cache.get('w2')).toBeUndefined()
    expect(cache.size).toBe(1)
  })

  test('behavior: expires after 15 idle minutes, each read restarts the clock', () => {
    expect(MAX_AUTH_SHARE_IDLE_MS).toBe(15 * MINUTE)
    const cache = createKeyMaterialCache()
    cache.set('w1', share())
    vi.advanceTimersByTime(15 * MINUTE - 1)
    expect(cache.get('w1')).toEqual(share())
    vi.advanceTimersByTime(15 * MINUTE - 1)
    expect(cache.get('w1')).toEqual(share())
    vi.advanceTimersByTime(15 * MINUTE)
    expect(cache.size).toBe(0) // the timer dropped it without a read
    expect(cache.get('w1')).toBeUndefined()
  })

  test('behavior: set restarts the clock too', () => {
    const cache = createKeyMaterialCache()
    cache.set('w1', share())
    vi.advanceTimersByTime(10 * MINUTE)
    cache.set('w1', share())
    vi.advanceTimersByTime(10 * MINUTE)
    expect(cache.get('w1')).toBeDefined()
  })

  test('behavior: a read checks the clock even when the timer has not fired (sleeping tab)', () => {
    let now = 1_000
    const cache = createKeyMaterialCache({ now: () => now })
    cache.set('w1', share())
    now += 15 * MINUTE // the wall clock moved, no timer ran
    expect(cache.get('w1')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  test('parameters: a shorter idle time', () => {
    const cache = createKeyMaterialCache({ idleMs: MINUTE })
    cache.set('w1', share())
    vi.advanceTimersByTime(MINUTE)
    expect(cache.get('w1')).toBeUndefined()
  })

  test('behavior: delete and clear drop entries and their timers', () => {
    const cache = createKeyMaterialCache()
    cache.set('w1', share())
    cache.set('w2', share())
    cache.delete('w1')
    expect(cache.get('w1')).toBeUndefined()
    expect(cache.size).toBe(1)
    cache.clear()
    expect(cache.size).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: the stored copy is zeroed when it expires', () => {
    const copies: Uint8Array[] = []
    const RealUint8Array = Uint8Array
    const cache = createKeyMaterialCache()
    const spy = vi.spyOn(RealUint8Array.prototype, 'fill')
    cache.set('w1', share())
    vi.advanceTimersByTime(15 * MINUTE)
    for (const call of spy.mock.instances) copies.push(call as unknown as Uint8Array)
    spy.mockRestore()
    expect(copies).toHaveLength(1)
    expect(copies[0]).toEqual(new Uint8Array(17))
  })

  test('behavior: never persisted (the module touches no storage API)', () => {
    const source = readFileSync(new URL('./keyMaterial.ts', import.meta.url), 'utf8')
    expect(source).not.toMatch(/localStorage|sessionStorage|indexedDB|caches\.|document\.cookie/)
  })

  test('error: an idle time above 15 minutes, or not positive', () => {
    expect(() => createKeyMaterialCache({ idleMs: 15 * MINUTE + 1 })).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected idleMs in (0, 900000], got 900001]`,
    )
    expect(() => createKeyMaterialCache({ idleMs: 0 })).toThrow(RangeError)
    expect(() => createKeyMaterialCache({ idleMs: Number.NaN })).toThrow(RangeError)
  })

  test('error: not bytes', () => {
    const cache = createKeyMaterialCache()
    expect(() => cache.set('w1', new Uint8Array(0))).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: expected the auth share as non-empty bytes]`,
    )
  })
})
