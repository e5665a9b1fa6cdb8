// @vitest-environment jsdom
import type { EventPayload, EventType } from '@keyframe/protocol'
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { createPassphrasePrompt, type PassphrasePrompt } from './passphrasePrompt.ts'

const MIN = 12
let prompt: PassphrasePrompt | undefined

function setup() {
  const events: [string, unknown][] = []
  // Typed as the bridge's `emit`, so the bridge can pass its own.
  const emit = <T extends EventType>(type: T, params: EventPayload<T>) => void events.push([type, params])
  prompt = createPassphrasePrompt({ document, emit, minLength: MIN })
  return { prompt, events }
}

const form = () => document.querySelector('form')
const alertText = () => document.querySelector('[role="alert"]')?.textContent
const statusText = () => document.querySelector('[role="status"]')?.textContent
function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name)
  if (!found) throw new Error(`No button named ${name}`)
  return found
}
/** The input whose `<label for>` reads `name`. */
function field(name: string): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === name)
  const input = label && document.getElementById(label.htmlFor)
  if (!(input instanceof HTMLInputElement)) throw new Error(`No field labelled ${name}`)
  return input
}
function type(name: string, value: string) {
  field(name).value = value
}
/** Settles to 'pending' when `promise` has not settled by the next macrotask. */
async function state(promise: Promise<unknown>) {
  const pending = {}
  const outcome = await Promise.race([
    promise.then(
      (value) => ({ resolved: value }),
      (error: unknown) => ({ rejected: error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve(pending), 0)),
  ])
  return outcome === pending ? 'pending' : outcome
}

afterEach(() => {
  prompt?.close()
  prompt = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('ask: create_passphrase', () => {
  test('default: the form, its accessible names, focus on the first field, PROMPT_REQUESTED once', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('create_passphrase')
    expect(document.querySelector('h1')?.textContent).toBe('Create a recovery passphrase')
    expect(form()?.textContent).toContain(
      'You need it to use your wallet on a new device or browser. Nobody can reset it for you.',
    )
    expect(field('Passphrase').type).toBe('password')
    expect(field('Passphrase').autocomplete).toBe('new-password')
    expect(field('Repeat passphrase').type).toBe('password')
    expect(field('Repeat passphrase').autocomplete).toBe('new-password')
    expect([...document.querySelectorAll('button')].map((b) => [b.textContent, b.type])).toEqual([
      ['Cancel', 'button'],
      ['Continue', 'submit'],
    ])
    expect(document.activeElement).toBe(field('Passphrase'))
    expect(alertText()).toBe('')
    expect(events).toEqual([['PROMPT_REQUESTED', { kind: 'create_passphrase' }]])
    expect(await state(answer)).toBe('pending')
  })

  test('behavior: resolves with the typed passphrase; the form stays, busy, cleared and disabled', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('create_passphrase')
    type('Passphrase', 'correct horse battery')
    type('Repeat passphrase', 'correct horse battery')
    button('Continue').click()
    await expect(answer).resolves.toBe('correct horse battery')
    expect(form()).not.toBeNull()
    expect(form()?.getAttribute('aria-busy')).toBe('true')
    expect(statusText()).toBe('Securing your wallet…')
    expect(field('Passphrase').value).toBe('')
    expect(field('Repeat passphrase').value).toBe('')
    expect(
      [...document.querySelectorAll('input, button')].every((c) => (c as HTMLInputElement).disabled),
    ).toBe(true)
    expect(events).toEqual([['PROMPT_REQUESTED', { kind: 'create_passphrase' }]])
  })

  test('error: shorter than minLength, in code points of NFKC', async () => {
    const { prompt } = setup()
    const answer = prompt.ask('create_passphrase')
    // 11 emoji: 22 UTF-16 units but 11 code points.
    type('Passphrase', '🔑'.repeat(11))
    type('Repeat passphrase', '🔑'.repeat(11))
    button('Continue').click()
    expect(alertText()).toBe('Use at least 12 characters')
    expect(field('Passphrase').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('Passphrase'))
    expect(await state(answer)).toBe('pending')

    // 'ﬀ' (one code point) is 'ff' (two) after NFKC: 11 typed, 12 counted.
    type('Passphrase', `ﬀ${'a'.repeat(10)}`)
    type('Repeat passphrase', `ﬀ${'a'.repeat(10)}`)
    button('Continue').click()
    await expect(answer).resolves.toBe(`ﬀ${'a'.repeat(10)}`)
  })

  test('error: the two fields differ', async () => {
    const { prompt } = setup()
    const answer = prompt.ask('create_passphrase')
    type('Passphrase', 'correct horse battery')
    type('Repeat passphrase', 'correct horse batterY')
    button('Continue').click()
    expect(alertText()).toBe('The passphrases do not match')
    expect(field('Repeat passphrase').getAttribute('aria-invalid')).toBe('true')
    expect(field('Passphrase').getAttribute('aria-invalid')).toBe('false')
    expect(document.activeElement).toBe(field('Repeat passphrase'))
    expect(await state(answer)).toBe('pending')
  })

  test('behavior: fields equal after NFKC match (the key is derived from the NFKC form)', async () => {
    const { prompt } = setup()
    const answer = prompt.ask('create_passphrase')
    type('Passphrase', 'ﬁne horse battery')
    type('Repeat passphrase', 'fine horse battery')
    button('Continue').click()
    await expect(answer).resolves.toBe('ﬁne horse battery')
  })
})

describe('ask: enter_passphrase', () => {
  test('default: one current-password field and the new-device copy', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('enter_passphrase')
    expect(document.querySelector('h1')?.textContent).toBe('Enter your recovery passphrase')
    expect(form()?.textContent).toContain(
      'This is a new device or browser. Enter the passphrase you chose when you created your wallet.',
    )
    expect(field('Passphrase').autocomplete).toBe('current-password')
    expect(() => field('Repeat passphrase')).toThrow()
    expect(document.activeElement).toBe(field('Passphrase'))
    type('Passphrase', 'short')
    button('Continue').click()
    // No length rule when entering: the passphrase is whatever was chosen.
    await expect(answer).resolves.toBe('short')
    expect(statusText()).toBe('Unlocking…')
    expect(events).toEqual([['PROMPT_REQUESTED', { kind: 'enter_passphrase' }]])
  })

  test('error: an empty passphrase', async () => {
    const { prompt } = setup()
    const answer = prompt.ask('enter_passphrase')
    button('Continue').click()
    expect(alertText()).toBe('Enter your passphrase')
    expect(await state(answer)).toBe('pending')
  })

  test('parameters: error — a retry shows it, is ready to type again, and emits nothing new', async () => {
    const { prompt, events } = setup()
    const first = prompt.ask('enter_passphrase')
    type('Passphrase', 'wrong one')
    button('Continue').click()
    await first
    const second = prompt.ask('enter_passphrase', { error: 'Wrong passphrase. Please try again.' })
    expect(alertText()).toBe('Wrong passphrase. Please try again.')
    expect(field('Passphrase').getAttribute('aria-invalid')).toBe('true')
    expect(field('Passphrase').disabled).toBe(false)
    expect(form()?.getAttribute('aria-busy')).toBe('false')
    expect(statusText()).toBe('')
    expect(document.activeElement).toBe(field('Passphrase'))
    expect(document.querySelectorAll('form')).toHaveLength(1)
    type('Passphrase', 'right one')
    button('Continue').click()
    await expect(second).resolves.toBe('right one')
    expect(events).toEqual([['PROMPT_REQUESTED', { kind: 'enter_passphrase' }]])
  })
})

