// @vitest-environment jsdom
import { FRAME_CONNECT_TIMEOUT_MS, RequestTimeoutError } from '@keyframe/protocol/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { fail, frameCreatedByKeyframe, ok, sentTypes, startFrame, tick, USER } from '../../test/frameFlow.ts'
import { getAccount, getConnection, watchAccount, watchConnection } from './account.ts'
import { disconnect, reconnect, signOut } from './connection.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from './createKeyframe.ts'
import {
  connectDevice,
  connectEmail,
  connectOtp,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
} from './emailActions.ts'
import * as onDemand from './emailOnDemand.ts'
import { LOGIN_CACHE_KEYS, readLoginCache, recordEmailSent, saveLogin } from './loginCache.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
}
const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

const cache = () => readLoginCache(localStorage)
/** A returning visitor: a previous e-mail login left the used flag. */
const returning = () => saveLogin(localStorage, { email: USER.email, chainId: 'eip155:31337' })

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  frames.restore()
  vi.useRealTimers()
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('restore and sync on start (SPEC §4)', () => {
  test('default: no login used → disconnected, no frame', async () => {
    const kf = create()
    expect(getAccount(kf)).toMatchObject({
      status: 'disconnected',
      isDisconnected: true,
      namespace: 'eip155',
    })
    await tick()
    await tick()
    expect(document.querySelector('iframe')).toBeNull()
  })

  test('behavior: login used → connecting at once, the frame is created, IS_CONNECTED then GET_USER → connected', async () => {
    returning()
    recordEmailSent(localStorage, Date.now())
    const kf = create()
    expect(getAccount(kf).status).toBe('connecting')
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(sentTypes(frames)).toEqual(['IS_CONNECTED', 'GET_USER'])
    expect(frames.requests().find((r) => r.type === 'GET_USER')?.data.params).toEqual({
      chainId: 'eip155:31337',
    })
    expect(getAccount(kf)).toMatchInlineSnapshot(`
      {
        "address": "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        "caipAddress": "eip155:31337:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        "chainId": "eip155:31337",
        "isConnected": true,
        "isConnecting": false,
        "isDisconnected": false,
        "namespace": "eip155",
        "status": "connected",
        "user": {
          "email": "ada@example.com",
        },
      }
    `)
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email, lastEmailLoginTime: undefined })
  })

  test('behavior: isConnected false → disconnected and the cache wiped', async () => {
    returning()
    localStorage.setItem(LOGIN_CACHE_KEYS.socialUsername, 'ada')
    const kf = create()
    await frameCreatedByKeyframe(frames, { IS_CONNECTED: () => ok({ isConnected: false }) })
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('disconnected'))
    expect(sentTypes(frames)).toEqual(['IS_CONNECTED'])
    expect(cache()).toMatchObject({
      emailLoginUsed: false,
      email: undefined,
      lastUsedChainId: undefined,
      socialUsername: undefined,
    })
  })

  test('behavior: GET_USER refused with 4100 (the frame holds no session) → disconnected and the cache wiped', async () => {
    returning()
    const kf = create()
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => fail(4100, 'The requested method and/or account has not been authorized by the user.'),
    })
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('disconnected'))
    expect(cache().emailLoginUsed).toBe(false)
  })

  // A failure on the way says nothing about the session: the saved login stays, for the next start (or
  // Continue) to try again.
  test('error: the frame does not load → disconnected, the saved login kept; the next start restores it', async () => {
    vi.useFakeTimers()
    returning()
    const onAlert = vi.fn()
    const kf = create({ onAlert })
    expect(getAccount(kf).status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache()).toMatchObject({
      emailLoginUsed: true,
      email: USER.email,
      lastUsedChainId: 'eip155:31337',
    })
    expect(onAlert).toHaveBeenCalledWith(expect.objectContaining({ code: 'FRAME_LOAD_FAILED' }))
    kf.destroy()
    vi.useRealTimers()

    const next = create()
    expect(getAccount(next).status).toBe('connecting')
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await vi.waitFor(() => expect(getAccount(next).status).toBe('connected'))
  })

  test.each([
    ['IS_CONNECTED times out', { GET_USER: () => ok(USER) }, ['IS_CONNECTED']],
    ['GET_USER times out', { IS_CONNECTED: () => ok({ isConnected: true }) }, ['IS_CONNECTED', 'GET_USER']],
  ] as const)('error: %s → disconnected, the saved login kept', async (_name, answers, asked) => {
    vi.useFakeTimers()
    returning()
    const kf = create()
    await vi.advanceTimersByTimeAsync(0)
    const fake = frames.of(document.querySelector('iframe')!)!
    for (const [type, answer] of Object.entries(answers)) fake.answer(type as never, answer as never)
    fake.ready()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sentTypes(frames)).toEqual(asked)
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test.each([
    ['an internal error', () => fail(-32603, 'An error occurred')],
    ['a refusal that is not 4100', () => fail(4200, 'GET_USER is not available in this frame yet')],
    ['a reply that breaks the schema', () => ok({ address: 42 })],
  ])('error: GET_USER fails with %s → disconnected, the saved login kept', async (_name, answer) => {
    returning()
    const kf = create()
    await frameCreatedByKeyframe(frames, { IS_CONNECTED: () => ok({ isConnected: true }), GET_USER: answer })
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('disconnected'))
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test('behavior: destroy() during the sync wipes nothing', async () => {
    returning()
    const kf = create()
    await frameCreatedByKeyframe(frames)
    await tick()
    kf.destroy()
    await tick()
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test('parameters: storage', async () => {
    const storage = new Map<string, string>()
    const kf = create({
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
    })
    await startFrame(kf, frames, { CONNECT_EMAIL: () => ok({ action: 'VERIFY_OTP' }) })
    await connectEmail(kf, { email: USER.email })
    expect([...storage.keys()]).toEqual([LOGIN_CACHE_KEYS.lastEmailLoginTime])
    expect(localStorage.length).toBe(0)
  })

  test('parameters: networks — the first network picks the active namespace', () => {
    expect(
      getAccount(create({ networks: [{ id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana' }] }))
        .namespace,
    ).toBe('solana')
    // A namespace the product does not know falls back to eip155.
    expect(getAccount(create({ networks: [{ id: 'cosmos:cosmoshub-4', name: 'Cosmos' }] })).namespace).toBe(
      'eip155',
    )
    expect(getAccount(create({ networks: [] })).namespace).toBe('eip155')
  })

  test('parameters: storage null keeps the cache in memory only', async () => {
    returning()
    const kf = create({ storage: null })
    expect(getAccount(kf).status).toBe('disconnected')
  })
})

describe('connectEmail', () => {
  test('default: CONNECT_EMAIL, records the send time, returns the action', async () => {
    const kf = create()
    await startFrame(kf, frames, { CONNECT_EMAIL: () => ok({ action: 'VERIFY_OTP' }) })
    const before = Date.now()
    await expect(connectEmail(kf, { email: USER.email })).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect(frames.requests().find((r) => r.type === 'CONNECT_EMAIL')?.data.params).toEqual({
      email: USER.email,
    })
    expect(cache().lastEmailLoginTime).toBeGreaterThanOrEqual(before)
    expect(getAccount(kf).status).toBe('disconnected')
  })

  test('behavior: CONNECT (the session is still valid) connects at once', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_EMAIL: () => ok({ action: 'CONNECT' }),
      GET_USER: () => ok(USER),
    })
    await expect(connectEmail(kf, { email: USER.email })).resolves.toEqual({ action: 'CONNECT' })
    expect(getAccount(kf)).toMatchObject({ status: 'connected', address: USER.address })
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email, lastEmailLoginTime: undefined })
  })

  test('error: inside the 30 s cooldown, seconds rounded up; nothing is sent', async () => {
    const kf = create()
    await startFrame(kf, frames)
    recordEmailSent(localStorage, Date.now() - 10_500)
    await expect(connectEmail(kf, { email: USER.email })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[EmailCooldownError: Please try again after 20 seconds]`,
    )
    recordEmailSent(localStorage, Date.now() - 29_001)
    await expect(connectEmail(kf, { email: USER.email })).rejects.toThrow('Please try again after 1 seconds')
    expect(sentTypes(frames)).toEqual([])
  })

  test('error: an invalid address is refused before anything is posted', async () => {
    const kf = create()
    const error = await connectEmail(kf, { email: 'ada@' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'InvalidParamsError', issues: [{ message: 'Invalid email' }] })
    expect(document.querySelector('iframe')).toBeNull()
    expect(cache().lastEmailLoginTime).toBeUndefined()
  })

  test("error: the frame's refusal, in its words", async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_EMAIL: () => fail(4200, 'CONNECT_EMAIL is not available in this frame yet'),
    })
    await expect(connectEmail(kf, { email: USER.email })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ProtocolError: CONNECT_EMAIL is not available in this frame yet]`,
    )
    expect(cache().lastEmailLoginTime).toBeUndefined()
  })
})

describe('connectOtp', () => {
  test('default: CONNECT_OTP then GET_USER → connected, login saved, modal closed (SPEC §2, §4)', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_EMAIL: () => ok({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => ok(null),
      GET_USER: () => ok(USER),
    })
    await kf.open()
    await connectEmail(kf, { email: USER.email })
    // Still on Connect (a connect view): the code is typed in the frame, which answers CONNECT_OTP.
    const statuses: string[] = []
    watchConnection(kf, { onChange: (connection) => statuses.push(connection.status) })
    await connectOtp(kf)
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(sentTypes(frames)).toEqual(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER'])
    expect(kf.getState().open).toBe(false)
    expect(cache()).toMatchObject({
      emailLoginUsed: true,
      email: USER.email,
      lastEmailLoginTime: undefined,
      lastUsedChainId: 'eip155:31337',
    })
  })

  test('error: a wrong code → the frame’s words; still disconnected, nothing saved', async () => {
    const kf = create()
    await startFrame(kf, frames, { CONNECT_OTP: () => fail(4001, 'Invalid code') })
    await expect(connectOtp(kf)).rejects.toThrow('Invalid code')
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache().emailLoginUsed).toBe(false)
  })

  test('error: the user cannot be read after the code → back to disconnected', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_OTP: () => ok(null),
      GET_USER: () => fail(-32603, 'An error occurred'),
    })
    await expect(connectOtp(kf)).rejects.toThrow('An error occurred')
    expect(getAccount(kf).status).toBe('disconnected')
  })

  test('behavior: the user on another namespace becomes the active one', async () => {
    const kf = create()
    const solana = {
      ...USER,
      address: 'So11111111111111111111111111111111111111112',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }
    await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(solana) })
    await connectOtp(kf)
    expect(getAccount(kf)).toMatchObject({ namespace: 'solana', status: 'connected' })
    expect(getConnection(kf, { namespace: 'eip155' }).status).toBe('disconnected')
  })
})

