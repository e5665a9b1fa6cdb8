// @vitest-environment jsdom
import { PROTOCOL_VERSION } from '@keyframe/protocol'
import { ErrorCode, SOCIAL_RESULT_MESSAGE } from '@keyframe/protocol/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { FRAME_ORIGIN, installFakeFrames } from '../../test/fakeFrame.ts'
import { type Answers, fail, ok, sentTypes, startFrame, tick, USER } from '../../test/frameFlow.ts'
import { shadow } from '../../test/modal.ts'
import { getConnection } from './account.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from './createKeyframe.ts'
import { readLoginCache } from './loginCache.ts'
import { connectFarcaster, connectSocial, SOCIAL_PENDING_KEY } from './socialActions.ts'
import * as onDemand from './socialOnDemand.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: `${FRAME_ORIGIN}/frame`,
  networks: [{ id: 31337, name: 'Anvil' }],
}
const PROVIDER_URL = 'https://github.example/login/oauth/authorize?state=s'
const DONE_URI = `${FRAME_ORIGIN}/social/done?ticket=${'t'.repeat(43)}`
const SOCIAL_USER = { ...USER, email: null, userName: 'ada-gh' }

const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

/** A popup window as the page sees one it opened on another origin: it can be moved, closed, and posts to us. */
function fakePopup() {
  return {
    closed: false,
    location: { href: '' },
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true
    }),
  }
}
type Popup = ReturnType<typeof fakePopup>

/** Delivers a message to the page as the browser does for one posted by `source` at `origin`. */
function post(data: unknown, source: unknown, origin: string) {
  window.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }))
}
const result = (uri = DONE_URI) => ({ type: SOCIAL_RESULT_MESSAGE, uri })

const SOCIAL_ANSWERS: Answers = {
  GET_SOCIAL_REDIRECT_URI: () => ok({ uri: PROVIDER_URL }),
  CONNECT_SOCIAL: () => ok(SOCIAL_USER),
  GET_USER: () => ok(SOCIAL_USER),
}

function buttonNamed(name: string): HTMLButtonElement {
  const button = [...shadow().querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
  )
  if (!button) throw new Error(`No button named ${name}`)
  return button
}

let popup: Popup
let open: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  frames = installFakeFrames()
  popup = fakePopup()
  open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  frames.restore()
  open.mockRestore()
  vi.useRealTimers()
  localStorage.clear()
  sessionStorage.clear()
  history.replaceState(null, '', '/')
  document.body.innerHTML = ''
})

