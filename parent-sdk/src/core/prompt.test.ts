// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type FakeFrame, FRAME_ORIGIN, installFakeFrames } from '../../test/fakeFrame.ts'
import { startFrame, tick } from '../../test/frameFlow.ts'
import { frameState } from '../../test/frameState.ts'
import { createKeyframe, type Keyframe } from './createKeyframe.ts'
import { getFramePrompt, watchFramePrompt } from './prompt.ts'

const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

/** Where the layout puts the slot and the card (jsdom lays nothing out). */
const layout = {
  slot: new DOMRect(20, 120, 320, 400),
  card: new DOMRect(0, 60, 360, 560),
}

function create() {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: `${FRAME_ORIGIN}/frame`,
    networks: [{ id: 31337, name: 'Anvil' }],
    storage: null,
  })
  instances.push(kf)
  return kf
}

async function setup() {
  const kf = create()
  const frame = await startFrame(kf, frames)
  const client = await kf.frame()
  return { kf, frame, client, iframe: client.element()! }
}

const shadow = () => document.querySelector('[data-keyframe-modal]')?.shadowRoot ?? null
const dialog = () => shadow()?.querySelector<HTMLElement>('[role="dialog"]') ?? null
const slot = () => shadow()?.querySelector<HTMLElement>('.kf-frame-slot') ?? null
const buttonNames = () =>
  [...(shadow()?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('aria-label') ?? b.textContent)

/** Plays the frame asking for a passphrase, and waits for the modal to show it. */
async function requestPrompt(frame: FakeFrame, kind = 'enter_passphrase') {
  frame.emit('PROMPT_REQUESTED', { kind })
  await vi.waitFor(() => {
    if (!slot()) throw new Error('no FramePrompt view yet')
  }, 5000)
  await tick()
}

beforeEach(() => {
  frames = installFakeFrames()
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('kf-frame-slot')) return layout.slot
    if (this.classList.contains('kf-card')) return layout.card
    return new DOMRect()
  })
  // The slot's 1 px border: the frame goes over the inside of it.
  const inner = { clientLeft: 1, clientTop: 1, clientWidth: -2, clientHeight: -2 }
  for (const [name, delta] of Object.entries(inner)) {
    vi.spyOn(HTMLElement.prototype, name as 'clientLeft', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (!this.classList.contains('kf-frame-slot')) return 0
      if (name === 'clientWidth') return layout.slot.width + delta
      if (name === 'clientHeight') return layout.slot.height + delta
      return delta
    })
  }
})
afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  await tick()
  frames.restore()
  vi.restoreAllMocks()
  layout.slot = new DOMRect(20, 120, 320, 400)
  document.body.innerHTML = ''
})

