import { expect, test } from 'vitest'
import { createAbortRegistry } from './abortRegistry.ts'

test('default: register, abort by id, release', () => {
  const registry = createAbortRegistry()
  const a = registry.register('a')
  const b = registry.register('b')
  expect(registry.size).toBe(2)
  expect(registry.abort('a')).toBe(true)
  expect(a.signal.aborted).toBe(true)
  expect(registry.abort('a')).toBe(false)
  registry.release('b', b)
  expect(registry.size).toBe(0)
  expect(b.signal.aborted).toBe(false)
})

test('behavior: abortAll leaves nothing pending', () => {
  const registry = createAbortRegistry()
  const controllers = ['a', 'b', 'c'].map((id) => registry.register(id))
  registry.abortAll()
  expect(registry.size).toBe(0)
  expect(controllers.every((c) => c.signal.aborted)).toBe(true)
})

test('behavior: release of a stale controller keeps the current one', () => {
  const registry = createAbortRegistry()
  const first = registry.register('a')
  registry.abort('a')
  const second = registry.register('a')
  registry.release('a', first)
  expect(registry.size).toBe(1)
  registry.release('a', second)
  expect(registry.size).toBe(0)
})

test('error: a duplicate id is refused', () => {
  const registry = createAbortRegistry()
  registry.register('a')
  expect(() => registry.register('a')).toThrowErrorMatchingInlineSnapshot(
    `[InvalidRequestError: Duplicate request id: a]`,
  )
})
