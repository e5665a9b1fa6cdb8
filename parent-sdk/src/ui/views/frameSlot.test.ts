// @vitest-environment jsdom
// The iframe's three states (shown, parked, hidden) as placeFrameOver leaves them, against a fake frame screen.
import { afterEach, describe, expect, test } from 'vitest'
import { frameState } from '../../../test/frameState.ts'
import { createIframe } from '../../frame/createIframe.ts'
import { type FrameScreen, placeFrameOver } from './frameSlot.ts'

/** The frame's own screen (an approval, a prompt), opened and closed by the test; its watchers are counted. */
function fakeScreen(showing: boolean) {
  const watchers = new Set<() => void>()
  const screen: FrameScreen = {
    showing: () => showing,
    watch(onChange) {
      watchers.add(onChange)
      return () => void watchers.delete(onChange)
    },
  }
  const set = (value: boolean) => {
    showing = value
    for (const watcher of [...watchers]) watcher()
  }
  return { screen, set, watchers }
}

/** An iframe as the frame client makes it, and a box inside a card (jsdom lays nothing out). */
function setup() {
  const iframe = document.body.appendChild(createIframe())
  const card = document.body.appendChild(document.createElement('div'))
  card.className = 'kf-card'
  const box = card.appendChild(document.createElement('div'))
  const rects = { box: new DOMRect(20, 120, 320, 400), card: new DOMRect(0, 60, 360, 560) }
  box.getBoundingClientRect = () => rects.box
  card.getBoundingClientRect = () => rects.card
  Object.defineProperties(box, {
    clientWidth: { get: () => rects.box.width },
    clientHeight: { get: () => rects.box.height },
  })
  return { iframe, box, rects }
}

const place = (iframe: HTMLIFrameElement) => {
  const { left, top, width, height, zIndex } = iframe.style
  return { left, top, width, height, zIndex }
}
const OVER_BOX = { left: '20px', top: '120px', width: '320px', height: '400px', zIndex: '2147483647' }

afterEach(() => {
  document.body.innerHTML = ''
})

describe('placeFrameOver', () => {
  test('default: hidden before; shown over the box, rounded; left with no screen of the frame up, parked there', () => {
    const { iframe, box } = setup()
    const { screen, watchers } = fakeScreen(false)
    expect(frameState(iframe)).toBe('hidden')

    const leave = placeFrameOver(iframe, box, { screen })
    expect(frameState(iframe)).toBe('shown')
    expect(place(iframe)).toEqual(OVER_BOX)
    expect(iframe.style.borderRadius).toBe('11px')

    leave()
    expect(frameState(iframe)).toBe('parked')
    expect(place(iframe)).toEqual(OVER_BOX)
    // Nothing to wait for.
    expect(watchers.size).toBe(0)
  })

  test('parameters: rounded false — square while shown', () => {
    const { iframe, box } = setup()
    const { screen } = fakeScreen(false)
    placeFrameOver(iframe, box, { rounded: false, screen })
    expect(frameState(iframe)).toBe('shown')
    expect(iframe.style.borderRadius).toBe('')
  })

  test('behavior: clipped while shown, parked unclipped; parked, it no longer follows the box', () => {
    const { iframe, box, rects } = setup()
    const { screen } = fakeScreen(false)
    const leave = placeFrameOver(iframe, box, { screen })
    rects.box = new DOMRect(20, 300, 320, 400)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.clipPath).toBe('inset(0px 0px 80px 0px)')

    leave()
    expect(frameState(iframe)).toBe('parked')
    expect(iframe.style.top).toBe('300px')
    rects.box = new DOMRect(20, 120, 320, 400)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.top).toBe('300px')
  })

  test('behavior: left while the frame shows a screen, hidden in place until that screen is gone, then parked', () => {
    const { iframe, box } = setup()
    const { screen, set, watchers } = fakeScreen(true)
    placeFrameOver(iframe, box, { screen })()
    // Its screen must not show without the modal around it.
    expect(frameState(iframe)).toBe('hidden')
    expect(place(iframe)).toEqual(OVER_BOX)
    set(true)
    expect(frameState(iframe)).toBe('hidden')

    set(false)
    expect(frameState(iframe)).toBe('parked')
    expect(place(iframe)).toEqual(OVER_BOX)
    expect(watchers.size).toBe(0)
  })

  test('behavior: shown again before the screen is gone, the wait to park it ends: it stays shown', () => {
    const { iframe, box } = setup()
    const { screen, set, watchers } = fakeScreen(true)
    placeFrameOver(iframe, box, { screen })()
    expect(watchers.size).toBe(1)

    const leave = placeFrameOver(iframe, box, { screen })
    expect(watchers.size).toBe(0)
    set(false)
    expect(frameState(iframe)).toBe('shown')
    leave()
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: left twice with the screen up, one wait at a time', () => {
    const { iframe, box } = setup()
    const { screen, set, watchers } = fakeScreen(true)
    placeFrameOver(iframe, box, { screen })()
    placeFrameOver(iframe, box, { screen })()
    expect(watchers.size).toBe(1)
    expect(frameState(iframe)).toBe('hidden')
    set(false)
    expect(frameState(iframe)).toBe('parked')
    expect(watchers.size).toBe(0)
  })

  test('behavior: shown again after being parked, interactive again', () => {
    const { iframe, box } = setup()
    const { screen } = fakeScreen(false)
    placeFrameOver(iframe, box, { screen })()
    expect(frameState(iframe)).toBe('parked')

    placeFrameOver(iframe, box, { screen })
    expect(frameState(iframe)).toBe('shown')
    expect(iframe.style.pointerEvents).toBe('')
    expect(iframe.hasAttribute('tabindex')).toBe(false)
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    expect(iframe.style.borderRadius).toBe('11px')
  })
})
