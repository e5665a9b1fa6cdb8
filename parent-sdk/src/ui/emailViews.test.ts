// @vitest-environment jsdom
// The e-mail login and e-mail update views, driven as a person does (keys, paste, clicks) against a fake
// frame, asserting what the person sees and hears (text, live regions, focus).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { type Answers, fail, ok, sentTypes, startFrame, tick, USER } from '../../test/frameFlow.ts'
import { shadow, view } from '../../test/modal.ts'
import { getAccount } from '../core/account.ts'
import { connectEmail, connectOtp } from '../core/connection.ts'
import { createKeyframe, type Keyframe } from '../core/createKeyframe.ts'
import { readLoginCache, recordEmailSent } from '../core/loginCache.ts'

const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  await tick()
  frames.restore()
  vi.useRealTimers()
  localStorage.clear()
  document.body.innerHTML = ''
})

async function setup(answers: Answers = {}, extra: { onTimeout?: () => void } = {}) {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [{ id: 31337, name: 'Anvil' }],
    ...extra,
  })
  instances.push(kf)
  await startFrame(kf, frames, answers)
  await kf.open()
  return kf
}

/** Opens the code view as the Connect view does after CONNECT_EMAIL answered VERIFY_OTP. */
async function atOtpView(answers: Answers = {}) {
  const kf = await setup({ CONNECT_EMAIL: () => ok({ action: 'VERIFY_OTP' }), ...answers })
  await connectEmail(kf, { email: USER.email })
  kf._internal.navigate('EmailVerifyOtp')
  await tick()
  return kf
}

const title = () => shadow().querySelector('h2')?.textContent
const alertText = () => [...shadow().querySelectorAll('[role="alert"]')].map((el) => el.textContent).join('')
const statusText = () =>
  [...shadow().querySelectorAll('.kf-body [role="status"]')].map((el) => el.textContent).join('')
const toastText = () => shadow().querySelector('.kf-toasts')?.textContent
const boxes = () => [...shadow().querySelectorAll<HTMLInputElement>('.kf-otp input')]
const digits = () =>
  boxes()
    .map((b) => b.value || '·')
    .join('')
const active = () => shadow().activeElement

function button(name: string): HTMLButtonElement {
  const found = [...shadow().querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  )
  if (!found) throw new Error(`No button named ${name}`)
  return found
}

function key(target: Element, key: string) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true }))
}

/** Types into whatever has focus, key by key. */
async function type(text: string) {
  for (const k of text) {
    key(active()!, k)
    await tick()
  }
}

function paste(target: Element, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true, composed: true })
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } })
  target.dispatchEvent(event)
}

/** Fills the e-mail field (as autofill or typing would) and submits its form. */
async function submitEmail(value: string, label = 'E-mail') {
  const input = [...shadow().querySelectorAll('label')].find((l) => l.textContent === label)
    ?.control as HTMLInputElement
  input.value = value
  input.closest('form')!.requestSubmit()
  await tick()
  return input
}

describe('Connect view: e-mail', () => {
  test("error: an invalid address → 'Invalid email' in an alert, the field marked; nothing reaches the frame", async () => {
    const kf = await setup()
    const input = await submitEmail('ada@')
    await vi.waitFor(() => expect(alertText()).toBe('Invalid email'))
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(shadow().getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Invalid email',
    )
    expect(active()).toBe(input)
    expect(sentTypes(frames)).toEqual([])
    expect(kf.getState().view).toBe('Connect')
  })

  test.each([
    ['VERIFY_OTP', 'EmailVerifyOtp'],
    ['VERIFY_DEVICE', 'EmailVerifyDevice'],
  ] as const)('behavior: CONNECT_EMAIL %s → %s', async (action, next) => {
    const kf = await setup({ CONNECT_EMAIL: () => ok({ action }) })
    await submitEmail(`  ${USER.email} `)
    await vi.waitFor(() => expect(view()).toBe(next))
    expect(frames.requests().find((r) => r.type === 'CONNECT_EMAIL')?.data.params).toEqual({
      email: USER.email,
    })
    expect(kf.getState().history).toEqual(['Connect', next])
  })

  test('behavior: CONNECT_EMAIL CONNECT → connected, the modal closes (SPEC §2)', async () => {
    const kf = await setup({ CONNECT_EMAIL: () => ok({ action: 'CONNECT' }), GET_USER: () => ok(USER) })
    await submitEmail(USER.email)
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getAccount(kf).status).toBe('connected')
  })

  test("error: inside the cooldown → 'Please try again after {n} seconds', rounded up", async () => {
    await setup()
    recordEmailSent(localStorage, Date.now() - 10_500)
    await submitEmail(USER.email)
    await vi.waitFor(() => expect(alertText()).toBe('Please try again after 20 seconds'))
  })

  test("error: the frame's refusal in its words", async () => {
    await setup({ CONNECT_EMAIL: () => fail(4200, 'CONNECT_EMAIL is not available in this frame yet') })
    await submitEmail(USER.email)
    await vi.waitFor(() => expect(alertText()).toBe('CONNECT_EMAIL is not available in this frame yet'))
  })
})

