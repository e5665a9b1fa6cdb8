// @vitest-environment jsdom
import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  ask,
  button,
  click,
  installApprovalBrowser,
  MESSAGE,
  press,
  provide,
  stateNow,
} from '../approve/testApprovals.ts'
import { POPUP_PATH, showPopupApproval } from './launcher.ts'

installApprovalBrowser()

/** A popup window as the frame sees it: what was posted to it, and its closing. */
type FakePopup = {
  closed: boolean
  posts: { data: unknown; targetOrigin: string; port: MessagePort }[]
  postMessage(data: unknown, targetOrigin: string, transfer: MessagePort[]): void
  focus(): void
  close(): void
}

const ports: MessagePort[] = []
afterEach(() => {
  for (const port of ports.splice(0)) port.close()
  vi.restoreAllMocks()
})

function fakePopup(): FakePopup {
  return {
    closed: false,
    posts: [],
    postMessage(data, targetOrigin, [port]) {
      ports.push(port as MessagePort)
      this.posts.push({ data, targetOrigin, port: port as MessagePort })
    },
    focus: vi.fn(),
    close() {
      this.closed = true
    },
  }
}

/** `window.open` answering with `popup` (null: blocked), recorded. */
function stubOpen(popup: FakePopup | null) {
  return vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
}

function launch() {
  const handlers = { approve: vi.fn(), reject: vi.fn() }
  const shown = showPopupApproval(document, MESSAGE, handlers)
  return { handlers, shown }
}

/** Lets posted port messages arrive (they cross a real MessageChannel). */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20))
const status = () => document.querySelector('[role="status"], [role="alert"]')

describe('the frame: an approval in a popup (Firefox, Safari)', () => {
  test('behavior: the frame shows the summary and "Review in a new window", never an Approve of its own', () => {
    launch()
    expect(document.querySelector('h1')?.textContent).toBe('Sign message')
    expect(document.body.textContent).toContain(MESSAGE.origin)
    expect(button('Review in a new window')).toBeTruthy()
    expect(() => button('Approve')).toThrow()
  })

  test("behavior: a person's press opens the frame origin's /approve and offers the request at exactly that origin", async () => {
    const popup = fakePopup()
    const open = stubOpen(popup)
    const { handlers, shown } = launch()
    click(button('Review in a new window'))
    expect(open).toHaveBeenCalledWith(
      `${location.origin}${POPUP_PATH}`,
      '_blank',
      expect.stringContaining('popup'),
    )
    const [first] = popup.posts
    expect(first?.targetOrigin).toBe(location.origin)
    expect(first?.data).toEqual({ type: 'keyframe:approval', details: MESSAGE, theme: 'dark' })

    first?.port.postMessage({ type: 'ready' })
    await delivered()
    expect(status()?.textContent).toMatch(/Waiting for your decision/)
    first?.port.postMessage({ type: 'decision', approved: true })
    await delivered()
    expect(handlers.approve).toHaveBeenCalledOnce()
    expect(handlers.reject).not.toHaveBeenCalled()
    expect(popup.closed).toBe(true)
    shown.stop()
  })

  test('behavior: a script-made click opens nothing (a page cannot make it either)', () => {
    const open = stubOpen(fakePopup())
    launch()
    button('Review in a new window').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(open).not.toHaveBeenCalled()
  })

  test('behavior: the offer is repeated until the popup document takes it; later offers then stop', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    stubOpen(popup)
    const { shown } = launch()
    click(button('Review in a new window'))
    vi.advanceTimersByTime(250)
    expect(popup.posts.length).toBe(3)
    popup.posts[2]?.port.postMessage({ type: 'ready' })
    vi.useRealTimers()
    await delivered()
    vi.useFakeTimers()
    vi.advanceTimersByTime(500)
    expect(popup.posts.length).toBe(3)
    shown.stop()
  })

  test('behavior: a decision on a port the popup did not take, or a malformed reply, decides nothing', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    stubOpen(popup)
    const { handlers, shown } = launch()
    click(button('Review in a new window'))
    vi.advanceTimersByTime(100)
    vi.useRealTimers()
    const [taken, other] = popup.posts
    taken?.port.postMessage({ type: 'ready' })
    other?.port.postMessage({ type: 'decision', approved: true })
    taken?.port.postMessage({ type: 'decision', approved: 'yes' })
    await delivered()
    expect(handlers.approve).not.toHaveBeenCalled()
    expect(handlers.reject).not.toHaveBeenCalled()
    shown.stop()
  })

  test('behavior: the popup closed without a decision is a rejection', async () => {
    const popup = fakePopup()
    stubOpen(popup)
    const { handlers } = launch()
    click(button('Review in a new window'))
    popup.close()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(handlers.reject).toHaveBeenCalledOnce()
    expect(handlers.approve).not.toHaveBeenCalled()
  })

  test('behavior: a blocked popup says so, and the person can allow it and press again', () => {
    const open = stubOpen(null)
    const { handlers, shown } = launch()
    click(button('Review in a new window'))
    expect(document.querySelector('[role="alert"]')?.textContent).toMatch(/blocked the Keyframe window/)
    expect(handlers.reject).not.toHaveBeenCalled()
    const popup = fakePopup()
    open.mockImplementation(() => popup as unknown as Window)
    click(button('Review in a new window'))
    expect(popup.posts.length).toBe(1)
    expect(document.querySelector('[role="alert"]')).toBeNull()
    shown.stop()
  })

  test('behavior: the keyboard: focus starts on "Review in a new window", Tab stays between the two buttons, Escape rejects', () => {
    const { handlers } = launch()
    expect(document.activeElement).toBe(button('Review in a new window'))
    press('Tab')
    expect(document.activeElement).toBe(button('Reject'))
    press('Tab', true)
    expect(document.activeElement).toBe(button('Review in a new window'))
    expect(handlers.reject).not.toHaveBeenCalled()
    press('Escape')
    expect(handlers.reject).toHaveBeenCalledOnce()
  })

  test('behavior: Reject in the frame rejects and closes the popup', () => {
    const popup = fakePopup()
    stubOpen(popup)
    const { handlers } = launch()
    click(button('Review in a new window'))
    click(button('Reject'))
    expect(handlers.reject).toHaveBeenCalledOnce()
    expect(popup.closed).toBe(true)
  })

  test('behavior: requestApproval in a frame embedded in a page without IntersectionObserver v2 goes to the popup; Chromium stays in place', async () => {
    provide('IntersectionObserverEntry', class {})
    const parent = vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window)
    const popup = fakePopup()
    stubOpen(popup)
    const { answer } = ask()
    expect(button('Review in a new window')).toBeTruthy()
    click(button('Review in a new window'))
    const [first] = popup.posts
    first?.port.postMessage({ type: 'ready' })
    first?.port.postMessage({ type: 'decision', approved: false })
    await delivered()
    expect(await stateNow(answer)).toEqual({ rejected: expect.any(UserRejectedRequestError) })
    parent.mockRestore()
  })

  test('control: with IntersectionObserver v2 the same frame shows its own Approve', () => {
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window)
    ask()
    expect(button('Approve')).toBeTruthy()
    expect(() => button('Review in a new window')).toThrow()
  })
})