describe('connectDevice', () => {
  test('default: waits for the approval; a complete login connects', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_DEVICE: () => ok(null),
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await expect(connectDevice(kf)).resolves.toEqual({ action: 'CONNECT' })
    expect(getAccount(kf).status).toBe('connected')
  })

  test('behavior: approved, but a code comes next → VERIFY_OTP', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_DEVICE: () => ok(null),
      IS_CONNECTED: () => ok({ isConnected: false }),
    })
    await expect(connectDevice(kf)).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache().lastEmailLoginTime).toBeDefined()
  })
})

describe('30 s connect timeouts (SPEC §8)', () => {
  test.each([
    ['CONNECT_EMAIL', (kf: Keyframe) => connectEmail(kf, { email: USER.email })],
    ['CONNECT_OTP', (kf: Keyframe) => connectOtp(kf)],
    ['CONNECT_DEVICE', (kf: Keyframe) => connectDevice(kf)],
  ] as const)('behavior: %s calls onTimeout and aborts', async (type, action) => {
    vi.useFakeTimers()
    const onTimeout = vi.fn()
    const kf = create({ onTimeout })
    const client = await kf.frame()
    const loaded = client.ensure()
    frames.of(client.element())!.ready()
    await loaded
    const result = action(kf).catch((e: unknown) => e)
    // The 30 s start when the request is posted, a few promise steps later.
    for (let i = 0; i < 20 && !frames.requests().some((r) => r.type === type); i++) {
      await vi.advanceTimersByTimeAsync(0)
    }
    await vi.advanceTimersByTimeAsync(FRAME_CONNECT_TIMEOUT_MS - 1)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toBeInstanceOf(RequestTimeoutError)
    expect(onTimeout).toHaveBeenCalledWith(type)
    await vi.advanceTimersByTimeAsync(0)
    const sent = frames.requests()
    const request = sent.find((r) => r.type === type)!
    expect(sent.find((r) => r.type === 'RPC_ABORT')?.data.params).toEqual({ id: request.rid })
    expect(client.pending().filter((p) => p.type !== 'SYNC_THEME' && p.type !== 'SYNC_DAPP_DATA')).toEqual([])
  })
})

