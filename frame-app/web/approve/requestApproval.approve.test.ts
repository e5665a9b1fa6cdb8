// @vitest-environment jsdom
/** Approve itself: its keys and pointer, and `hold` (the screen kept up, unchanged, until the signature is made). */
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { setUsable } from './screen.ts'
import {
  ask,
  button,
  click,
  clickOnly,
  disabled,
  dispatchTrusted,
  events,
  eventTypes,
  installApprovalBrowser,
  io,
  keyOn,
  MESSAGE,
  pointerDown,
  press,
  screen,
  stateNow,
  TIMEOUT_MS,
  visible,
} from './testApprovals.ts'

installApprovalBrowser()

describe('Approve from the keyboard and the pointer', () => {
  beforeEach(() => vi.useFakeTimers())

  test('default: Enter going down on a usable Approve approves, as on a <button>', async () => {
    const { id, answer } = await visible()
    const approve = button('Approve')
    approve.focus()
    expect(keyOn(approve, 'keydown', 'Enter')).toBe(true)
    await expect(answer).resolves.toBeUndefined()
    expect(screen()).toBeNull()
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id }],
      ['APPROVAL_CLOSED', { id }],
    ])
  })

  test('behavior: Space approves as it comes up, not as it goes down (its default, scrolling, prevented); Enter coming up does nothing', async () => {
    const { answer } = await visible()
    const approve = button('Approve')
    approve.focus()
    expect(keyOn(approve, 'keyup', 'Enter')).toBe(false)
    expect(keyOn(approve, 'keydown', ' ')).toBe(true)
    expect(await stateNow(answer)).toBe('pending')
    expect(screen()).not.toBeNull()
    expect(keyOn(approve, 'keyup', ' ')).toBe(true)
    await expect(answer).resolves.toBeUndefined()
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
  })

  test('behavior: other keys on Approve do nothing', async () => {
    const { answer } = await visible()
    const approve = button('Approve')
    approve.focus()
    for (const key of ['a', 'Spacebar', 'NumpadEnter', 'ArrowDown']) {
      keyOn(approve, 'keydown', key)
      keyOn(approve, 'keyup', key)
    }
    expect(await stateNow(answer)).toBe('pending')
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])
  })

  test('behavior: keys a script made (isTrusted false) never approve', async () => {
    const { answer } = await visible()
    const approve = button('Approve')
    approve.focus()
    for (const [type, key] of [
      ['keydown', 'Enter'],
      ['keydown', ' '],
      ['keyup', ' '],
    ] as const) {
      approve.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true }))
    }
    expect(await stateNow(answer)).toBe('pending')
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])
  })

  test('behavior: keys before the gate opens do nothing, even trusted, even with Approve enabled behind its back', async () => {
    const { answer } = ask()
    io().report()
    await vi.advanceTimersByTimeAsync(500)
    const approve = button('Approve')
    approve.focus()
    const tryKeys = () => {
      keyOn(approve, 'keydown', 'Enter')
      keyOn(approve, 'keydown', ' ')
      keyOn(approve, 'keyup', ' ')
    }
    tryKeys()
    expect(await stateNow(answer)).toBe('pending')
    setUsable(approve, true)
    tryKeys()
    expect(await stateNow(answer)).toBe('pending')
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED'])
  })

  test('behavior: a pointer that went down before the gate opened does not approve when it comes up after', async () => {
    const { answer } = ask()
    io().report()
    await vi.advanceTimersByTimeAsync(500)
    // Down on the disabled Approve, held while it enables (a page that moves the frame under a press).
    pointerDown(button('Approve'))
    await vi.advanceTimersByTimeAsync(500)
    expect(disabled('Approve')).toBe(false)
    clickOnly(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
    // A click with no pointer down at all (none a person makes) neither.
    clickOnly(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
    // A whole press after it opened does.
    click(button('Approve'))
    await expect(answer).resolves.toBeUndefined()
  })

  test('behavior: a press begun while open does not count if the gate closed before it ended', async () => {
    const { answer } = await visible()
    pointerDown(button('Approve'))
    io().report({ isVisible: false })
    io().report()
    await vi.advanceTimersByTimeAsync(1000)
    expect(disabled('Approve')).toBe(false)
    clickOnly(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
    keyOn(button('Approve'), 'keydown', ' ')
    io().report()
    await vi.advanceTimersByTimeAsync(1000)
    keyOn(button('Approve'), 'keyup', ' ')
    expect(await stateNow(answer)).toBe('pending')
  })

  test('behavior: a held key’s auto-repeat never approves; Space down before the gate opened neither', async () => {
    const { answer } = ask()
    io().report()
    await vi.advanceTimersByTimeAsync(500)
    const approve = button('Approve')
    approve.focus()
    keyOn(approve, 'keydown', ' ')
    await vi.advanceTimersByTimeAsync(500)
    expect(disabled('Approve')).toBe(false)
    // The key was held from before: its repeats, then its release.
    keyOn(approve, 'keydown', ' ', { repeat: true })
    keyOn(approve, 'keyup', ' ')
    // Enter held from before: only repeats arrive once Approve is usable.
    keyOn(approve, 'keydown', 'Enter', { repeat: true })
    expect(await stateNow(answer)).toBe('pending')
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])
    // A fresh Enter does.
    keyOn(approve, 'keydown', 'Enter')
    await expect(answer).resolves.toBeUndefined()
  })

  test('behavior: pressing Approve does not move focus (mousedown default prevented)', async () => {
    const { answer } = await visible()
    const before = document.activeElement
    const mousedown = new MouseEvent('mousedown', { bubbles: true, cancelable: true })
    dispatchTrusted(button('Approve'), mousedown)
    // The browser's default for a mousedown is focusing the control; jsdom has none, so this is the check.
    expect(mousedown.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(before)
    expect(await stateNow(answer)).toBe('pending')
  })
})

