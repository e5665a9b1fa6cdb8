/**
 * What the approval screen's tests share: jsdom plus the browser parts it lacks (IntersectionObserver v1/v2,
 * ResizeObserver, a layout), trusted clicks and keys, reading the screen, and asking for approvals. Call
 * {@link installApprovalBrowser} at the top of a test file.
 */
import type { EventPayload, EventType } from '@keyframe/protocol'
import { afterEach, beforeEach, expect, onTestFinished, vi } from 'vitest'
import type { ApprovalDetails } from './details.ts'
import { type RequestApprovalContext, requestApproval } from './requestApproval.ts'
import { isUsable } from './screen.ts'

export const TIMEOUT_MS = 300_000
export const ACCOUNT = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
export const BASE = {
  chain: { id: 31337, name: 'Keyframe Local', nativeSymbol: 'ETH' },
  account: ACCOUNT,
  origin: 'http://127.0.0.1:5173',
} as const

export const MESSAGE: Extract<ApprovalDetails, { kind: 'message' }> = {
  ...BASE,
  method: 'personal_sign',
  kind: 'message',
  text: 'Hello, Keyframe',
  hex: '0x48656c6c6f2c204b65796672616d65',
}

// --- The browser's parts jsdom lacks -------------------------------------------------------------------

type Report = { isIntersecting?: boolean; intersectionRatio?: number; isVisible?: boolean }

/** IntersectionObserver as a test double: the test plays the browser's reports. */
export class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined
  readonly targets: Element[] = []
  disconnected = false
  constructor(
    readonly callback: (entries: object[]) => void,
    readonly options: Record<string, unknown>,
  ) {
    FakeIntersectionObserver.last = this
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  disconnect() {
    this.disconnected = true
  }
  report({ isIntersecting = true, intersectionRatio = 1, isVisible = true }: Report = {}) {
    const entry = { target: this.targets[0], isIntersecting, intersectionRatio }
    this.callback([supportsV2 ? { ...entry, isVisible } : entry])
  }
}

export class FakeResizeObserver {
  static last: FakeResizeObserver | undefined
  constructor(readonly callback: () => void) {
    FakeResizeObserver.last = this
  }
  observe() {}
  disconnect() {}
}

/**
 * The layout the fake browser gives the screen (jsdom lays nothing out), CSS px: the frame's viewport, the
 * details' visible height and their whole height, and where the buttons end.
 */
export type Layout = {
  width: number
  height: number
  details: number
  content: number
  buttonsBottom: number
}
/** The SDK's slot on a desktop: everything fits. */
export const ROOMY: Layout = { width: 318, height: 438, details: 330, content: 240, buttonsBottom: 422 }
let layout: Layout = ROOMY

/** Lays the screen out as `changes` say, from the roomy layout, for this test; the observers are not told. */
export function setLayout(changes: Partial<Layout>) {
  layout = { ...ROOMY, ...changes }
}

const scrollTops = new WeakMap<Element, number>()
const isDetails = (element: Element) => element.classList.contains('kfa-body')
/** The rectangle of a screen element in the fake layout: the details at the top, the buttons at the bottom. */
function rectOf(element: Element): DOMRect {
  const { width, height, details, buttonsBottom } = layout
  if (element.classList.contains('kfa')) return new DOMRect(0, 0, width, height)
  if (isDetails(element)) return new DOMRect(0, 0, width, details)
  if (element.parentElement?.classList.contains('kfa-actions'))
    return new DOMRect(20, buttonsBottom - 44, width / 2 - 24, 44)
  return new DOMRect(0, 0, 0, 0)
}

function installLayout() {
  const spies = [
    vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => layout.width),
    vi.spyOn(window, 'innerHeight', 'get').mockImplementation(() => layout.height),
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return rectOf(this)
    }),
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return isDetails(this) ? layout.details : 0
    }),
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
      return isDetails(this) ? Math.max(layout.content, layout.details) : 0
    }),
    vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
      return scrollTops.get(this) ?? 0
    }),
  ]
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore()
    layout = ROOMY
  })
}

/** The person scrolls the details to `top` (px from their start; the browser clamps it) or to their end. */
export function scrollDetails(top: number | 'end') {
  const details = document.querySelector('.kfa-body')
  if (!details) throw new Error('No details on screen')
  const end = Math.max(0, Math.max(layout.content, layout.details) - layout.details)
  scrollTops.set(details, top === 'end' ? end : Math.min(top, end))
  details.dispatchEvent(new Event('scroll'))
}

/** The browser reports a resize of the screen (ResizeObserver), after a layout change. */
export function resized() {
  FakeResizeObserver.last?.callback()
}

let supportsV2 = true
/** Plays a browser without IntersectionObserver v2 (`isVisible`) for this test. */
export function withoutV2() {
  supportsV2 = false
}
export const io = () => {
  const observer = FakeIntersectionObserver.last
  if (!observer) throw new Error('No IntersectionObserver yet')
  return observer
}

/** Installs a browser global on jsdom's window (what `document.defaultView` is) for this test. */
export function provide(name: string, value: unknown) {
  Object.defineProperty(window, name, { value, configurable: true, writable: true })
  onTestFinished(() => void delete (window as unknown as Record<string, unknown>)[name])
}

