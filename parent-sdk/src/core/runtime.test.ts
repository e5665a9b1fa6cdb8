// Node environment: per-instance runtime and teardown need no browser.
import { describe, expect, test } from 'vitest'
import { createKeyframe, type KeyframeOptions } from './createKeyframe.ts'
import { defineRuntime } from './runtime.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
}

const COUNTER = defineRuntime('counter', () => ({ runs: 0 }))

describe('per-instance runtime', () => {
  test('each instance has its own runtime, made once', () => {
    const a = createKeyframe(options)
    const b = createKeyframe(options)
    a._internal.runtime(COUNTER).runs++
    a._internal.runtime(COUNTER).runs++
    expect(a._internal.runtime(COUNTER).runs).toBe(2)
    expect(b._internal.runtime(COUNTER).runs).toBe(0)
  })

  test('destroy() runs every registered teardown once, newest first; an unregistered one does not run', () => {
    const kf = createKeyframe(options)
    const ran: string[] = []
    kf._internal.onDestroy(() => ran.push('first'))
    const unregister = kf._internal.onDestroy(() => ran.push('dropped'))
    kf._internal.onDestroy(() => ran.push('second'))
    unregister()
    kf.destroy()
    kf.destroy()
    expect(ran).toEqual(['second', 'first'])
  })

  test('a teardown registered after destroy runs at once', () => {
    const kf = createKeyframe(options)
    kf.destroy()
    let ran = false
    kf._internal.onDestroy(() => {
      ran = true
    })
    expect(ran).toBe(true)
  })
})
