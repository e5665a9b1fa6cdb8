import { expect } from 'vitest'

/**
 * How the iframe is drawn (`ui/views/frameSlot.ts`): shown over a view's box, parked where it was shown
 * (drawn but inert) or hidden. Fails on a mix of them, e.g. a hidden or shown frame left inert.
 */
export function frameState(iframe: HTMLIFrameElement): 'shown' | 'parked' | 'hidden' {
  const { style } = iframe
  const inert = {
    pointerEvents: style.pointerEvents,
    tabindex: iframe.getAttribute('tabindex'),
    ariaHidden: iframe.getAttribute('aria-hidden'),
  }
  const live = { pointerEvents: '', tabindex: null, ariaHidden: null }
  if (style.display === 'none') {
    expect(inert, 'hidden frame').toEqual(live)
    return 'hidden'
  }
  expect(style.display).toBe('block')
  if (style.pointerEvents !== 'none') {
    expect(inert, 'shown frame').toEqual(live)
    return 'shown'
  }
  const parked = { ...inert, clipPath: style.clipPath, borderRadius: style.borderRadius }
  expect(parked, 'parked frame').toEqual({
    pointerEvents: 'none',
    tabindex: '-1',
    ariaHidden: 'true',
    clipPath: '',
    borderRadius: '',
  })
  expect([style.left, style.top, style.width, style.height, style.zIndex], 'parked frame').not.toContain('')
  return 'parked'
}
