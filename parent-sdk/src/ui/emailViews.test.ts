// @vitest-environment jsdom
// The e-mail login and e-mail update views, driven as a person does (clicks, forms) against a fake frame
// that plays the frame's own code prompt, asserting what the person sees and hears (text, live regions, focus).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { type Answers, fail, ok, sentTypes, startFrame, tick, USER } from '../../test/frameFlow.ts'
import { shadow, view } from '../../test/modal.ts'
import { getAccount } from '../core/account.ts'
import { createKeyframe, type Keyframe } from '../core/createKeyframe.ts'
import { connectEmail, connectOtp } from '../core/emailActions.ts'
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
const toastText = () => shadow().querySelector('.kf-toasts')?.textContent
const active = () => shadow().activeElement

function button(name: string): HTMLButtonElement {
  const found = [...shadow().querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  )
  if (!found) throw new Error(`No button named ${name}`)
  return found
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

/** The pending request of `type` the frame got last. */
async function pending(type: string) {
  return vi.waitFor(() => {
    const request = frames.requests().findLast((r) => r.type === type)
    if (!request) throw new Error(`no ${type} yet`)
    return request
  })
}

/** The frame plays its code prompt: shows it, then (the person done) closes it and answers `reply`. */
async function framePrompt(type: string, kind: string, reply: unknown) {
  const request = await pending(type)
  const frame = frames.frames[0]!
  frame.emit('PROMPT_REQUESTED', { kind })
  await tick()
  const shown = { view: view(), title: title() }
  frame.emit('PROMPT_CLOSED', {})
  frame.reply(request.rid, reply)
  await tick()
  return shown
}

describe('EmailVerifyOtp view', () => {
  test("default: no code box in the page; CONNECT_OTP carries no code; the frame's prompt shows over the view", async () => {
    const kf = await atOtpView({ GET_USER: () => ok(USER) })
    expect(title()).toBe('Confirm your e-mail')
    expect(shadow().querySelector('.kf-body')?.textContent).toContain(
      `We sent a 6-digit code to ${USER.email}.`,
    )
    expect(shadow().querySelector('.kf-body')?.textContent).toContain(
      'Type it in the secure Keyframe window. This site never sees it.',
    )
    expect(shadow().querySelectorAll('input')).toHaveLength(0)
    expect((await pending('CONNECT_OTP')).data.params).toEqual({})
    const shown = await framePrompt('CONNECT_OTP', 'login_code', { ok: true, result: null })
    expect(shown).toEqual({ view: 'FramePrompt', title: 'Confirm your e-mail' })
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getAccount(kf)).toMatchObject({ status: 'connected', user: { email: USER.email } })
    expect(readLoginCache(localStorage)).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test("behavior: Cancel in the frame's prompt (4001) comes back here; 'Enter the code' opens the prompt again", async () => {
    await atOtpView()
    await framePrompt('CONNECT_OTP', 'login_code', {
      ok: false,
      error: { code: 4001, message: 'User rejected the request.' },
    })
    await vi.waitFor(() => expect(button('Enter the code')).toBeDefined())
    expect(view()).toBe('EmailVerifyOtp')
    expect(alertText()).toBe('')
    button('Enter the code').click()
    await tick()
    expect(sentTypes(frames).filter((type) => type === 'CONNECT_OTP')).toHaveLength(2)
  })

  test("error: the frame's refusal in its words, in an alert", async () => {
    await atOtpView({ CONNECT_OTP: () => fail(-32046, 'No code was requested. Please request a new one.') })
    await vi.waitFor(() => expect(alertText()).toBe('No code was requested. Please request a new one.'))
    expect(button('Enter the code')).toBeDefined()
  })

  test('behavior: leaving the view aborts CONNECT_OTP (the frame is told, and closes its prompt)', async () => {
    const kf = await atOtpView()
    const request = await pending('CONNECT_OTP')
    button('Back').click()
    await tick()
    expect(kf.getState().view).toBe('Connect')
    expect(frames.requests().find((r) => r.type === 'RPC_ABORT')?.data.params).toEqual({ id: request.rid })
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
    await connectOtp(kf)
    await kf.open()
    await tick()
    return kf
  }

  test('default: the address shortened 4 + 6, the e-mail, Update e-mail and Disconnect', async () => {
    await connected()
    expect(title()).toBe('Account')
    expect(shadow().querySelector('[data-testid="kf-address"]')?.textContent).toBe('0xab...5Bfcdb')
    expect(button('Network: Anvil')).toBeDefined()
    expect(shadow().querySelector('.kf-info')?.textContent).toBe(`Logged in as ${USER.email}`)
    expect(shadow().querySelector(`[title="${USER.address}"]`)).not.toBeNull()
    expect(button('Update e-mail')).toBeDefined()
    expect(button('Disconnect')).toBeDefined()
    expect(button('Log out')).toBeDefined()
  })

  test('behavior: Disconnect ends this site only: no SIGN_OUT, the login kept; Connect then offers Continue, which asks nothing', async () => {
    const kf = await connected({ IS_CONNECTED: () => ok({ isConnected: true }) })
    button('Disconnect').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(sentTypes(frames)).not.toContain('SIGN_OUT')
    expect(getAccount(kf).status).toBe('disconnected')
    expect(readLoginCache(localStorage)).toMatchObject({ emailLoginUsed: true, siteDisconnected: true })

    await kf.open()
    expect(view()).toBe('Connect')
    button(`Continue as ${USER.email}`).click()
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(sentTypes(frames).slice(-2)).toEqual(['IS_CONNECTED', 'GET_USER'])
    // Connected from a connect view: the modal closes (SPEC §2).
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
  })

  test('behavior: Continue when the frame says the session is gone → the toast, the e-mail form only', async () => {
    const kf = await connected({ IS_CONNECTED: () => ok({ isConnected: false }) })
    button('Disconnect').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    await kf.open()
    button(`Continue as ${USER.email}`).click()
    await vi.waitFor(() => expect(toastText()).toBe('Error: Your session has ended. Please log in again.'))
    expect(() => button(`Continue as ${USER.email}`)).toThrow()
    expect(readLoginCache(localStorage).emailLoginUsed).toBe(false)
    expect(view()).toBe('Connect')
  })

  test('behavior: Log out signs out, wipes the cache and closes', async () => {
    const kf = await connected({ SIGN_OUT: () => ok(null) })
    button('Log out').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(sentTypes(frames).at(-1)).toBe('SIGN_OUT')
    expect(getAccount(kf).status).toBe('disconnected')
    expect(readLoginCache(localStorage).emailLoginUsed).toBe(false)
    await kf.open()
    expect(() => button(`Continue as ${USER.email}`)).toThrow()
  })

  test('behavior: Log out from the Connect view of a disconnected site signs out', async () => {
    const kf = await connected({ SIGN_OUT: () => ok(null) })
    button('Disconnect').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    await kf.open()
    button('Log out').click()
    await vi.waitFor(() => expect(sentTypes(frames).at(-1)).toBe('SIGN_OUT'))
    expect(readLoginCache(localStorage).emailLoginUsed).toBe(false)
    expect(() => button(`Continue as ${USER.email}`)).toThrow()
  })

  test("error: the frame refuses to sign out → toast 'Failed to disconnect'; disconnected all the same", async () => {
    const kf = await connected({ SIGN_OUT: () => fail(4200, 'SIGN_OUT is not available in this frame yet') })
    button('Log out').click()
    await vi.waitFor(() => expect(toastText()).toBe('Error: Failed to disconnect'))
    expect(kf.getState().view).toBe('Connect')
    expect(getAccount(kf).status).toBe('disconnected')
  })

  test("behavior: update e-mail — new address, both codes in the frame's prompt → Account with the new e-mail", async () => {
    const kf = await connected({ UPDATE_EMAIL: () => ok({ action: 'VERIFY_PRIMARY_OTP' }) })
    button('Update e-mail').click()
    await tick()
    expect(view()).toBe('UpdateEmail')
    const input = await submitEmail('not-an-address', 'New e-mail')
    expect(active()).toBe(input)
    await vi.waitFor(() => expect(alertText()).toBe('Invalid email'))
    await submitEmail('ada@new.example', 'New e-mail')
    await vi.waitFor(() => expect(view()).toBe('UpdateEmailPrimaryOtp'))
    expect(shadow().querySelector('.kf-text')?.textContent).toBe(
      `We sent a 6-digit code to your current e-mail, ${USER.email}.`,
    )
    expect(shadow().querySelectorAll('input')).toHaveLength(0)
    expect((await pending('UPDATE_EMAIL_PRIMARY_OTP')).data.params).toEqual({})
    expect(
      await framePrompt('UPDATE_EMAIL_PRIMARY_OTP', 'current_email_code', { ok: true, result: null }),
    ).toEqual({ view: 'FramePrompt', title: 'Confirm current e-mail' })
    await vi.waitFor(() => expect(view()).toBe('UpdateEmailSecondaryOtp'))
    expect(shadow().querySelector('.kf-text')?.textContent).toBe(
      'We sent a 6-digit code to your new e-mail, ada@new.example.',
    )
    expect((await pending('UPDATE_EMAIL_SECONDARY_OTP')).data.params).toEqual({})
    expect(
      await framePrompt('UPDATE_EMAIL_SECONDARY_OTP', 'new_email_code', {
        ok: true,
        result: { newEmail: 'ada@new.example' },
      }),
    ).toEqual({ view: 'FramePrompt', title: 'Confirm new e-mail' })
    await vi.waitFor(() => expect(view()).toBe('Account'))
    expect(kf.getState().history).toEqual(['Account'])
    expect(shadow().querySelector('.kf-info')?.textContent).toContain('ada@new.example')
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