describe('EmailVerifyOtp view', () => {
  test('default: six labelled numeric boxes, the first focused with one-time-code autocomplete', async () => {
    await atOtpView()
    expect(title()).toBe('Confirm your e-mail')
    const group = shadow().querySelector('[role="group"]')!
    expect(shadow().getElementById(group.getAttribute('aria-labelledby')!)?.textContent).toBe(
      `Enter the 6-digit code we sent to ${USER.email}.`,
    )
    expect(boxes().map((b) => [b.getAttribute('aria-label'), b.inputMode, b.autocomplete])).toEqual([
      ['Digit 1 of 6', 'numeric', 'one-time-code'],
      ['Digit 2 of 6', 'numeric', 'off'],
      ['Digit 3 of 6', 'numeric', 'off'],
      ['Digit 4 of 6', 'numeric', 'off'],
      ['Digit 5 of 6', 'numeric', 'off'],
      ['Digit 6 of 6', 'numeric', 'off'],
    ])
    expect(active()).toBe(boxes()[0])
  })

  test('behavior: typing moves forward, letters are refused, Backspace on an empty box moves back and clears it', async () => {
    await atOtpView()
    await type('12a3')
    expect(digits()).toBe('123···')
    expect(active()).toBe(boxes()[3])
    key(active()!, 'Backspace')
    await tick()
    expect(digits()).toBe('12····')
    expect(active()).toBe(boxes()[2])
    key(active()!, 'ArrowLeft')
    await tick()
    key(active()!, 'Backspace')
    await tick()
    expect(digits()).toBe('1·····')
    expect(active()).toBe(boxes()[1])
    expect(sentTypes(frames)).toEqual(['CONNECT_EMAIL'])
  })

  test('behavior: pasting six digits fills every box and submits; connected, the modal closes', async () => {
    const kf = await atOtpView({ CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER) })
    // Pasted into the third box: a whole code still fills from the first.
    paste(boxes()[2]!, ' 123 456 ')
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(frames.requests().find((r) => r.type === 'CONNECT_OTP')?.data.params).toEqual({ otp: '123456' })
    expect(getAccount(kf)).toMatchObject({ status: 'connected', user: { email: USER.email } })
    expect(readLoginCache(localStorage)).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test('behavior: a code the browser autofills into the first box fills every box and submits', async () => {
    const kf = await atOtpView({ CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER) })
    const first = boxes()[0]!
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(first, '987654')
    first.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(frames.requests().find((r) => r.type === 'CONNECT_OTP')?.data.params).toEqual({ otp: '987654' })
  })

  test('behavior: the sixth typed digit submits', async () => {
    const kf = await atOtpView({ CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER) })
    await type('65432')
    expect(sentTypes(frames)).toEqual(['CONNECT_EMAIL'])
    await type('1')
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(frames.requests().find((r) => r.type === 'CONNECT_OTP')?.data.params).toEqual({ otp: '654321' })
  })

  test("error: a wrong code shows the frame's error and keeps the boxes; fixing a digit submits again", async () => {
    let attempts = 0
    const kf = await atOtpView({
      CONNECT_OTP: ({ otp }) => (++attempts && otp === '123457' ? ok(null) : fail(4001, 'Invalid code')),
      GET_USER: () => ok(USER),
    })
    paste(boxes()[0]!, '123456')
    await vi.waitFor(() => expect(alertText()).toBe('Invalid code'))
    expect(digits()).toBe('123456')
    expect(boxes().every((b) => b.getAttribute('aria-invalid') === 'true')).toBe(true)
    expect(view()).toBe('EmailVerifyOtp')
    expect(getAccount(kf).status).toBe('disconnected')
    boxes()[5]!.focus()
    await type('7')
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(attempts).toBe(2)
  })

  test("behavior: 'Resend code in {n}s' counts down; pressing it early gets the cooldown's words; then it resends", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    await atOtpView()
    recordEmailSent(localStorage, Date.now() - 28_100)
    // The view read the cooldown when it opened; a second tick of the countdown reads it again.
    vi.advanceTimersByTime(1000)
    await tick()
    const resend = () => shadow().querySelector<HTMLButtonElement>('.kf-link')!
    expect(resend().textContent).toBe('Resend code in 1s')
    expect(resend().getAttribute('aria-disabled')).toBe('true')
    resend().focus()
    resend().click()
    await vi.waitFor(() => expect(alertText()).toBe('Please try again after 1 seconds'))
    vi.advanceTimersByTime(1000)
    await tick()
    expect(resend().textContent).toBe('Resend code')
    expect(active()).toBe(resend())
    resend().click()
    await vi.waitFor(() => expect(statusText()).toBe(`A new code was sent to ${USER.email}.`))
    expect(alertText()).toBe('')
    expect(sentTypes(frames)).toEqual(['CONNECT_EMAIL', 'CONNECT_EMAIL'])
    expect(resend().textContent).toBe('Resend code in 30s')
  })
})

