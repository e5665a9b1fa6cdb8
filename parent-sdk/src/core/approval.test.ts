// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type FakeFrame, FRAME_ORIGIN, installFakeFrames } from '../../test/fakeFrame.ts'
import { startFrame, tick } from '../../test/frameFlow.ts'
import { frameState } from '../../test/frameState.ts'
import { awaitApproval, getApproval, watchApproval } from './approval.ts'
import { createKeyframe, type Keyframe } from './createKeyframe.ts'
import { getFramePrompt } from './prompt.ts'

const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

/** Where the layout puts the slot and the card (jsdom lays nothing out). */
const layout = {
  slot: new DOMRect(20, 120, 320, 440),
  card: new DOMRect(0, 60, 360, 600),
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
const slot = () => shadow()?.querySelector<HTMLElement>('[data-testid="kf-approve-slot"]') ?? null
const buttonNames = () =>
  [...(shadow()?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('aria-label') ?? b.textContent)

/** Plays the frame showing its approval screen for request `id`, and waits for the modal to show it. */
async function requestApproval(frame: FakeFrame, id: string = crypto.randomUUID(), method = 'personal_sign') {
  frame.emit('APPROVAL_REQUESTED', { id, method })
  await vi.waitFor(() => {
    if (!slot()) throw new Error('no ApproveTransaction view yet')
  }, 5000)
  await tick()
  return id
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
  layout.slot = new DOMRect(20, 120, 320, 440)
  document.body.innerHTML = ''
})

describe('APPROVAL_REQUESTED', () => {
  test('default: opens the modal on ApproveTransaction with the frame over its box, unclipped, focused', async () => {
    const { kf, frame, iframe, client } = await setup()
    expect(frameState(iframe)).toBe('hidden')
    const id = await requestApproval(frame)
    expect(kf.getState()).toMatchObject({
      open: true,
      view: 'ApproveTransaction',
      history: ['ApproveTransaction'],
    })
    expect(getApproval(kf)).toEqual({ open: true, id, method: 'personal_sign', iframe, queued: 0 })
    const title = shadow()!.getElementById(dialog()!.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Approve transaction')
    expect(dialog()!.textContent).toContain(
      'Review the request in the secure Keyframe window below, then approve or reject it.',
    )
    // No Back: the frame's Reject is the way out. Close still works.
    expect(buttonNames()).toEqual(['Close'])
    expect(dialog()!.hasAttribute('aria-modal')).toBe(false)
    // Fully visible to IntersectionObserver v2: no clip-path, rounded corners, transform, opacity or filter
    // on the frame, and its parent is the page's body, not the animated modal.
    expect(iframe.style.cssText).toMatchInlineSnapshot(
      `"display: block; position: fixed; color-scheme: normal; border: 0px; z-index: 2147483647; left: 21px; top: 121px; width: 318px; height: 438px;"`,
    )
    expect(frameState(iframe)).toBe('shown')
    expect(iframe.parentElement).toBe(document.body)
    expect(document.activeElement).toBe(iframe)
    // The person decides in the frame: no request times out meanwhile.
    expect(client.isApproving()).toBe(true)
  })

  test('behavior: over another view, that view stays mounted (its request goes on) and comes back', async () => {
    const { kf, frame, iframe } = await setup()
    await kf.open()
    const input = shadow()!.querySelector('input')!
    input.value = 'ada@example.com'
    const id = await requestApproval(frame)
    expect(kf.getState()).toMatchObject({
      view: 'ApproveTransaction',
      history: ['Connect', 'ApproveTransaction'],
    })
    expect(input.isConnected).toBe(true)
    expect(input.closest('[hidden]')).not.toBeNull()

    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect', history: ['Connect'] })
    expect(input.value).toBe('ada@example.com')
    expect(input.closest('[hidden]')).toBeNull()
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: opened with nothing to approve, the view says so', async () => {
    const { kf } = await setup()
    await kf.open({ view: 'ApproveTransaction' })
    await tick()
    expect(slot()).toBeNull()
    expect(dialog()!.textContent).toContain('There is nothing to approve right now.')
  })
})

describe('awaitApproval (an unsafe request on its way to the frame)', () => {
  test('behavior: the modal opens on ApproveTransaction with the frame already shown; APPROVAL_REQUESTED changes no view', async () => {
    const { kf, frame, iframe } = await setup()
    const { end } = awaitApproval(kf)
    await vi.waitFor(() => expect(slot()).not.toBeNull())
    await tick()
    expect(kf.getState()).toMatchObject({ open: true, history: ['ApproveTransaction'] })
    expect(frameState(iframe)).toBe('shown')
    expect(dialog()!.textContent).not.toContain('There is nothing to approve right now.')
    const id = await requestApproval(frame)
    expect(kf.getState()).toMatchObject({ open: true, history: ['ApproveTransaction'] })
    expect(getApproval(kf)).toEqual({ open: true, id, method: 'personal_sign', iframe, queued: 0 })
    // The frame signs right after an approval: it stays shown until the request's answer (the wait's end).
    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(frameState(iframe)).toBe('shown')
    end()
    await tick()
    expect(kf.getState().open).toBe(false)
    expect(frameState(iframe)).toBe('parked')
    expect(getApproval(kf)).toEqual({ open: false })
  })

  test('behavior: an answer that does not come keeps the frame 500 ms at most after APPROVAL_CLOSED', async () => {
    const { kf, frame, iframe } = await setup()
    const { end } = awaitApproval(kf)
    const id = await requestApproval(frame)
    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(frameState(iframe)).toBe('shown')
    await vi.waitFor(() => expect(kf.getState().open).toBe(false), 2000)
    expect(frameState(iframe)).toBe('parked')
    end()
  })
})

describe('APPROVAL_CLOSED', () => {
  test('default: parks the frame and closes the modal opened for the approval', async () => {
    const { kf, frame, iframe, client } = await setup()
    const id = await requestApproval(frame)
    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(kf.getState().open).toBe(false)
    expect(getApproval(kf)).toEqual({ open: false })
    expect(frameState(iframe)).toBe('parked')
    expect(iframe.style.cssText).toMatchInlineSnapshot(
      `"display: block; position: fixed; color-scheme: normal; border: 0px; z-index: 2147483647; left: 21px; top: 121px; width: 318px; height: 438px; pointer-events: none;"`,
    )
    expect(client.isApproving()).toBe(false)
  })

  test('behavior: the close of another request changes nothing', async () => {
    const { kf, frame, iframe } = await setup()
    await requestApproval(frame)
    frame.emit('APPROVAL_CLOSED', { id: crypto.randomUUID() })
    await tick()
    expect(kf.getState().view).toBe('ApproveTransaction')
    expect(frameState(iframe)).toBe('shown')
  })

  test('behavior: the next approval in the frame’s queue shows after the first closes', async () => {
    const { kf, frame, iframe } = await setup()
    const first = await requestApproval(frame)
    frame.emit('APPROVAL_CLOSED', { id: first })
    const second = crypto.randomUUID()
    frame.emit('APPROVAL_REQUESTED', { id: second, method: 'eth_sendTransaction' })
    await vi.waitFor(() => expect(kf.getState().view).toBe('ApproveTransaction'), 5000)
    await tick()
    expect(getApproval(kf)).toMatchObject({ open: true, id: second, method: 'eth_sendTransaction' })
    expect(frameState(iframe)).toBe('shown')
    frame.emit('APPROVAL_CLOSED', { id: second })
    await tick()
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: closed before the modal is up (UI chunk loading): the modal does not stay on it', async () => {
    const { kf, frame } = await setup()
    const id = crypto.randomUUID()
    frame.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    frame.emit('APPROVAL_CLOSED', { id })
    await vi.waitFor(() => expect(kf.getState().view).toBe('ApproveTransaction'), 5000)
    await tick()
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: a frame that reloads (READY) has no approval open any more', async () => {
    const { kf, frame, iframe } = await setup()
    await requestApproval(frame)
    frame.ready()
    await tick()
    expect(getApproval(kf).open).toBe(false)
    expect(kf.getState().open).toBe(false)
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: watchApproval hears open and close; unsubscribe stops it', async () => {
    const { kf, frame } = await setup()
    const onChange = vi.fn()
    const unwatch = watchApproval(kf, { onChange })
    const id = crypto.randomUUID()
    frame.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    frame.emit('APPROVAL_CLOSED', { id })
    expect(onChange).toHaveBeenCalledTimes(2)
    unwatch()
    frame.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})

describe('the frame between approvals (parked)', () => {
  test('behavior: answered, the frame stays over the box it was shown over, out of the way: no pointer events, out of the tab order, hidden from assistive technology', async () => {
    const { frame, iframe } = await setup()
    const id = await requestApproval(frame)
    // Partly scrolled out of the card: clipped while shown.
    layout.slot = new DOMRect(20, 300, 320, 440)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.clipPath).toBe('inset(0px 0px 79px 0px)')

    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(frameState(iframe)).toBe('parked')
    const { left, top, width, height, zIndex, display } = iframe.style
    expect({ display, left, top, width, height, zIndex }).toEqual({
      display: 'block',
      left: '21px',
      top: '301px',
      width: '318px',
      height: '438px',
      zIndex: '2147483647',
    })
    expect(iframe.style.pointerEvents).toBe('none')
    expect(iframe.tabIndex).toBe(-1)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    // Unclipped: IntersectionObserver v2 would count a clip-path against the next approval screen.
    expect(iframe.style.clipPath).toBe('')
    // It no longer follows the box it was shown over.
    layout.slot = new DOMRect(30, 200, 320, 440)
    window.dispatchEvent(new Event('resize'))
    expect(iframe.style.top).toBe('301px')
  })

  test('behavior: shown again for the next approval, it is interactive again and focused', async () => {
    const { frame, iframe } = await setup()
    const first = await requestApproval(frame)
    frame.emit('APPROVAL_CLOSED', { id: first })
    await tick()
    expect(frameState(iframe)).toBe('parked')
    const elsewhere = document.body.appendChild(document.createElement('button'))
    elsewhere.focus()

    await requestApproval(frame)
    expect(frameState(iframe)).toBe('shown')
    expect(iframe.style.pointerEvents).toBe('')
    expect(iframe.hasAttribute('tabindex')).toBe(false)
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    expect(document.activeElement).toBe(iframe)
  })
})

// An approval on screen that no request of this instance awaits (no `awaitApproval`): there is nothing to
// reject here, so the frame alone ends it.
describe('closing the modal during an approval no request awaits', () => {
  test('behavior: the frame is hidden, the approval stays up; opening the modal shows it again', async () => {
    const { kf, frame, iframe, client } = await setup()
    const id = await requestApproval(frame)
    kf.close()
    await tick()
    // Hidden, not parked: the approval screen is still up in the frame, and must not show without the modal.
    expect(frameState(iframe)).toBe('hidden')
    expect(getApproval(kf).open).toBe(true)
    expect(client.isApproving()).toBe(true)

    await kf.open()
    await tick()
    expect(kf.getState()).toMatchObject({
      view: 'ApproveTransaction',
      history: ['Connect', 'ApproveTransaction'],
    })
    expect(frameState(iframe)).toBe('shown')

    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' })
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: the frame stays hidden until the frame closes the approval, then is parked where it was shown', async () => {
    const { kf, frame, iframe } = await setup()
    const id = await requestApproval(frame)
    kf.close()
    await tick()
    expect(frameState(iframe)).toBe('hidden')
    // A late word about another approval leaves this one up: still hidden.
    frame.emit('APPROVAL_CLOSED', { id: crypto.randomUUID() })
    await tick()
    expect(frameState(iframe)).toBe('hidden')

    frame.emit('APPROVAL_CLOSED', { id })
    await tick()
    expect(kf.getState().open).toBe(false)
    expect(frameState(iframe)).toBe('parked')
    const { left, top, width, height } = iframe.style
    expect([left, top, width, height]).toEqual(['21px', '121px', '318px', '438px'])
  })
})

describe('with a prompt', () => {
  test('behavior: one frame view at a time — a prompt asked during an approval shows once it closes', async () => {
    const { kf, frame, iframe } = await setup()
    const id = await requestApproval(frame)
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    await tick()
    expect(kf.getState().history).toEqual(['ApproveTransaction'])

    frame.emit('APPROVAL_CLOSED', { id })
    await vi.waitFor(() => expect(kf.getState().view).toBe('FramePrompt'), 5000)
    await tick()
    expect(getFramePrompt(kf).open).toBe(true)
    expect(frameState(iframe)).toBe('shown')
    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(kf.getState().open).toBe(false)
    expect(frameState(iframe)).toBe('parked')
  })

  test('behavior: hidden during a prompt, shown again by an awaited approval: the prompt closing does not park it under the view', async () => {
    const { kf, frame, iframe } = await setup()
    frame.emit('PROMPT_REQUESTED', { kind: 'enter_passphrase' })
    await vi.waitFor(() => expect(kf.getState().view).toBe('FramePrompt'), 5000)
    await tick()
    kf.close()
    await tick()
    expect(frameState(iframe)).toBe('hidden')
    // An unsafe request on its way: the modal opens on ApproveTransaction, which shows the frame again.
    const { end } = awaitApproval(kf)
    await vi.waitFor(() => expect(slot()).not.toBeNull())
    await tick()
    expect(frameState(iframe)).toBe('shown')

    // The frame's screen goes while the view shows it: the park that waited for this was cancelled.
    frame.emit('PROMPT_CLOSED', {})
    await tick()
    expect(kf.getState().view).toBe('ApproveTransaction')
    expect(frameState(iframe)).toBe('shown')
    end()
    await tick()
    expect(frameState(iframe)).toBe('parked')
  })
})

describe('closing the modal before deciding (issue 15)', () => {
  const ways = {
    Escape: () =>
      dialog()!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      ),
    'the close button': () =>
      [...shadow()!.querySelectorAll('button')]
        .find((b) => b.getAttribute('aria-label') === 'Close')!
        .click(),
    'the backdrop': () => {
      const overlay = shadow()!.querySelector<HTMLElement>('.kf-overlay')!
      overlay.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
      overlay.click()
    },
  }

  for (const [way, close] of Object.entries(ways)) {
    test(`behavior: ${way} dismisses the request awaiting its approval, at once`, async () => {
      const { kf, frame } = await setup()
      const dismiss = vi.fn()
      const wait = awaitApproval(kf, dismiss)
      const id = await requestApproval(frame)
      wait.sent(id)
      close()
      expect(kf.getState().open).toBe(false)
      expect(dismiss).toHaveBeenCalledTimes(1)
      wait.end()
    })
  }

  test('control: the frame ending the approval leaves the view (the modal closes) without dismissing anything', async () => {
    const { kf, frame } = await setup()
    const dismiss = vi.fn()
    const wait = awaitApproval(kf, dismiss)
    const id = await requestApproval(frame)
    wait.sent(id)
    frame.emit('APPROVAL_CLOSED', { id })
    wait.end()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(dismiss).not.toHaveBeenCalled()
  })
})