describe('connectSocial: the popup', () => {
  test('default: a press opens the popup at once, then provider → result → CONNECT_SOCIAL → connected with the social user', async () => {
    const kf = create()
    await startFrame(kf, frames, SOCIAL_ANSWERS)
    await kf.open()
    buttonNamed('GitHub').click()
    // Opened inside the press, before anything was awaited (Safari blocks a later popup).
    expect(open).toHaveBeenCalledWith(
      `${FRAME_ORIGIN}/social/popup?provider=github`,
      'keyframe-social',
      'popup,width=500,height=640',
    )
    expect(kf.getState().view).toBe('ConnectingSocial')
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    await vi.waitFor(() => expect(shadow().textContent).toContain('Continue with GitHub'))
    expect(shadow().querySelector('[role="status"]')?.textContent).toBe('Continue in the login window')
    post(result(), popup, FRAME_ORIGIN)
    await vi.waitFor(() => expect(getConnection(kf).status).toBe('connected'))
    const connect = frames.requests().find((r) => r.type === 'CONNECT_SOCIAL')
    expect(connect?.data.params).toEqual({ uri: DONE_URI })
    expect(sentTypes(frames)).toEqual(['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL', 'GET_USER'])
    expect(frames.requests().find((r) => r.type === 'GET_SOCIAL_REDIRECT_URI')?.data.params).toEqual({
      provider: 'github',
    })
    expect(getConnection(kf)).toMatchObject({
      user: { username: 'ada-gh' },
      socialProvider: 'github',
      connectedWalletInfo: { name: 'Keyframe', type: 'embedded', social: 'github' },
    })
    expect(readLoginCache(localStorage)).toMatchObject({
      emailLoginUsed: true,
      socialUsername: 'ada-gh',
      email: undefined,
    })
    expect(kf.getState().open).toBe(false)
    await kf.open()
    expect(shadow().querySelector('.kf-info')?.textContent).toBe('Logged in with GitHub as ada-gh')
  })

  test('attack: a result from another window, or from the popup at another origin, is ignored (control: the popup at the frame origin)', async () => {
    const kf = create()
    await startFrame(kf, frames, SOCIAL_ANSWERS)
    const login = connectSocial(kf, { provider: 'google' })
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    const evil = `${DONE_URI.slice(0, -1)}x`
    post(result(evil), window, FRAME_ORIGIN) // another window of the frame's origin (or the page itself)
    post(result(evil), {}, FRAME_ORIGIN) // an unrelated window
    post(result(evil), popup, 'https://evil.example') // the popup, navigated to another origin
    post({ type: 'other', uri: evil }, popup, FRAME_ORIGIN) // not the result's shape
    await tick()
    await tick()
    expect(sentTypes(frames)).toEqual(['GET_SOCIAL_REDIRECT_URI'])
    // Control: the same message from the popup at the frame's origin is taken.
    post(result(), popup, FRAME_ORIGIN)
    await login
    expect(frames.requests().find((r) => r.type === 'CONNECT_SOCIAL')?.data.params).toEqual({ uri: DONE_URI })
  })

  test("error: the popup closed before a result → 'The login window was closed', Try again opens a new popup", async () => {
    const kf = create()
    await startFrame(kf, frames, SOCIAL_ANSWERS)
    await kf.open()
    buttonNamed('Continue with Google').click()
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    popup.closed = true
    await vi.waitFor(() => expect(kf.getState().socialLogin?.status).toBe('failed'))
    await tick()
    expect(shadow().querySelector('[role="alert"]')?.textContent).toBe('The login window was closed')
    expect(sentTypes(frames)).toEqual(['GET_SOCIAL_REDIRECT_URI'])
    const second = fakePopup()
    open.mockImplementation(() => second as unknown as Window)
    // As a keyboard user does: the pressed control goes away with the failure; focus stays in the view.
    buttonNamed('Try again').focus()
    buttonNamed('Try again').click()
    expect(open).toHaveBeenCalledTimes(2)
    await tick()
    expect(shadow().activeElement?.closest('[data-status]')?.getAttribute('data-status')).toBe('connecting')
    await vi.waitFor(() => expect(second.location.href).toBe(PROVIDER_URL))
    post(result(), second, FRAME_ORIGIN)
    await vi.waitFor(() => expect(getConnection(kf).status).toBe('connected'))
  })

  test('error: the frame refuses the done URI → its words in the view', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      ...SOCIAL_ANSWERS,
      CONNECT_SOCIAL: () => fail(ErrorCode.refused, 'The login was declined'),
    })
    await kf.open()
    buttonNamed('Discord').click()
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    post(result(`${FRAME_ORIGIN}/social/done?error=access_denied`), popup, FRAME_ORIGIN)
    await vi.waitFor(() =>
      expect(shadow().querySelector('[role="alert"]')?.textContent).toBe('The login was declined'),
    )
    expect(getConnection(kf).status).toBe('disconnected')
    expect(buttonNamed('Try again')).toBeDefined()
  })

  test('behavior: Back cancels — the popup closes, a late result is not taken', async () => {
    const kf = create()
    await startFrame(kf, frames, SOCIAL_ANSWERS)
    await kf.open()
    buttonNamed('X').click()
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    buttonNamed('Back').click()
    await tick()
    expect(kf.getState().view).toBe('Connect')
    expect(popup.close).toHaveBeenCalled()
    post(result(), popup, FRAME_ORIGIN)
    await tick()
    expect(sentTypes(frames)).toEqual(['GET_SOCIAL_REDIRECT_URI'])
  })

  test('timeout: CONNECT_SOCIAL unanswered for 30 s → onTimeout and the SOCIALS_TIMEOUT alert', async () => {
    const onTimeout = vi.fn()
    const onAlert = vi.fn()
    const kf = create({ onTimeout, onAlert })
    const { CONNECT_SOCIAL: _, ...answers } = SOCIAL_ANSWERS
    await startFrame(kf, frames, answers)
    vi.useFakeTimers()
    const login = connectSocial(kf, { provider: 'apple' }).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    post(result(), popup, FRAME_ORIGIN)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await login).toMatchObject({ name: 'RequestTimeoutError' })
    expect(onTimeout).toHaveBeenCalledWith('CONNECT_SOCIAL')
    expect(onAlert).toHaveBeenCalledWith({
      code: 'SOCIALS_TIMEOUT',
      message: 'Keyframe: the apple login got no answer from the frame within 30 seconds.',
    })
  })

  test("behavior: the entry's connectSocial opens the popup before it loads the login's code", async () => {
    const kf = create()
    await startFrame(kf, frames, SOCIAL_ANSWERS)
    const login = onDemand.connectSocial(kf, { provider: 'facebook' })
    expect(open).toHaveBeenCalledWith(
      `${FRAME_ORIGIN}/social/popup?provider=facebook`,
      'keyframe-social',
      'popup,width=500,height=640',
    )
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL))
    post(result(), popup, FRAME_ORIGIN)
    await login
    expect(getConnection(kf).socialProvider).toBe('facebook')
  })
})

