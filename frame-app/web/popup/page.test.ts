// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  BASE,
  button,
  click,
  disabled,
  installApprovalBrowser,
  io,
  MESSAGE,
  provide,
} from '../approve/testApprovals.ts'
import { runApprovalPopup } from './page.ts'

installApprovalBrowser()

/** The frame that opened the popup (the test plays it). */
const opener = { name: 'the frame' }
let stop: () => void = () => {}
let focused = true
let replies: unknown[] = []
let channel: MessageChannel

beforeEach(() => {
  provide('opener', opener)
  focused = true
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused)
  replies = []
  channel = new MessageChannel()
  channel.port2.onmessage = (event) => replies.push(event.data)
  // The gate's clock only; port messages cross a real MessageChannel.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  stop = runApprovalPopup({ window })
})
afterEach(() => {
  stop()
  channel.port1.close()
  channel.port2.close()
  vi.restoreAllMocks()
})

/** A message event as the browser delivers it (jsdom's MessageEvent wants a real window as its source). */
function deliver({
  data,
  origin = location.origin,
  source = opener as unknown,
}: {
  data: unknown
  origin?: string
  source?: unknown
}) {
  const event = new Event('message')
  Object.defineProperties(event, {
    data: { value: data },
    origin: { value: origin },
    source: { value: source },
    ports: { value: [channel.port1] },
  })
  window.dispatchEvent(event)
}
const offer = (details: unknown = MESSAGE) => ({ type: 'keyframe:approval', details, theme: 'light' })
/** Lets the popup's replies cross the channel. */
async function arrived() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('the approval popup', () => {
  test("behavior: takes the opener's offer, says ready, and shows the frame's approval screen in the frame's theme", async () => {
    deliver({ data: offer() })
    await arrived()
    expect(replies).toEqual([{ type: 'ready' }])
    expect(document.querySelector('h1')?.textContent).toBe('Sign message')
    expect(document.body.textContent).toContain('Hello, Keyframe')
    expect(document.documentElement.dataset.theme).toBe('light')
  })

  test('behavior: a sign-in crosses to the popup whole and shows as one (Firefox, Safari)', async () => {
    const text = '127.0.0.1:5173 wants you to sign in with your Ethereum account:\n…'
    deliver({
      data: offer({
        ...BASE,
        method: 'personal_sign',
        kind: 'signIn',
        domain: '127.0.0.1:5173',
        uri: 'http://127.0.0.1:5173',
        version: '1',
        chainId: 31337,
        nonce: 'a1b2c3d4e5f6a7b8',
        issuedAt: '2026-11-27T14:59:00.000Z',
        resources: [],
        validity: 'expired',
        expirationTime: '2026-11-27T15:00:00.000Z',
        text,
      }),
    })
    await arrived()
    expect(replies).toEqual([{ type: 'ready' }])
    expect(document.querySelector('h1')?.textContent).toBe('Sign in to 127.0.0.1:5173')
    expect(document.querySelector('.kfa-check')?.textContent).toContain('matches the site asking')
    expect(document.querySelector('.kfa-warn')?.textContent).toContain('expired')
    expect(document.querySelector('details pre')?.textContent).toBe(text)
  })

  test('behavior: Approve works after the screen was shown and the window focused for a second; the decision goes back', async () => {
    deliver({ data: offer() })
    io().report()
    await vi.advanceTimersByTimeAsync(999)
    expect(disabled('Approve')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(disabled('Approve')).toBe(false)
    click(button('Approve'))
    await arrived()
    expect(replies).toEqual([{ type: 'ready' }, { type: 'decision', approved: true }])
  })

  test('behavior: the window losing the focus (another window in front) closes the gate and restarts its clock', async () => {
    deliver({ data: offer() })
    io().report()
    await vi.advanceTimersByTimeAsync(1000)
    expect(disabled('Approve')).toBe(false)
    focused = false
    window.dispatchEvent(new Event('blur'))
    expect(disabled('Approve')).toBe(true)
    await vi.advanceTimersByTimeAsync(5000)
    expect(disabled('Approve')).toBe(true)
    focused = true
    window.dispatchEvent(new Event('focus'))
    await vi.advanceTimersByTimeAsync(999)
    expect(disabled('Approve')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(disabled('Approve')).toBe(false)
  })

  test('control: never focused, the same screen never enables Approve', async () => {
    focused = false
    deliver({ data: offer() })
    io().report()
    await vi.advanceTimersByTimeAsync(5000)
    expect(disabled('Approve')).toBe(true)
  })

  test('behavior: Reject goes back as a rejection', async () => {
    deliver({ data: offer() })
    click(button('Reject'))
    await arrived()
    expect(replies).toEqual([{ type: 'ready' }, { type: 'decision', approved: false }])
  })

  test.each([
    ['another window', { source: { name: 'the page' } }],
    ['another origin', { origin: 'http://127.0.0.1:5173' }],
    ['a malformed request', { data: offer({ ...MESSAGE, account: '0xnot-an-address' }) }],
    ['something else', { data: { type: 'keyframe:approval' } }],
  ])('behavior: an offer from %s is ignored', async (_, overrides) => {
    deliver({ data: offer(), ...overrides })
    await arrived()
    expect(replies).toEqual([])
    expect(document.querySelector('section')).toBeNull()
  })

  test('behavior: only the first offer counts', async () => {
    deliver({ data: offer() })
    deliver({ data: offer({ ...MESSAGE, text: 'Another', hex: '0x416e6f74686572' }) })
    await arrived()
    expect(replies).toEqual([{ type: 'ready' }])
    expect(document.querySelectorAll('section')).toHaveLength(1)
    expect(document.body.textContent).not.toContain('Another')
  })
})
