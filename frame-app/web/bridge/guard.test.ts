import { describe, expect, test, vi } from 'vitest'
import { installGuard } from './guard.ts'

const PARENT_ORIGIN = 'http://127.0.0.1:5173'

/** A message as the browser dispatches it (Node's MessageEvent only accepts MessagePort sources). */
function message(source: unknown, origin: string): Event {
  const event = new Event('message')
  Object.defineProperties(event, { source: { value: source }, origin: { value: origin } })
  return event
}

function setup() {
  const target = new EventTarget()
  const parent = { name: 'parent' }
  const guard = installGuard(target, parent)
  // Stands in for the bridge or any later library: a bubble-phase listener added after the guard.
  const later = vi.fn()
  target.addEventListener('message', later)
  return { target, parent, guard, later }
}

describe('default', () => {
  test('lets messages from the parent at the pinned origin through', () => {
    const { target, parent, guard, later } = setup()
    guard.pin(PARENT_ORIGIN)
    target.dispatchEvent(message(parent, PARENT_ORIGIN))
    expect(later).toHaveBeenCalledOnce()
  })
})

describe('behavior: drops before any other listener', () => {
  test('everything until pinned (and forever when the frame may not start)', () => {
    const { target, parent, later } = setup()
    target.dispatchEvent(message(parent, PARENT_ORIGIN))
    expect(later).not.toHaveBeenCalled()
  })

  test('another origin in the parent window', () => {
    const { target, parent, guard, later } = setup()
    guard.pin(PARENT_ORIGIN)
    target.dispatchEvent(message(parent, 'https://evil.example'))
    expect(later).not.toHaveBeenCalled()
  })

  test('the allowed origin from another window (a sibling, an opener, a child)', () => {
    const { target, guard, later } = setup()
    guard.pin(PARENT_ORIGIN)
    target.dispatchEvent(message({ name: 'sibling' }, PARENT_ORIGIN))
    target.dispatchEvent(message(null, PARENT_ORIGIN))
    expect(later).not.toHaveBeenCalled()
  })

  test('origins that only look alike', () => {
    const { target, parent, guard, later } = setup()
    guard.pin(PARENT_ORIGIN)
    for (const origin of [
      'http://127.0.0.1:5173/',
      'HTTP://127.0.0.1:5173',
      'http://127.0.0.1',
      'null',
      '',
    ]) {
      target.dispatchEvent(message(parent, origin))
    }
    expect(later).not.toHaveBeenCalled()
  })

  test('uninstall removes the listener', () => {
    const { target, guard, later } = setup()
    guard.uninstall()
    target.dispatchEvent(message({}, 'https://evil.example'))
    expect(later).toHaveBeenCalledOnce()
  })

  test('error: the pinned origin cannot be changed', () => {
    const { guard } = setup()
    guard.pin(PARENT_ORIGIN)
    expect(() => guard.pin('https://evil.example')).toThrowErrorMatchingInlineSnapshot(
      `[Error: The parent origin is already pinned]`,
    )
  })
})

describe('behavior: a window of the frame’s own origin (the social login’s callback page)', () => {
  const FRAME_ORIGIN = 'http://localhost:5174'
  function withInbox() {
    const target = new EventTarget()
    const parent = { name: 'parent' }
    const receive = vi.fn()
    const guard = installGuard(target, parent, { origin: FRAME_ORIGIN, receive })
    const later = vi.fn()
    target.addEventListener('message', later)
    guard.pin(PARENT_ORIGIN)
    return { target, parent, receive, later }
  }
  const event = (source: unknown, origin: string, data: unknown) => {
    const e = message(source, origin)
    Object.defineProperty(e, 'data', { value: data })
    return e
  }

  test('its data goes to `receive` only: no other listener hears it', () => {
    const { target, receive, later } = withInbox()
    target.dispatchEvent(event({ name: 'popup' }, FRAME_ORIGIN, { ticket: 't' }))
    expect(receive).toHaveBeenCalledWith({ ticket: 't' })
    expect(later).not.toHaveBeenCalled()
  })

  test('another origin’s window, or the parent however it calls itself, never reaches `receive` (control: the own origin does)', () => {
    const { target, parent, receive } = withInbox()
    target.dispatchEvent(event({ name: 'popup' }, 'https://evil.example', { ticket: 't' }))
    target.dispatchEvent(event({ name: 'popup' }, `${FRAME_ORIGIN}.evil.example`, { ticket: 't' }))
    target.dispatchEvent(event(parent, FRAME_ORIGIN, { ticket: 't' }))
    expect(receive).not.toHaveBeenCalled()
    target.dispatchEvent(event({ name: 'popup' }, FRAME_ORIGIN, { ticket: 't' }))
    expect(receive).toHaveBeenCalledOnce()
  })
})