describe('EmailVerifyDevice view', () => {
  test("default: 'Check your e-mail' and a waiting notice; approved with a code to come → EmailVerifyOtp", async () => {
    const kf = await setup({
      CONNECT_EMAIL: () => ok({ action: 'VERIFY_DEVICE' }),
      IS_CONNECTED: () => ok({ isConnected: false }),
    })
    await submitEmail(USER.email)
    await vi.waitFor(() => expect(view()).toBe('EmailVerifyDevice'))
    expect(shadow().querySelector('.kf-body')?.textContent).toContain('Check your e-mail')
    expect(shadow().querySelector('.kf-body')?.textContent).toContain(
      `We sent a message to ${USER.email}. Approve this device from it to go on.`,
    )
    expect(shadow().querySelector('.kf-waiting')?.textContent).toBe('Waiting for approval…')
    await vi.waitFor(() => expect(sentTypes(frames)).toContain('CONNECT_DEVICE'))
    // The person approves from the mail; the frame answers the waiting request.
    const request = frames.requests().find((r) => r.type === 'CONNECT_DEVICE')!
    frames.frames[0]!.reply(request.rid, { ok: true, result: null })
    await vi.waitFor(() => expect(view()).toBe('EmailVerifyOtp'))
    expect(kf.getState().history).toEqual(['Connect', 'EmailVerifyOtp'])
  })

  test("error: the frame's refusal, then 'Try again' waits anew", async () => {
    let calls = 0
    const kf = await setup({
      CONNECT_EMAIL: () => ok({ action: 'VERIFY_DEVICE' }),
      CONNECT_DEVICE: () => (++calls === 1 ? fail(-32603, 'An error occurred') : ok(null)),
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await submitEmail(USER.email)
    await vi.waitFor(() => expect(alertText()).toBe('An error occurred'))
    button('Try again').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getAccount(kf).status).toBe('connected')
  })

  test('behavior: leaving the view aborts the wait (the frame is told)', async () => {
    const kf = await setup({ CONNECT_EMAIL: () => ok({ action: 'VERIFY_DEVICE' }) })
    await submitEmail(USER.email)
    await vi.waitFor(() => expect(sentTypes(frames)).toContain('CONNECT_DEVICE'))
    button('Back').click()
    await tick()
    expect(kf.getState().view).toBe('Connect')
    const device = frames.requests().find((r) => r.type === 'CONNECT_DEVICE')!
    expect(frames.requests().find((r) => r.type === 'RPC_ABORT')?.data.params).toEqual({ id: device.rid })
  })
})

describe('Account view and e-mail update', () => {
  async function connected(answers: Answers = {}) {
    const kf = await setup({ CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER), ...answers })
    await connectOtp(kf, { otp: '123456' })
    await kf.open()
    await tick()
    return kf
  }

  test('default: the address shortened 4 + 6, the e-mail, Update e-mail and Disconnect', async () => {
    await connected()
    expect(title()).toBe('Account')
    const rows = [...shadow().querySelectorAll('dl dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ])
    expect(rows.filter(([name]) => name !== 'Balance')).toEqual([
      ['Address', '0xab...5Bfcdb'],
      ['Network', 'Anvil'],
      ['E-mail', USER.email],
    ])
    expect(shadow().querySelector(`[title="${USER.address}"]`)).not.toBeNull()
    expect(button('Update e-mail')).toBeDefined()
    expect(button('Disconnect')).toBeDefined()
  })

  test('behavior: Disconnect signs out, wipes the cache and closes', async () => {
    const kf = await connected({ SIGN_OUT: () => ok(null) })
    button('Disconnect').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(sentTypes(frames).at(-1)).toBe('SIGN_OUT')
    expect(getAccount(kf).status).toBe('disconnected')
    expect(readLoginCache(localStorage).emailLoginUsed).toBe(false)
  })

  test("error: the frame refuses to sign out → toast 'Failed to disconnect'; disconnected all the same", async () => {
    const kf = await connected({ SIGN_OUT: () => fail(4200, 'SIGN_OUT is not available in this frame yet') })
    button('Disconnect').click()
    await vi.waitFor(() => expect(toastText()).toBe('Error: Failed to disconnect'))
    expect(kf.getState().view).toBe('Connect')
    expect(getAccount(kf).status).toBe('disconnected')
  })

  test('behavior: update e-mail — new address, current code, new code → Account with the new e-mail', async () => {
    const kf = await connected({
      UPDATE_EMAIL: () => ok({ action: 'VERIFY_PRIMARY_OTP' }),
      UPDATE_EMAIL_PRIMARY_OTP: ({ otp }) => (otp === '111111' ? ok(null) : fail(4001, 'Invalid code')),
      UPDATE_EMAIL_SECONDARY_OTP: () => ok({ newEmail: 'ada@new.example' }),
    })
    button('Update e-mail').click()
    await tick()
    expect(view()).toBe('UpdateEmail')
    const input = await submitEmail('not-an-address', 'New e-mail')
    expect(active()).toBe(input)
    await vi.waitFor(() => expect(alertText()).toBe('Invalid email'))
    await submitEmail('ada@new.example', 'New e-mail')
    await vi.waitFor(() => expect(view()).toBe('UpdateEmailPrimaryOtp'))
    expect(shadow().querySelector('.kf-text')?.textContent).toBe(
      `Enter the 6-digit code we sent to your current e-mail, ${USER.email}.`,
    )
    expect(active()).toBe(boxes()[0])
    paste(boxes()[0]!, '000000')
    await vi.waitFor(() => expect(alertText()).toBe('Invalid code'))
    paste(boxes()[0]!, '111111')
    await vi.waitFor(() => expect(view()).toBe('UpdateEmailSecondaryOtp'))
    expect(shadow().querySelector('.kf-text')?.textContent).toBe(
      'Enter the 6-digit code we sent to your new e-mail, ada@new.example.',
    )
    expect(digits()).toBe('······')
    paste(boxes()[0]!, '222222')
    await vi.waitFor(() => expect(view()).toBe('Account'))
    expect(kf.getState().history).toEqual(['Account'])
    expect(shadow().querySelector('dl')?.textContent).toContain('ada@new.example')
    expect(toastText()).toBe('Done: E-mail updated')
    expect(readLoginCache(localStorage).email).toBe('ada@new.example')
  })
})

describe('behavior: the frame loads while the person types', () => {
  test('focusing the e-mail field starts the frame; opening the Connect view alone does not', async () => {
    const kf = createKeyframe({
      projectId: 'demo',
      frameUrl: 'http://localhost:5174/frame',
      networks: [{ id: 31337, name: 'Anvil' }],
    })
    instances.push(kf)
    await kf.open()
    await tick()
    const field = shadow().querySelector<HTMLInputElement>('input[type="email"]')!
    field.blur()
    expect(kf._internal.frameStarted()).toBe(false)
    expect(document.querySelector('iframe')).toBeNull()
    field.focus()
    await tick()
    expect(kf._internal.frameStarted()).toBe(true)
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull())
  })
})