describe('connectSocial: the redirect fallback (popup blocked)', () => {
  test('default: window.open → null: returnTo without the fragment, the pending login kept, the page goes to the provider', async () => {
    open.mockImplementation(() => null)
    history.replaceState(null, '', '/app?x=1#section')
    const here = `${location.origin}/app?x=1`
    // A same-document URL: jsdom navigates to it (it cannot leave the page).
    const providerUrl = `${here}#provider`
    const kf = create()
    await startFrame(kf, frames, { GET_SOCIAL_REDIRECT_URI: () => ok({ uri: providerUrl }) })
    await connectSocial(kf, { provider: 'google' })
    expect(frames.requests().find((r) => r.type === 'GET_SOCIAL_REDIRECT_URI')?.data.params).toEqual({
      provider: 'google',
      returnTo: here,
    })
    expect(JSON.parse(sessionStorage.getItem(SOCIAL_PENDING_KEY)!)).toEqual({ provider: 'google' })
    expect(location.href).toBe(providerUrl)
    expect(kf.getState().socialLogin).toEqual({ provider: 'google', status: 'redirecting' })
  })

  test('behavior: back with #keyframe-social= → the fragment is removed, the modal opens on ConnectingSocial and connects', async () => {
    sessionStorage.setItem(SOCIAL_PENDING_KEY, JSON.stringify({ provider: 'google' }))
    history.replaceState(null, '', `/app?x=1#keyframe-social=${encodeURIComponent(DONE_URI)}`)
    const kf = create()
    await vi.waitFor(() => expect(location.hash).toBe(''))
    expect(location.href).toBe(`${location.origin}/app?x=1`)
    const iframe = await vi.waitFor(() => document.querySelector('iframe')!)
    const fake = frames.of(iframe)!
    for (const [type, answer] of Object.entries(SOCIAL_ANSWERS)) fake.answer(type as never, answer as never)
    fake.ready()
    await vi.waitFor(() => expect(getConnection(kf).status).toBe('connected'))
    expect(frames.requests().find((r) => r.type === 'CONNECT_SOCIAL')?.data.params).toEqual({ uri: DONE_URI })
    expect(getConnection(kf).socialProvider).toBe('google')
    expect(sessionStorage.getItem(SOCIAL_PENDING_KEY)).toBeNull()
  })

  test('attack: a #keyframe-social= link this tab did not start is only removed (control above: with the pending login it connects)', async () => {
    history.replaceState(null, '', `/app#keyframe-social=${encodeURIComponent(DONE_URI)}`)
    const kf = create()
    await vi.waitFor(() => expect(location.hash).toBe(''))
    await tick()
    await tick()
    expect(document.querySelector('iframe')).toBeNull()
    expect(kf.getState().open).toBe(false)
  })
})