/** The six code boxes, in order. */
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('[role="group"] input')]
/** Types `digits` key by key into the focused box, as a keyboard would. */
function typeCode(digits: string) {
  for (const key of digits) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    document.activeElement?.dispatchEvent(event)
  }
}
function pressEnter() {
  // What the browser does on Enter in a text field of a form with a submit button: it submits the form.
  form()?.requestSubmit()
}

describe('ask: codes', () => {
  test('default: enter_code — the copy with where the code went, six boxes in one group, Cancel / Verify', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('enter_code', { sentTo: 'a•••@example.com' })
    expect(document.querySelector('h1')?.textContent).toBe("Confirm it's you")
    const text = 'Enter the 6-digit code we sent to a•••@example.com to sign.'
    expect(form()?.textContent).toContain(text)
    const group = document.querySelector('[role="group"]')
    expect(document.getElementById(group?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(text)
    expect(boxes().map((box) => box.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`),
    )
    expect(boxes().every((box) => box.getAttribute('aria-describedby') === 'kfp-error')).toBe(true)
    expect(() => field('Passphrase')).toThrow()
    expect([...document.querySelectorAll('button')].map((b) => [b.textContent, b.type])).toEqual([
      ['Cancel', 'button'],
      ['Verify', 'submit'],
    ])
    expect(document.activeElement).toBe(boxes()[0])
    typeCode('123456')
    button('Verify').click()
    await expect(answer).resolves.toBe('123456')
    expect(statusText()).toBe('Checking…')
    expect(boxes().every((box) => box.disabled)).toBe(true)
    expect(events).toEqual([['PROMPT_REQUESTED', { kind: 'enter_code' }]])
  })

  test.each([
    ['login_code', 'Check your e-mail', 'Enter the 6-digit code we sent to ada@example.com.'],
    [
      'current_email_code',
      'Confirm your current e-mail',
      'Enter the 6-digit code we sent to your current e-mail, ada@example.com.',
    ],
    [
      'new_email_code',
      'Confirm your new e-mail',
      'Enter the 6-digit code we sent to your new e-mail, ada@example.com.',
    ],
  ] as const)(
    'parameters: %s — its copy, six boxes, PROMPT_REQUESTED with its kind',
    async (kind, title, text) => {
      const { prompt, events } = setup()
      const answer = prompt.ask(kind, { sentTo: 'ada@example.com' })
      expect(document.querySelector('h1')?.textContent).toBe(title)
      expect(form()?.textContent).toContain(text)
      expect(boxes()).toHaveLength(6)
      expect(events).toEqual([['PROMPT_REQUESTED', { kind }]])
      typeCode('000042')
      pressEnter()
      await expect(answer).resolves.toBe('000042')
      expect(statusText()).toBe('Checking the code…')
    },
  )

  test('behavior: a full code is never sent by itself: fixing a digit of it sends nothing until Verify or Enter', async () => {
    const { prompt } = setup()
    const answer = prompt.ask('login_code', { sentTo: 'ada@example.com' })
    typeCode('123956')
    expect(await state(answer)).toBe('pending')
    boxes()[3]?.focus()
    typeCode('4')
    expect(await state(answer)).toBe('pending')
    pressEnter()
    expect(await state(answer)).toEqual({ resolved: '123456' })
  })

  test('error: an incomplete code is refused in the frame, under the boxes, focus on the first empty one', async () => {
    const { prompt } = setup()
    const answer = prompt.ask('login_code', { sentTo: 'ada@example.com' })
    button('Verify').click()
    expect(alertText()).toBe('Enter the 6-digit code')
    expect(boxes().every((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true)
    expect(document.activeElement).toBe(boxes()[0])
    typeCode('123')
    button('Verify').click()
    expect(document.activeElement).toBe(boxes()[3])
    expect(await state(answer)).toBe('pending')
  })

  test("parameters: error — the server's refusal shows, the digits stay to be fixed, and the fixed code goes", async () => {
    const { prompt, events } = setup()
    const first = prompt.ask('login_code', { sentTo: 'ada@example.com' })
    typeCode('123956')
    button('Verify').click()
    await first
    const second = prompt.ask('login_code', { sentTo: 'ada@example.com', error: 'Invalid code' })
    expect(alertText()).toBe('Invalid code')
    expect(
      boxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('123956')
    expect(boxes().every((box) => !box.disabled && box.getAttribute('aria-invalid') === 'true')).toBe(true)
    boxes()[3]?.focus()
    typeCode('4')
    button('Verify').click()
    await expect(second).resolves.toBe('123456')
    expect(events).toEqual([['PROMPT_REQUESTED', { kind: 'login_code' }]])
  })

  test('behavior: without resend there is no Resend button', () => {
    const { prompt } = setup()
    void prompt.ask('current_email_code').catch(() => {})
    expect([...document.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Verify'])
  })

  test('behavior: the open prompt asking for another kind tells the parent (a code, then a passphrase)', async () => {
    const { prompt, events } = setup()
    const code = prompt.ask('login_code', { sentTo: 'ada@example.com' })
    typeCode('123456')
    button('Verify').click()
    await code
    const passphrase = prompt.ask('create_passphrase')
    expect(document.querySelector('h1')?.textContent).toBe('Create a recovery passphrase')
    expect(boxes()).toHaveLength(0)
    expect(events).toEqual([
      ['PROMPT_REQUESTED', { kind: 'login_code' }],
      ['PROMPT_REQUESTED', { kind: 'create_passphrase' }],
    ])
    prompt.close()
    await expect(passphrase).rejects.toMatchObject({ name: 'RequestAbortedError' })
  })
})

describe('ask: codes, Resend code', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  function setupResend(resend: () => Promise<void>) {
    vi.useFakeTimers({ now: 1_000_000 })
    const { prompt } = setup()
    const answer = prompt.ask('login_code', { sentTo: 'ada@example.com', sentAt: 1_000_000, resend })
    answer.catch(() => {})
    return answer
  }

  test('behavior: the 30 s cooldown counts down, and pressing early says how long to wait', async () => {
    const resend = vi.fn(async () => {})
    setupResend(resend)
    expect(button('Resend code in 30s').getAttribute('aria-disabled')).toBe('true')
    vi.advanceTimersByTime(1000)
    expect(button('Resend code in 29s')).toBeDefined()
    vi.advanceTimersByTime(17_000)
    button('Resend code in 12s').click()
    expect(alertText()).toBe('Please try again after 12 seconds')
    expect(resend).not.toHaveBeenCalled()
    vi.advanceTimersByTime(12_000)
    expect(button('Resend code').hasAttribute('aria-disabled')).toBe(false)
  })

  test('behavior: a new code clears the digits and the error, says so, and the countdown starts again', async () => {
    const resend = vi.fn(async () => {})
    const answer = setupResend(resend)
    typeCode('12')
    button('Verify').click()
    expect(alertText()).toBe('Enter the 6-digit code')
    vi.advanceTimersByTime(30_000)
    button('Resend code').click()
    await vi.advanceTimersByTimeAsync(0)
    expect(resend).toHaveBeenCalledOnce()
    expect(
      boxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('')
    expect(alertText()).toBe('')
    expect(boxes().every((box) => box.getAttribute('aria-invalid') === 'false')).toBe(true)
    expect(statusText()).toBe('A new code was sent to ada@example.com.')
    expect(document.activeElement).toBe(boxes()[0])
    expect(button('Resend code in 30s')).toBeDefined()
    vi.useRealTimers()
    expect(await state(answer)).toBe('pending')
  })

  test("error: a refused resend shows the server's words", async () => {
    setupResend(async () => {
      throw new Error('Please try again after 3445 seconds')
    })
    vi.advanceTimersByTime(30_000)
    button('Resend code').click()
    await vi.advanceTimersByTimeAsync(0)
    expect(alertText()).toBe('Please try again after 3445 seconds')
  })
})

describe('cancel and abort', () => {
  test('behavior: Cancel rejects with 4001 and closes (PROMPT_CLOSED once)', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('create_passphrase')
    button('Cancel').click()
    const error = await answer.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(error).toMatchInlineSnapshot(`[UserRejectedRequestError: User rejected the request.]`)
    expect(form()).toBeNull()
    prompt.close()
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED', 'PROMPT_CLOSED'])
  })

  test('behavior: the signal aborting rejects with RequestAbortedError and closes', async () => {
    const { prompt, events } = setup()
    const controller = new AbortController()
    const answer = prompt.ask('enter_passphrase', { signal: controller.signal })
    controller.abort()
    const error = await answer.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'RequestAbortedError', code: -32040 })
    expect(form()).toBeNull()
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED', 'PROMPT_CLOSED'])
  })

  test('behavior: an aborted signal rejects at once and shows nothing', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('enter_passphrase', { signal: AbortSignal.abort() })
    await expect(answer).rejects.toMatchObject({ name: 'RequestAbortedError' })
    expect(form()).toBeNull()
    expect(events).toEqual([])
  })

  test('behavior: an abort after the answer changes nothing', async () => {
    const { prompt, events } = setup()
    const controller = new AbortController()
    const answer = prompt.ask('enter_passphrase', { signal: controller.signal })
    type('Passphrase', 'right one')
    button('Continue').click()
    await answer
    controller.abort()
    expect(form()).not.toBeNull()
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED'])
  })

  test('behavior: Escape is Cancel', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('enter_passphrase')
    field('Passphrase').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED', 'PROMPT_CLOSED'])
  })

  test('error: a second ask while one waits', async () => {
    const { prompt } = setup()
    const first = prompt.ask('enter_passphrase')
    await expect(prompt.ask('enter_passphrase')).rejects.toThrowErrorMatchingInlineSnapshot(
      `[Error: The passphrase prompt is already waiting for an answer]`,
    )
    expect(await state(first)).toBe('pending')
  })
})

describe('close', () => {
  test('default: removes the form and emits PROMPT_CLOSED once; idempotent', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('create_passphrase')
    type('Passphrase', 'correct horse battery')
    type('Repeat passphrase', 'correct horse battery')
    button('Continue').click()
    await answer
    prompt.close()
    prompt.close()
    expect(form()).toBeNull()
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED', 'PROMPT_CLOSED'])
    expect(events[1]).toEqual(['PROMPT_CLOSED', {}])
  })

  test('behavior: nothing shown, nothing emitted', () => {
    const { prompt, events } = setup()
    prompt.close()
    expect(events).toEqual([])
  })

  test('behavior: closing while an ask waits rejects it with RequestAbortedError', async () => {
    const { prompt, events } = setup()
    const answer = prompt.ask('enter_passphrase')
    prompt.close()
    await expect(answer).rejects.toMatchObject({ name: 'RequestAbortedError' })
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED', 'PROMPT_CLOSED'])
  })

  test('behavior: an ask after close shows the form again and emits PROMPT_REQUESTED again', async () => {
    const { prompt, events } = setup()
    void prompt.ask('enter_passphrase').catch(() => {})
    prompt.close()
    void prompt.ask('create_passphrase').catch(() => {})
    expect(field('Repeat passphrase')).toBeDefined()
    expect(events.map(([type]) => type)).toEqual(['PROMPT_REQUESTED', 'PROMPT_CLOSED', 'PROMPT_REQUESTED'])
  })
})

describe('document', () => {
  test('behavior: styles come from a constructed sheet (CSP blocks <style>), removed on close', () => {
    // jsdom constructs sheets but has no adoptedStyleSheets; a browser's plain array property stands in.
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true, configurable: true })
    onTestFinished(() => void delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets)
    const { prompt } = setup()
    void prompt.ask('enter_passphrase').catch(() => {})
    expect(document.querySelector('style, [style]')).toBeNull()
    expect(document.adoptedStyleSheets).toHaveLength(1)
    const rules = [...document.adoptedStyleSheets[0]!.cssRules].map((r) => r.cssText).join('\n')
    expect(rules).toContain('var(--kf-bg')
    expect(rules).toContain('data-theme')
    prompt.close()
    expect(document.adoptedStyleSheets).toHaveLength(0)
  })

  test('behavior: when the parent focuses the frame, the first field takes focus', () => {
    const { prompt } = setup()
    void prompt.ask('enter_passphrase').catch(() => {})
    field('Passphrase').blur()
    expect(document.activeElement).toBe(document.body)
    window.dispatchEvent(new FocusEvent('focus'))
    expect(document.activeElement).toBe(field('Passphrase'))
  })

  test('behavior: Tab and Shift+Tab wrap around inside the form', () => {
    const { prompt } = setup()
    void prompt.ask('create_passphrase').catch(() => {})
    const press = (shiftKey: boolean) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })
      document.activeElement!.dispatchEvent(event)
      return event.defaultPrevented
    }
    button('Continue').focus()
    expect(press(false)).toBe(true)
    expect(document.activeElement).toBe(field('Passphrase'))
    expect(press(true)).toBe(true)
    expect(document.activeElement).toBe(button('Continue'))
    field('Repeat passphrase').focus()
    // Inside the form the browser moves focus itself.
    expect(press(false)).toBe(false)
  })

  test('behavior: closing removes the focus listener', () => {
    const remove = vi.spyOn(window, 'removeEventListener')
    const { prompt } = setup()
    void prompt.ask('enter_passphrase').catch(() => {})
    prompt.close()
    expect(remove.mock.calls.map(([type]) => type)).toContain('focus')
  })
})
