// @vitest-environment jsdom
/**
 * The gate (`gate.ts`) on the real screen: the whole screen at a readable size, details read to their end,
 * the clock restarted by every change. Visibility itself (IntersectionObserver) is in requestApproval.test.ts.
 */
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { ApprovalDetails } from './details.ts'
import { MIN_DETAILS_HEIGHT, MIN_VIEWPORT, watchGate } from './gate.ts'
import {
  ACCOUNT,
  ask,
  BASE,
  button,
  click,
  clickOnly,
  disabled,
  dispatchTrusted,
  eventTypes,
  hint,
  installApprovalBrowser,
  io,
  MESSAGE,
  press,
  ROOMY,
  resized,
  scrollDetails,
  setLayout,
  stateNow,
} from './testApprovals.ts'

installApprovalBrowser()
beforeEach(() => vi.useFakeTimers())

const TYPED: ApprovalDetails = {
  ...BASE,
  method: 'eth_signTypedData_v4',
  kind: 'typedData',
  domain: { name: 'Permit', chainId: 31337 },
  primaryType: 'Permit',
  message: { owner: ACCOUNT, value: '1' },
}

/** Shows `details` and plays the browser seeing the screen unobscured; returns the request. */
function shown(details: ApprovalDetails = MESSAGE) {
  const asked = ask(details)
  io().report()
  return asked
}

/** Waits `ms` and tells whether Approve is usable then. */
async function usableAfter(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
  return !disabled('Approve')
}

describe('the whole screen at a readable size', () => {
  test('default: the SDK’s slot (318 × 438, details fitting): usable after 1000 ms, no hint', async () => {
    shown()
    expect(await usableAfter(999)).toBe(false)
    expect(await usableAfter(1)).toBe(true)
    expect(hint()).toBe('')
  })

  test('behavior: a frame sized to show only the buttons never opens the gate, and says it is too small', async () => {
    // What a page that crops the iframe to its buttons gives the screen: a viewport as high as the buttons.
    setLayout({ height: 76, details: 0, buttonsBottom: 60 })
    const { answer } = shown()
    expect(await usableAfter(5000)).toBe(false)
    expect(hint()).toBe('Too small to show the whole request')
    click(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
    // Given its size back, it opens a full second after the resize.
    setLayout({})
    resized()
    expect(hint()).toBe('')
    expect(await usableAfter(999)).toBe(false)
    expect(await usableAfter(1)).toBe(true)
  })

  test('behavior: each of the readable minimums on its own keeps the gate shut', async () => {
    const cases = [
      { width: MIN_VIEWPORT.width - 1 },
      { height: MIN_VIEWPORT.height - 1 },
      { details: MIN_DETAILS_HEIGHT - 1 },
      // The buttons partly below the viewport (fonts too large for it, say).
      { buttonsBottom: ROOMY.height + 10 },
    ]
    for (const layout of cases) {
      setLayout(layout)
      const { controller } = shown()
      expect(await usableAfter(3000), JSON.stringify(layout)).toBe(false)
      expect(hint()).toBe('Too small to show the whole request')
      controller.abort()
    }
    // The minimums themselves are readable.
    setLayout({
      width: MIN_VIEWPORT.width,
      height: MIN_VIEWPORT.height,
      details: MIN_DETAILS_HEIGHT,
      content: MIN_DETAILS_HEIGHT,
      buttonsBottom: MIN_VIEWPORT.height,
    })
    shown()
    expect(await usableAfter(1000)).toBe(true)
  })

  test('behavior: shrunk after it opened, the gate closes at once', async () => {
    shown()
    expect(await usableAfter(1000)).toBe(true)
    setLayout({ height: 80, details: 4, buttonsBottom: 64 })
    resized()
    expect(disabled('Approve')).toBe(true)
    expect(await usableAfter(5000)).toBe(false)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])
  })

  test('behavior: every resize restarts the clock, a window’s or the screen’s', async () => {
    shown()
    await vi.advanceTimersByTimeAsync(900)
    window.dispatchEvent(new Event('resize'))
    expect(await usableAfter(900)).toBe(false)
    resized()
    expect(await usableAfter(999)).toBe(false)
    expect(await usableAfter(1)).toBe(true)
  })
})