describe('PROMPT_REQUESTED', () => {
  test('default: opens the modal on FramePrompt and shows the frame over its box, on top, focused', async () => {
    const { kf, frame, iframe } = await setup()
    expect(frameState(iframe)).toBe('hidden')
    await requestPrompt(frame)
    expect(kf.getState()).toMatchObject({ open: true, view: 'FramePrompt', history: ['FramePrompt'] })
    expect(getFramePrompt(kf)).toEqual({ open: true, kind: 'enter_passphrase', iframe })
    const title = shadow()!.getElementById(dialog()!.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Recovery passphrase')
    expect(dialog()!.textContent).toContain(
      'Type it in the secure Keyframe window below. This site cannot see it.',
    )
    // No Back: the frame's Cancel is the way out. Close still works.
    expect(buttonNames()).toEqual(['Close'])
    // The frame lives outside the dialog: aria-modal would hide it from assistive technology.
    expect(dialog()!.hasAttribute('aria-modal')).toBe(false)
    expect(iframe.style.cssText).toMatchInlineSnapshot(
      `"display: block; position: fixed; color-scheme: normal; border: 0px; z-index: 2147483647; border-radius: 11px; left: 21px; top: 121px; width: 318px; height: 398px;"`,
    )
    expect(frameState(iframe)).toBe('shown')
    expect(document.activeElement).toBe(iframe)
    // Still the same iframe, where it was: moving it would reload the frame.
    expect(iframe.parentElement).toBe(document.body)
  })

  test('parameters: kind enter_code (a mailed code before a signature) — the title says so; the frame is shown the same', async () => {
    const { kf, frame, iframe } = await setup()
    await requestPrompt(frame, 'enter_code')
    expect(getFramePrompt(kf)).toEqual({ open: true, kind: 'enter_code', iframe })
    const title = shadow()!.getElementById(dialog()!.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe("Confirm it's you")
    expect(frameState(iframe)).toBe('shown')
  })

  test('behavior: the box fully inside the card: no clip-path at all (IntersectionObserver v2 counts one)', async () => {
    const { frame, iframe } = await setup()
    await requestPrompt(frame)
    expect(iframe.style.clipPath).toBe('')
    layout.slot = new DOMRect(20, 300, 320, 400)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.clipPath).toBe('inset(0px 0px 79px 0px)')
    layout.slot = new DOMRect(20, 120, 320, 400)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.clipPath).toBe('')
  })

  test('behavior: over another view, that view stays mounted (its request goes on) and comes back', async () => {
    const { kf, frame, iframe } = await setup()
    await kf.open()
    const input = shadow()!.querySelector('input')!
    input.value = 'ada@example.com'
    await requestPrompt(frame, 'create_passphrase')
    expect(kf.getState()).toMatchObject({ view: 'FramePrompt', history: ['Connect', 'FramePrompt'] })
    expect(input.isConnected).toBe(true)
    expect(input.closest('[hidden]')).not.toBeNull()
    expect(frameState(iframe)).toBe('shown')

    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect', history: ['Connect'] })
    expect(shadow()!.querySelector('input')).toBe(input)
    expect(input.value).toBe('ada@example.com')
    expect(input.closest('[hidden]')).toBeNull()
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: a second PROMPT_REQUESTED while shown changes nothing', async () => {
    const { kf, frame } = await setup()
    await requestPrompt(frame)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    await tick()
    expect(kf.getState().history).toEqual(['FramePrompt'])
  })
})