describe('features.socials and READY.logins', () => {
  const socialNames = () =>
    [...shadow().querySelectorAll('[data-connect-method="social"] button')].map((b) => b.textContent)

  test('default: the seven in SPEC §9 order, each with its mark', async () => {
    const kf = create()
    await kf.open()
    expect(socialNames()).toEqual([
      'Continue with Google',
      'X',
      'Discord',
      'Farcaster',
      'GitHub',
      'Apple',
      'Facebook',
    ])
    await vi.waitFor(() => expect(shadow().querySelectorAll('svg.kf-social-icon')).toHaveLength(7))
  })

  test('parameters: an array sets which and in what order; false and [] hide the section', async () => {
    const kf = create({ features: { socials: ['github', 'google'] } })
    await kf.open()
    expect(socialNames()).toEqual(['Continue with GitHub', 'Google'])
    kf.destroy()
    for (const socials of [false, []] as const) {
      const hidden = create({ features: { socials } })
      await hidden.open()
      expect(shadow().querySelector('[data-connect-method="social"]')).toBeNull()
      expect(shadow().querySelectorAll('.kf-divider')).toHaveLength(1)
      hidden.destroy()
    }
  })

  test('error: anything else is a ConfigError naming the option', () => {
    for (const socials of ['google', ['google', 'myspace'], true]) {
      expect(() => create({ features: { socials: socials as never } })).toThrow(
        'Keyframe: `features.socials` must be false or an array of google, x, discord, farcaster, github, apple, facebook.',
      )
    }
  })

  test('behavior: once the frame said which logins its project turned on, only those are offered', async () => {
    const kf = create()
    await kf.open()
    const client = await kf.frame()
    const loaded = client.ensure()
    frames.of(client.element())!.emit('READY', { version: PROTOCOL_VERSION, logins: ['github', 'farcaster'] })
    await loaded
    await tick()
    expect(socialNames()).toEqual(['Continue with Farcaster', 'GitHub'])
  })
})

describe('connectFarcaster', () => {
  const FARCASTER_URL = 'farcaster://connect?channelToken=abc&nonce=n'

  test('default: the view shows the URI as a QR code with Copy link; a refusal shows with Try again; then connects with the username', async () => {
    const kf = create()
    const fake = await startFrame(kf, frames, {
      GET_FARCASTER_URI: () => ok({ url: FARCASTER_URL }),
      GET_USER: () => ok({ ...SOCIAL_USER, userName: 'ada' }),
    })
    await kf.open()
    buttonNamed('Farcaster').click()
    await vi.waitFor(() =>
      expect(shadow().querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
        'QR code to log in with Farcaster',
      ),
    )
    expect(buttonNamed('Copy link')).toBeDefined()
    expect(shadow().textContent).toContain('Waiting for Farcaster')
    expect(open).not.toHaveBeenCalled()
    // The frame refuses the signature: its words, and Try again starts over with a new URI.
    const waiting = fake.requests().find((r) => r.type === 'CONNECT_FARCASTER')!
    const refusal = "The Farcaster signature is not from the account's custody address"
    fake.reply(waiting.rid, fail(ErrorCode.refused, refusal))
    await vi.waitFor(() => expect(shadow().querySelector('[role="alert"]')?.textContent).toBe(refusal))
    fake.answer('CONNECT_FARCASTER', () => ok({ userName: 'ada' }))
    buttonNamed('Try again').click()
    await vi.waitFor(() => expect(getConnection(kf).status).toBe('connected'))
    expect(getConnection(kf)).toMatchObject({ user: { username: 'ada' }, socialProvider: 'farcaster' })
    expect(readLoginCache(localStorage).socialUsername).toBe('ada')
    expect(sentTypes(frames).filter((t) => t === 'GET_FARCASTER_URI')).toHaveLength(2)
    expect(kf.getState().open).toBe(false)
  })

  test('parameters: onUri gets the URI before the wait; the result is the username', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      GET_FARCASTER_URI: () => ok({ url: FARCASTER_URL }),
      CONNECT_FARCASTER: () => ok({ userName: 'ada' }),
      GET_USER: () => ok({ ...SOCIAL_USER, userName: 'ada' }),
    })
    const onUri = vi.fn()
    await expect(connectFarcaster(kf, { onUri })).resolves.toEqual({ userName: 'ada' })
    expect(onUri).toHaveBeenCalledWith(FARCASTER_URL)
    expect(sentTypes(frames)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'GET_USER'])
  })
})