describe('hold: the screen stays up after Approve until released', () => {
  beforeEach(() => vi.useFakeTimers())

  /** A `hold` that keeps the releases it is given. */
  function holder() {
    const releases: (() => void)[] = []
    const hold = vi.fn((release: () => void) => void releases.push(release))
    return { hold, releases, release: () => releases[0]?.() }
  }

  /** Records every change to the document from now on. */
  function watchDocument() {
    const records: MutationRecord[] = []
    const observer = new MutationObserver((delivered) => void records.push(...delivered))
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
    onTestFinished(() => observer.disconnect())
    return () => [...records, ...observer.takeRecords()]
  }

  test('default: without hold, the screen goes with the click', async () => {
    const { answer } = await visible()
    click(button('Approve'))
    expect(screen()).toBeNull()
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
    await expect(answer).resolves.toBeUndefined()
  })

  test('default: Approve resolves at once; the screen stays, unchanged, until release; then APPROVAL_CLOSED once, and the screen goes a task later', async () => {
    const { hold, release } = holder()
    const { id, answer } = await visible(MESSAGE, { hold })
    const shown = screen()
    const focused = document.activeElement
    const html = document.body.innerHTML
    const changes = watchDocument()

    click(button('Approve'))
    await expect(answer).resolves.toBeUndefined()
    expect(hold).toHaveBeenCalledTimes(1)
    // Not one change to the document: anything would be drawn while the key is rebuilt.
    expect(changes()).toEqual([])
    expect(screen()).toBe(shown)
    expect(document.body.innerHTML).toBe(html)
    expect(document.activeElement).toBe(focused)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])

    release()
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id }],
      ['APPROVAL_CLOSED', { id }],
    ])
    // Still there in this task, which posts the signature; gone in the next.
    expect(screen()).toBe(shown)
    await vi.advanceTimersByTimeAsync(0)
    expect(screen()).toBeNull()
    // A second release does nothing more.
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
  })

  test('behavior: a second click or a repeated Enter while held asks for no second hold', async () => {
    const { hold, release } = holder()
    const { answer } = await visible(MESSAGE, { hold })
    click(button('Approve'))
    click(button('Approve'))
    keyOn(button('Approve'), 'keydown', 'Enter')
    await expect(answer).resolves.toBeUndefined()
    expect(hold).toHaveBeenCalledTimes(1)
    release()
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
  })

  test('behavior: Enter (and Space) approve with hold the same way', async () => {
    for (const keys of [
      [['keydown', 'Enter']],
      [
        ['keydown', ' '],
        ['keyup', ' '],
      ],
    ] as const) {
      const { hold, release } = holder()
      const { answer } = await visible(MESSAGE, { hold })
      for (const [type, key] of keys) keyOn(button('Approve'), type, key)
      await expect(answer).resolves.toBeUndefined()
      expect(hold).toHaveBeenCalledTimes(1)
      expect(screen()).not.toBeNull()
      release()
      await vi.advanceTimersByTimeAsync(0)
      expect(screen()).toBeNull()
    }
  })

  test('behavior: after Approve, Reject, Escape, an abort or the timeout change nothing: still resolved, one APPROVAL_CLOSED on release', async () => {
    const { hold, release } = holder()
    const { answer, controller } = await visible(MESSAGE, { hold })
    const shown = screen()
    click(button('Approve'))
    await expect(answer).resolves.toBeUndefined()

    click(button('Reject'))
    press('Escape')
    keyOn(shown!, 'keydown', 'Escape')
    controller.abort()
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS)
    await expect(answer).resolves.toBeUndefined()
    expect(screen()).toBe(shown)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])

    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(screen()).toBeNull()
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
  })

  test('behavior: a queued approval waits for the release, then shows with a fresh gate', async () => {
    const { hold, release } = holder()
    const first = await visible(MESSAGE, { hold })
    const second = ask({ ...MESSAGE, text: 'Second' })
    click(button('Approve'))
    await expect(first.answer).resolves.toBeUndefined()
    expect(document.querySelectorAll('section')).toHaveLength(1)
    expect(document.querySelector('pre')?.textContent).toBe('Hello, Keyframe')

    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(document.querySelectorAll('section')).toHaveLength(1)
    expect(document.querySelector('pre')?.textContent).toBe('Second')
    expect(disabled('Approve')).toBe(true)
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id: first.id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id: first.id }],
      ['APPROVAL_CLOSED', { id: first.id }],
      ['APPROVAL_REQUESTED', { id: second.id, method: 'personal_sign' }],
    ])
    // Releasing the first again does not take the second down.
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(document.querySelector('pre')?.textContent).toBe('Second')
    expect(await stateNow(second.answer)).toBe('pending')
  })

  test('behavior: Reject, Escape, the timeout and an abort end the request as without hold; hold is not called', async () => {
    const cases: [string, (asked: ReturnType<typeof ask>) => void, string][] = [
      ['Reject', () => click(button('Reject')), 'UserRejectedRequestError'],
      ['Escape', () => press('Escape'), 'UserRejectedRequestError'],
      ['abort', ({ controller }) => controller.abort(), 'RequestAbortedError'],
    ]
    for (const [, act, name] of cases) {
      const { hold } = holder()
      const asked = await visible(MESSAGE, { hold })
      act(asked)
      await expect(asked.answer).rejects.toMatchObject({ name })
      expect(screen()).toBeNull()
      expect(hold).not.toHaveBeenCalled()
    }
    const { hold } = holder()
    const { answer } = ask(MESSAGE, { hold, timeoutMs: 5000 })
    await vi.advanceTimersByTimeAsync(5000)
    await expect(answer).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(screen()).toBeNull()
    expect(hold).not.toHaveBeenCalled()
  })
})