describe('PROMPT_CLOSED', () => {
  test('default: parks the frame and closes the modal opened for the prompt', async () => {
    const { kf, frame, iframe } = await setup()
    await requestPrompt(frame)
    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(kf.getState().open).toBe(false)
    expect(getFramePrompt(kf)).toEqual({ open: false })
    expect(frameState(iframe)).toBe('parked')
    expect(iframe.style.cssText).toMatchInlineSnapshot(
      `"display: block; position: fixed; color-scheme: normal; border: 0px; z-index: 2147483647; left: 21px; top: 121px; width: 318px; height: 398px; pointer-events: none;"`,
    )
  })

  test('behavior: closed before the modal is up (UI chunk loading): the modal does not stay on it', async () => {
    const { kf, frame } = await setup()
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    frame.emit('PROMPT_CLOSED', {})
    await vi.waitFor(() => expect(kf.getState().view).toBe('FramePrompt'), 5000)
    await tick()
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: a frame that reloads (READY) closes its prompt', async () => {
    const { kf, frame, iframe } = await setup()
    await requestPrompt(frame)
    frame.ready()
    await tick()
    expect(getFramePrompt(kf).open).toBe(false)
    expect(kf.getState().open).toBe(false)
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: watchFramePrompt hears open and close; unsubscribe stops it', async () => {
    const { kf, frame } = await setup()
    const onChange = vi.fn()
    const unwatch = watchFramePrompt(kf, { onChange })
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    frame.emit('PROMPT_CLOSED', {})
    expect(onChange).toHaveBeenCalledTimes(2)
    unwatch()
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})

describe('closing the modal during a prompt', () => {
  test('behavior: the frame is hidden, the prompt stays open; opening the modal again shows it again', async () => {
    const { kf, frame, iframe, client } = await setup()
    await requestPrompt(frame)
    kf.close()
    await tick()
    // Hidden, not parked: the prompt is still up in the frame, and must not show without the modal.
    expect(frameState(iframe)).toBe('hidden')
    expect(getFramePrompt(kf).open).toBe(true)
    // The frame still waits for the person: no timeout runs.
    expect(client.isPrompting()).toBe(true)

    await kf.open()
    await tick()
    expect(kf.getState()).toMatchObject({ view: 'FramePrompt', history: ['Connect', 'FramePrompt'] })
    expect(frameState(iframe)).toBe('shown')

    // The person cancels in the frame: back to where the modal was opened.
    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' })
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: the frame stays hidden until the frame closes the prompt, then is parked where it was shown', async () => {
    const { kf, frame, iframe } = await setup()
    await requestPrompt(frame)
    kf.close()
    await tick()
    expect(frameState(iframe)).toBe('hidden')

    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(kf.getState().open).toBe(false)
    expect(frameState(iframe)).toBe('parked')
    const { left, top, width, height } = iframe.style
    expect([left, top, width, height]).toEqual(['21px', '121px', '318px', '398px'])
  })

  test('behavior: the open modal sent to another view during a prompt shows it again on top', async () => {
    const { kf, frame, iframe } = await setup()
    await requestPrompt(frame)
    await kf.open({ view: 'Account' })
    await tick()
    expect(kf.getState()).toMatchObject({ view: 'FramePrompt', history: ['Account', 'FramePrompt'] })
    expect(frameState(iframe)).toBe('shown')
  })

  test('behavior: opening the modal with no prompt open does not show FramePrompt', async () => {
    const { kf } = await setup()
    await kf.open()
    await tick()
    expect(kf.getState().history).toEqual(['Connect'])
  })
})

describe('the frame between prompts (parked)', () => {
  test('behavior: closed, the frame stays over the box it was shown over: square, unclipped, no pointer events, out of the tab order, hidden from assistive technology', async () => {
    const { frame, iframe } = await setup()
    await requestPrompt(frame)
    expect(iframe.style.borderRadius).toBe('11px')
    // Partly scrolled out of the card: clipped while shown.
    layout.slot = new DOMRect(20, 300, 320, 400)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.clipPath).toBe('inset(0px 0px 79px 0px)')

    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(frameState(iframe)).toBe('parked')
    const { left, top, width, height, zIndex } = iframe.style
    expect({ left, top, width, height, zIndex }).toEqual({
      left: '21px',
      top: '301px',
      width: '318px',
      height: '398px',
      zIndex: '2147483647',
    })
    // Neither counts against an approval screen shown next (IntersectionObserver v2).
    expect(iframe.style.borderRadius).toBe('')
    expect(iframe.style.clipPath).toBe('')
    expect(iframe.style.pointerEvents).toBe('none')
    expect(iframe.tabIndex).toBe(-1)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
  })

  test('behavior: shown again for the next prompt, it is rounded, interactive and focused again', async () => {
    const { frame, iframe } = await setup()
    await requestPrompt(frame)
    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(frameState(iframe)).toBe('parked')
    const elsewhere = document.body.appendChild(document.createElement('button'))
    elsewhere.focus()

    await requestPrompt(frame, 'enter_code')
    expect(frameState(iframe)).toBe('shown')
    expect(iframe.style.borderRadius).toBe('11px')
    expect(iframe.style.pointerEvents).toBe('')
    expect(iframe.hasAttribute('tabindex')).toBe(false)
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    expect(document.activeElement).toBe(iframe)
  })
})

describe('placement', () => {
  test('behavior: follows the box on resize and on scrolls inside the modal; clips what the card hides', async () => {
    const { frame, iframe } = await setup()
    await requestPrompt(frame)
    layout.slot = new DOMRect(30, 200, 320, 400)
    window.dispatchEvent(new Event('resize'))
    expect([iframe.style.left, iframe.style.top]).toEqual(['31px', '201px'])
    // Scrolled inside the card: 79 px of the frame (301 + 398) are below the card's bottom edge (620).
    layout.slot = new DOMRect(20, 300, 320, 400)
    slot()!.closest('.kf-card')!.dispatchEvent(new Event('scroll'))
    expect(iframe.style.top).toBe('301px')
    expect(iframe.style.clipPath).toBe('inset(0px 0px 79px 0px)')
  })

  test('behavior: Tab into the box moves focus into the frame', async () => {
    const { frame, iframe } = await setup()
    await requestPrompt(frame)
    ;(shadow()!.querySelector('button') as HTMLButtonElement).focus()
    expect(slot()!.tabIndex).toBe(0)
    slot()!.focus()
    expect(document.activeElement).toBe(iframe)
  })

  test('behavior: destroy() during a prompt removes the frame and leaves no listener', async () => {
    const { kf, frame } = await setup()
    await requestPrompt(frame)
    const removed = vi.spyOn(window, 'removeEventListener')
    kf.destroy()
    await tick()
    expect(document.querySelector('iframe')).toBeNull()
    expect(removed.mock.calls.map(([type]) => type)).toEqual(
      expect.arrayContaining(['scroll', 'animationend', 'resize']),
    )
  })
})