describe('the screen moved under the pointer', () => {
  /** A pointer event on the screen at `screen` on the device's screen and `client` in the frame. */
  function pointerAt(
    type: 'pointermove' | 'pointerdown',
    screenX: number,
    screenY: number,
    client: [number, number],
  ) {
    const [clientX, clientY] = client
    const target = button('Approve')
    dispatchTrusted(target, new PointerEvent(type, { bubbles: true, screenX, screenY, clientX, clientY }))
  }

  test('behavior: the pointer resting while the screen moves under it restarts the clock; the pointer moving does not', async () => {
    shown()
    expect(await usableAfter(1000)).toBe(true)
    pointerAt('pointermove', 700, 500, [250, 400])
    pointerAt('pointermove', 640, 470, [190, 370])
    expect(await usableAfter(0)).toBe(true)
    // Moved less than 10 px (the SDK's modal rising as it opens): not a move that counts.
    pointerAt('pointermove', 640, 470, [190, 378])
    expect(await usableAfter(0)).toBe(true)
    pointerAt('pointermove', 640, 470, [190, 370])
    // The page moves the iframe 60 px up: the pointer has not moved, its place in the frame has.
    pointerAt('pointermove', 640, 470, [190, 430])
    expect(disabled('Approve')).toBe(true)
    expect(await usableAfter(999)).toBe(false)
    expect(await usableAfter(1)).toBe(true)
  })

  test('behavior: a press where the screen moved under the resting pointer since its last move does not approve', async () => {
    const { answer } = shown()
    expect(await usableAfter(1000)).toBe(true)
    pointerAt('pointermove', 640, 470, [190, 370])
    pointerAt('pointerdown', 640, 470, [190, 430])
    clickOnly(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
    expect(disabled('Approve')).toBe(true)
    // A second later, a press where it now is approves.
    await vi.advanceTimersByTimeAsync(1000)
    pointerAt('pointerdown', 640, 470, [190, 430])
    clickOnly(button('Approve'))
    await expect(answer).resolves.toBeUndefined()
  })
})

describe('details longer than the screen', () => {
  const LONG = { details: 200, content: 900 }

  test('default: typed data that does not fit — disabled, with a hint, until scrolled to the end; then 1000 ms', async () => {
    setLayout(LONG)
    const { answer } = shown(TYPED)
    expect(hint()).toBe('Scroll to the end to review everything')
    expect(await usableAfter(5000)).toBe(false)
    click(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
    // Part of the way is not enough.
    scrollDetails(600)
    expect(await usableAfter(5000)).toBe(false)
    scrollDetails('end')
    expect(hint()).toBe('')
    expect(await usableAfter(999)).toBe(false)
    expect(await usableAfter(1)).toBe(true)
    // Scrolling back up afterwards changes nothing: the end was seen.
    scrollDetails(0)
    expect(await usableAfter(0)).toBe(true)
    click(button('Approve'))
    await expect(answer).resolves.toBeUndefined()
  })

  test('behavior: the same for calls and for a long message; short content that fits needs no scroll', async () => {
    const CALLS: ApprovalDetails = {
      ...BASE,
      method: 'eth_sendTransaction',
      kind: 'calls',
      calls: [{ to: ACCOUNT, value: '0', decoded: { kind: 'unknown', data: '0x12345678' } }],
      fee: null,
    }
    for (const details of [CALLS, MESSAGE, TYPED]) {
      setLayout(LONG)
      const long = shown(details)
      expect(await usableAfter(3000), details.kind).toBe(false)
      scrollDetails('end')
      expect(await usableAfter(1000), details.kind).toBe(true)
      long.controller.abort()
      setLayout({})
      const short = shown(details)
      expect(hint()).toBe('')
      expect(await usableAfter(1000), details.kind).toBe(true)
      short.controller.abort()
    }
  })

  test('behavior: seen whole at one size, then shrunk so that it overflows: the end must be scrolled to', async () => {
    // A page that shows everything for a moment, then crops the screen to its top.
    shown(TYPED)
    await vi.advanceTimersByTimeAsync(500)
    setLayout(LONG)
    resized()
    expect(hint()).toBe('Scroll to the end to review everything')
    expect(await usableAfter(5000)).toBe(false)
    scrollDetails('end')
    expect(await usableAfter(1000)).toBe(true)
  })

  test('behavior: the details take focus, so keys scroll them (End, Page Down are the browser’s own)', async () => {
    setLayout(LONG)
    shown(TYPED)
    const details = document.querySelector<HTMLElement>('.kfa-body')!
    expect(document.activeElement).toBe(details)
    // The screen claims none of the scrolling keys for itself: their default (scrolling) goes ahead.
    for (const key of ['End', 'PageDown', 'ArrowDown', ' ']) expect(press(key), key).toBe(false)
    scrollDetails('end')
    expect(await usableAfter(1000)).toBe(true)
  })
})

describe('watchGate', () => {
  test('behavior: the visibility source can be swapped (a popup’s); each report restarts the clock', async () => {
    const screen = document.createElement('section')
    const body = document.createElement('div')
    body.className = 'kfa-body'
    const approve = document.createElement('div')
    const actions = document.createElement('div')
    screen.className = 'kfa'
    actions.className = 'kfa-actions'
    actions.append(approve)
    screen.append(body, actions)
    document.body.append(screen)
    let report: (visible: boolean) => void = () => {}
    const stopSource = vi.fn()
    const states: boolean[] = []
    const stop = watchGate(
      { root: screen, body, controls: [approve] },
      {
        minMs: 1000,
        visibility: (target, onReport) => {
          expect(target).toBe(screen)
          report = onReport
          return stopSource
        },
        onChange: (open) => void states.push(open),
        onHint: () => {},
      },
    )
    await vi.advanceTimersByTimeAsync(2000)
    expect(states).toEqual([])
    report(true)
    await vi.advanceTimersByTimeAsync(600)
    report(true)
    await vi.advanceTimersByTimeAsync(600)
    expect(states).toEqual([])
    await vi.advanceTimersByTimeAsync(400)
    expect(states).toEqual([true])
    report(false)
    expect(states).toEqual([true, false])
    stop()
    expect(stopSource).toHaveBeenCalledTimes(1)
  })
})
