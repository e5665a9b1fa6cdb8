import { describe, expect, test } from 'vitest'
import { needsApprovalPopup } from './engine.ts'

class Observer {}
/** A window as the engine check sees it: embedded or not, with IntersectionObserver v1 or v2. */
function windowLike({ embedded, v2 }: { embedded: boolean; v2: boolean }): Window & typeof globalThis {
  const entry = { prototype: v2 ? { isVisible: false } : {} }
  const win = { IntersectionObserver: Observer, IntersectionObserverEntry: entry } as unknown as Window &
    typeof globalThis
  Object.assign(win, { parent: embedded ? ({} as Window) : win })
  return win
}

describe('needsApprovalPopup', () => {
  test('behavior: a frame in a page, in an engine without IntersectionObserver v2 (Firefox, Safari): the popup', () => {
    expect(needsApprovalPopup(windowLike({ embedded: true, v2: false }))).toBe(true)
  })

  test('behavior: a frame in a page, in Chromium (v2 proves the screen unobscured): the screen in place', () => {
    expect(needsApprovalPopup(windowLike({ embedded: true, v2: true }))).toBe(false)
  })

  test('behavior: a top-level document (the popup itself) approves in place in any engine', () => {
    expect(needsApprovalPopup(windowLike({ embedded: false, v2: false }))).toBe(false)
  })
})