describe('disconnect', () => {
  async function connected(answers = {}) {
    const kf = create()
    await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER), ...answers })
    await connectOtp(kf)
    localStorage.setItem(LOGIN_CACHE_KEYS.socialUsername, 'ada')
    return kf
  }

  test('default: this site disconnects, the frame keeps the login (no SIGN_OUT); the cache stays, marked', async () => {
    const kf = await connected({ SIGN_OUT: () => ok(null) })
    await disconnect(kf)
    expect(sentTypes(frames)).toEqual(['CONNECT_OTP', 'GET_USER'])
    expect(getAccount(kf)).toMatchObject({ status: 'disconnected', address: undefined, user: undefined })
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email, siteDisconnected: true })
  })

  test('behavior: a disconnected site restores nothing on the next start; reconnect() asks nothing', async () => {
    const kf = await connected({ IS_CONNECTED: () => ok({ isConnected: true }) })
    await disconnect(kf)
    kf.destroy()

    const next = create()
    await tick()
    expect(getAccount(next).status).toBe('disconnected')
    expect(document.querySelector('iframe')).toBeNull()
    const reconnecting = reconnect(next)
    expect(getAccount(next).status).toBe('connecting')
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    await expect(reconnecting).resolves.toBe(true)
    expect(getAccount(next)).toMatchObject({ status: 'connected', address: USER.address })
    expect(sentTypes(frames).slice(-2)).toEqual(['IS_CONNECTED', 'GET_USER'])
    expect(cache()).toMatchObject({ emailLoginUsed: true, siteDisconnected: false })
  })

  test('behavior: reconnect() when the frame says the session is gone → false, the cache wiped', async () => {
    const kf = await connected({ IS_CONNECTED: () => ok({ isConnected: false }) })
    await disconnect(kf)
    await expect(reconnect(kf)).resolves.toBe(false)
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache()).toMatchObject({ emailLoginUsed: false, email: undefined, siteDisconnected: false })
  })

  test('error: reconnect() fails on the way → it throws, the saved login stays', async () => {
    const kf = await connected({ IS_CONNECTED: () => fail(-32603, 'An error occurred') })
    await disconnect(kf)
    await expect(reconnect(kf)).rejects.toMatchObject({ code: -32603 })
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache()).toMatchObject({ emailLoginUsed: true, siteDisconnected: true })
  })

  test('behavior: reconnect() with nothing saved → false, no frame', async () => {
    const kf = create()
    await expect(reconnect(kf)).resolves.toBe(false)
    expect(document.querySelector('iframe')).toBeNull()
  })

  test('behavior: the frame saying DISCONNECTED while the site is disconnected wipes the saved login', async () => {
    const kf = await connected()
    await disconnect(kf)
    frames.frames[0]!.emit('DISCONNECTED', {})
    expect(cache()).toMatchObject({ emailLoginUsed: false, email: undefined, siteDisconnected: false })
  })

  test('behavior: a late sync answer does not undo a disconnect', async () => {
    returning()
    const kf = create()
    const fake = await frameCreatedByKeyframe(frames, { SIGN_OUT: () => ok(null) })
    await vi.waitFor(() => expect(sentTypes(frames)).toContain('IS_CONNECTED'))
    await disconnect(kf)
    const check = frames.requests().find((r) => r.type === 'IS_CONNECTED')!
    fake.reply(check.rid, { ok: true, result: { isConnected: true } })
    await tick()
    expect(getAccount(kf).status).toBe('disconnected')
    expect(sentTypes(frames)).not.toContain('GET_USER')
  })

  describe('signOut', () => {
    async function connected(answers = {}) {
      const kf = create()
      await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER), ...answers })
      await connectOtp(kf)
      localStorage.setItem(LOGIN_CACHE_KEYS.socialUsername, 'ada')
      return kf
    }

    test('default: SIGN_OUT, disconnected, cache wiped', async () => {
      const kf = await connected({ SIGN_OUT: () => ok(null) })
      await signOut(kf)
      expect(sentTypes(frames).at(-1)).toBe('SIGN_OUT')
      expect(getAccount(kf)).toMatchObject({ status: 'disconnected', address: undefined, user: undefined })
      expect(cache()).toMatchObject({
        emailLoginUsed: false,
        email: undefined,
        lastUsedChainId: undefined,
        socialUsername: undefined,
      })
    })

    test("error: the frame refuses → 'Failed to disconnect', but disconnected and wiped all the same", async () => {
      const kf = await connected({
        SIGN_OUT: () => fail(4200, 'SIGN_OUT is not available in this frame yet'),
      })
      const error = await signOut(kf).catch((e: unknown) => e)
      expect(error).toMatchInlineSnapshot(`[DisconnectError: Failed to disconnect]`)
      expect((error as Error).cause).toMatchObject({ code: 4200 })
      expect(getAccount(kf).status).toBe('disconnected')
      expect(cache().emailLoginUsed).toBe(false)
    })

    test('behavior: with the frame gone, still disconnected and wiped', async () => {
      const kf = create({ storage: null })
      await signOut(kf)
      expect(document.querySelector('iframe')).toBeNull()

      const other = await connected()
      ;(await other.frame()).destroy()
      await expect(signOut(other)).resolves.toBeUndefined()
      expect(getAccount(other).status).toBe('disconnected')
      expect(cache().emailLoginUsed).toBe(false)
    })

    test('behavior: a site disconnected before this start has the frame load to sign out', async () => {
      const kf = await connected()
      await disconnect(kf)
      kf.destroy()
      const next = create()
      const signingOut = signOut(next)
      expect(cache().emailLoginUsed).toBe(false)
      await frameCreatedByKeyframe(frames, { SIGN_OUT: () => ok(null) })
      await signingOut
      expect(sentTypes(frames).at(-1)).toBe('SIGN_OUT')
    })
  })
})