/**
 * Dispatches `event` as the browser does for what a person did (`isTrusted` true). No page script can do
 * that, by design, jsdom's included; jsdom fires its own user-agent events through the `_dispatch` of its
 * implementation objects, which is what this calls. The real clicks are the e2e's, in Chromium.
 */
export function dispatchTrusted(target: EventTarget, event: Event) {
  const impl = (wrapper: object) => {
    const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl')
    if (!symbol) throw new Error('Not a jsdom wrapper')
    return (wrapper as Record<symbol, { isTrusted: boolean; _dispatch(event: unknown): boolean }>)[symbol]!
  }
  const eventImpl = impl(event)
  eventImpl.isTrusted = true
  impl(target)._dispatch(eventImpl)
}
/** A pointer going down on `target` (the start of a press). */
export const pointerDown = (target: EventTarget) =>
  dispatchTrusted(target, new PointerEvent('pointerdown', { bubbles: true, cancelable: true }))
/** The click that ends a press whose pointer went down before. */
export const clickOnly = (target: EventTarget) =>
  dispatchTrusted(target, new MouseEvent('click', { bubbles: true }))
/** A whole press: the pointer down, then the click. */
export const click = (target: EventTarget) => {
  pointerDown(target)
  clickOnly(target)
}
/** A trusted `type` of `key` on `target`; whether its default was prevented. `repeat`: a held key's repeat. */
export const keyOn = (
  target: EventTarget,
  type: 'keydown' | 'keyup',
  key: string,
  { shiftKey = false, repeat = false } = {},
) => {
  const event = new KeyboardEvent(type, { key, shiftKey, repeat, bubbles: true, cancelable: true })
  dispatchTrusted(target, event)
  return event.defaultPrevented
}
export const press = (key: string, shiftKey = false) =>
  keyOn(document.activeElement ?? document.body, 'keydown', key, { shiftKey })

// --- Reading the screen --------------------------------------------------------------------------------

export const screen = () => document.querySelector('section')
export const title = () => document.querySelector('h1')?.textContent
export const headings = () => [...document.querySelectorAll('h2')].map((h) => h.textContent)
/** Each row of the screen's top-level lists as [label, value], in order. */
export const rows = () =>
  [...document.querySelectorAll('.kfa-body > dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ])
/** The hint below the details, as read out ('' when there is none). */
export const hint = () => document.querySelector('.kfa-hint')?.textContent

/** The screen's buttons as assistive technology sees them: `<button>`s and `role=button` (Approve). */
export const buttons = () => [...document.querySelectorAll<HTMLElement>('button, [role="button"]')]
/** A button by its accessible name (its text), as Playwright's getByRole('button', { name }) finds it. */
export function button(name: string): HTMLElement {
  const found = buttons().find((b) => b.textContent === name)
  if (!found) throw new Error(`No button named ${name}`)
  return found
}
/** Disabled as the person and assistive technology see it: `disabled` (Reject) or `aria-disabled` (Approve). */
export const disabled = (name: string) => !isUsable(button(name))

/** Settles to 'pending' when `promise` has not settled by the next macrotask. */
export async function state(promise: Promise<unknown>) {
  const pending = {}
  const outcome = await Promise.race([
    promise.then(
      () => 'resolved',
      (error: unknown) => ({ rejected: error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve(pending), 0)),
  ])
  return outcome === pending ? 'pending' : outcome
}
/** `state`, where the timers may be fake. */
export async function stateNow(promise: Promise<unknown>) {
  const result = state(promise)
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0)
  return result
}

/** The events the screen emitted in this test, in order. */
export const events: [string, unknown][] = []
export const eventTypes = () => events.map(([type]) => type)
const controllers: AbortController[] = []

export function ask(details: ApprovalDetails = MESSAGE, overrides: Partial<RequestApprovalContext> = {}) {
  const controller = new AbortController()
  controllers.push(controller)
  const emit = <T extends EventType>(type: T, params: EventPayload<T>) => void events.push([type, params])
  const id = overrides.id ?? crypto.randomUUID()
  const answer = requestApproval(details, {
    id,
    signal: controller.signal,
    emit,
    timeoutMs: TIMEOUT_MS,
    ...overrides,
  })
  // Tests that leave it pending abort it afterwards.
  answer.catch(() => {})
  return { id, answer, controller }
}

/** Shows an approval and plays the browser seeing it for a full second: Approve is usable. */
export async function visible(
  details: ApprovalDetails = MESSAGE,
  overrides: Partial<RequestApprovalContext> = {},
) {
  const asked = ask(details, overrides)
  io().report()
  await vi.advanceTimersByTimeAsync(1000)
  expect(disabled('Approve')).toBe(false)
  return asked
}

/** Installs the fakes before each test and clears the screen, timers and pending approvals after it. */
export function installApprovalBrowser() {
  beforeEach(() => {
    events.length = 0
    supportsV2 = true
    FakeIntersectionObserver.last = undefined
    FakeResizeObserver.last = undefined
    provide('IntersectionObserver', FakeIntersectionObserver)
    provide('IntersectionObserverEntry', class {})
    provide('ResizeObserver', FakeResizeObserver)
    installLayout()
    // Chromium's entries have `isVisible` on the prototype; the gate checks for it there.
    Object.defineProperty(window.IntersectionObserverEntry.prototype, 'isVisible', { get: () => false })
  })

  afterEach(() => {
    for (const controller of controllers.splice(0)) controller.abort()
    vi.useRealTimers()
    document.body.innerHTML = ''
  })
}
