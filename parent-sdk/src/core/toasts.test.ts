import { TOAST_SWAP_DELAY_MS } from '@keyframe/protocol'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createToasts, TOAST_DURATION_MS, type Toast } from './toasts.ts'

function setup() {
  let toast: Toast | undefined
  const seen: (string | undefined)[] = []
  const toasts = createToasts({
    get: () => toast,
    set: (next) => {
      toast = next
      seen.push(next?.message)
    },
  })
  return { toasts, get: () => toast, seen }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('show', () => {
  test('default: appears at once when no toast is open', () => {
    const { toasts, get } = setup()
    toasts.show('success', 'Transaction started')
    expect(get()).toMatchObject({ variant: 'success', message: 'Transaction started' })
  })

  test('behavior: a new toast closes the open one and appears 150 ms later', () => {
    const { toasts, get, seen } = setup()
    toasts.show('loading', 'Sending')
    toasts.show('error', 'Something went wrong')
    expect(get()).toBeUndefined()
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS - 1)
    expect(get()).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(get()).toMatchObject({ variant: 'error', message: 'Something went wrong' })
    expect(seen).toEqual(['Sending', undefined, 'Something went wrong'])
  })

  test('behavior: a toast shown during the swap delay takes the waiting one’s place', () => {
    const { toasts, get, seen } = setup()
    toasts.show('loading', 'One')
    toasts.show('success', 'Two')
    vi.advanceTimersByTime(100)
    toasts.show('error', 'Three')
    vi.advanceTimersByTime(50)
    expect(get()?.message).toBe('Three')
    expect(seen).toEqual(['One', undefined, 'Three'])
  })

  test('behavior: each toast has its own id', () => {
    const { toasts, get } = setup()
    toasts.show('success', 'Same')
    const first = get()?.id
    toasts.show('success', 'Same')
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS)
    expect(get()?.id).not.toBe(first)
  })

  test('behavior: success and error hide themselves; loading stays', () => {
    const { toasts, get } = setup()
    toasts.show('success', 'Done')
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(get()).toBeUndefined()
    toasts.show('loading', 'Waiting')
    vi.advanceTimersByTime(TOAST_DURATION_MS * 10)
    expect(get()?.message).toBe('Waiting')
  })

  test('behavior: the hide timer of a replaced toast does not hide its successor', () => {
    const { toasts, get } = setup()
    toasts.show('success', 'First')
    vi.advanceTimersByTime(TOAST_DURATION_MS - 10)
    toasts.show('loading', 'Second')
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS + 1000)
    expect(get()?.message).toBe('Second')
  })
})

describe('dismiss', () => {
  test('default: hides the toast and drops a waiting one', () => {
    const { toasts, get } = setup()
    toasts.show('loading', 'One')
    toasts.show('success', 'Two')
    toasts.dismiss()
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS * 2)
    expect(get()).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('getToast / watchToast', () => {
  test('default: read and watch the toast of an instance', async () => {
    const { createKeyframe } = await import('./createKeyframe.ts')
    const { getToast, watchToast } = await import('./toasts.ts')
    const kf = createKeyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] })
    const onChange = vi.fn()
    watchToast(kf, { onChange })
    kf._internal.toasts.show('error', 'Signature declined')
    expect(getToast(kf)).toMatchObject({ variant: 'error', message: 'Signature declined' })
    expect(onChange).toHaveBeenCalledTimes(1)
    kf.destroy()
    expect(getToast(kf)).toBeUndefined()
  })
})