describe('frame events', () => {
  test('behavior: DISCONNECTED → disconnected and wiped', async () => {
    const kf = create()
    const fake = await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER) })
    await connectOtp(kf)
    fake.emit('DISCONNECTED', {})
    expect(getAccount(kf).status).toBe('disconnected')
    expect(cache().emailLoginUsed).toBe(false)
  })

  test('behavior: SESSION_UPDATE reads the user again', async () => {
    const kf = create()
    let user = USER
    const fake = await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(user) })
    await connectOtp(kf)
    user = { ...USER, email: 'ada@new.example' }
    fake.emit('SESSION_UPDATE', { token: 'opaque' })
    await vi.waitFor(() => expect(getAccount(kf).user?.email).toBe('ada@new.example'))
  })
})

describe('updateEmail', () => {
  test('default: UPDATE_EMAIL, primary code, secondary code → the new e-mail everywhere', async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_OTP: () => ok(null),
      GET_USER: () => ok(USER),
      UPDATE_EMAIL: () => ok({ action: 'VERIFY_PRIMARY_OTP' }),
      UPDATE_EMAIL_PRIMARY_OTP: () => ok(null),
      UPDATE_EMAIL_SECONDARY_OTP: () => ok({ newEmail: 'ada@new.example' }),
    })
    await connectOtp(kf)
    await expect(updateEmail(kf, { newEmail: 'ada@new.example' })).resolves.toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await updateEmailPrimaryOtp(kf)
    await expect(updateEmailSecondaryOtp(kf)).resolves.toEqual({
      email: 'ada@new.example',
    })
    expect(getAccount(kf).user).toEqual({ email: 'ada@new.example' })
    expect(cache()).toMatchObject({ email: 'ada@new.example', emailLoginUsed: true })
    expect(sentTypes(frames).slice(-3)).toEqual([
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ])
  })

  test("behavior: the @keyframe/sdk entry's e-mail actions load emailActions.ts on first call: a login by code, a device approval, an e-mail update", async () => {
    const kf = create()
    await startFrame(kf, frames, {
      CONNECT_EMAIL: () => ok({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => ok(null),
      CONNECT_DEVICE: () => ok(null),
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
      UPDATE_EMAIL: () => ok({ action: 'VERIFY_PRIMARY_OTP' }),
      UPDATE_EMAIL_PRIMARY_OTP: () => ok(null),
      UPDATE_EMAIL_SECONDARY_OTP: () => ok({ newEmail: 'ada@new.example' }),
    })
    await expect(onDemand.connectEmail(kf, { email: USER.email })).resolves.toEqual({ action: 'VERIFY_OTP' })
    await onDemand.connectOtp(kf)
    expect(getAccount(kf)).toMatchObject({ status: 'connected', address: USER.address })
    await expect(onDemand.connectDevice(kf)).resolves.toEqual({ action: 'CONNECT' })
    await expect(onDemand.updateEmail(kf, { newEmail: 'ada@new.example' })).resolves.toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await onDemand.updateEmailPrimaryOtp(kf)
    await expect(onDemand.updateEmailSecondaryOtp(kf)).resolves.toEqual({ email: 'ada@new.example' })
    expect(getAccount(kf).user).toEqual({ email: 'ada@new.example' })
    expect(sentTypes(frames)).toEqual([
      'CONNECT_EMAIL',
      'CONNECT_OTP',
      'GET_USER',
      'CONNECT_DEVICE',
      'IS_CONNECTED',
      'GET_USER',
      'UPDATE_EMAIL',
      'UPDATE_EMAIL_PRIMARY_OTP',
      'UPDATE_EMAIL_SECONDARY_OTP',
    ])
  })

  test('error: an invalid new address', async () => {
    const kf = create()
    await expect(updateEmail(kf, { newEmail: 'nope' })).rejects.toMatchObject({
      issues: [{ message: 'Invalid email' }],
    })
  })
})

describe('readers and watchers', () => {
  test('behavior: getAccount returns the same object until the account changes; watchAccount hears changes', async () => {
    const kf = create()
    const first = getAccount(kf)
    kf.setThemeMode('light')
    expect(getAccount(kf)).toBe(first)
    const seen: string[] = []
    const unwatch = watchAccount(kf, { onChange: (account) => seen.push(account.status) })
    const fake = await startFrame(kf, frames, {
      CONNECT_OTP: () => ok(null),
      GET_USER: () => ok(USER),
      SIGN_OUT: () => ok(null),
    })
    await connectOtp(kf)
    // The same user read again is no change.
    const connectedAccount = getAccount(kf)
    fake.emit('SESSION_UPDATE', { token: 'opaque' })
    await tick()
    await tick()
    expect(getAccount(kf)).toBe(connectedAccount)
    unwatch()
    await disconnect(kf)
    expect(seen).toEqual(['connecting', 'connected'])
  })

  test('behavior: kf.subscribe state carries the connections', async () => {
    const kf = create()
    const states: string[] = []
    kf.subscribe((state) => states.push(state.connections[state.activeNamespace].status))
    await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER) })
    await connectOtp(kf)
    // Other changes (the frame's sync requests) come through too; the status steps are these.
    expect(states.filter((s, i) => s !== (states[i - 1] ?? 'disconnected'))).toEqual([
      'connecting',
      'connected',
    ])
    expect(kf.getState().connections.eip155.address).toBe(USER.address)
  })

  test('behavior: open() shows Account once connected', async () => {
    const kf = create()
    await startFrame(kf, frames, { CONNECT_OTP: () => ok(null), GET_USER: () => ok(USER) })
    await connectOtp(kf)
    await kf.open()
    expect(kf.getState().view).toBe('Account')
  })
})
