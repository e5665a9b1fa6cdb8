/**
 * The frame's login handlers against the real server app (PGlite, real mail catcher), with each "browser
 * storage partition" a fake IndexedDB plus a localStorage of its own. Requests go through `dispatch`, as
 * the parent's would.
 */

import { UserRejectedRequestError } from '@keyframe/protocol/core'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { codeIn, createHarness, type Harness } from '../../server/testing/harness.ts'
import { type AccountServices, createBridgeContext } from '../bridge/context.ts'
import { dispatch } from '../bridge/dispatch.ts'
import { createSocialInbox } from '../login/socialInbox.ts'
import type { AskOptions } from '../prompt/passphrasePrompt.ts'
import { createApi } from '../session/api.ts'
import { createTokenStore, TOKEN_KEY } from '../session/tokenStore.ts'
import type { PassphrasePrompter } from '../wallet/custody.ts'
import { type DeviceStore, openDeviceStore } from '../wallet/deviceStore.ts'

// Real scrypt (N = 2^17) runs on every passphrase; PGlite starts slowly on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

let harness: Harness
beforeAll(async () => {
  harness = await createHarness()
})
afterAll(async () => {
  await harness?.close()
})

/** One storage partition: what survives a reload of the frame in one top-level site. */
function partition() {
  const storage = new Map<string, string>()
  return {
    indexedDB: new IDBFactory(),
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    storage,
  }
}
type Partition = ReturnType<typeof partition>

/**
 * What a person types at the frame's prompt: a passphrase, what a function finds (a code read from the
 * mailbox, after pressing 'Resend code' maybe), or Cancel.
 */
type Answer = string | ((options: AskOptions) => Promise<string>) | typeof CANCEL
const CANCEL = Symbol('Cancel')

/** A person at the frame's prompt: answers in order, and records what was asked and whether it is open. */
function person(...answers: Answer[]) {
  const asked: { kind: string; error?: string }[] = []
  let open = false
  const prompter: PassphrasePrompter = {
    async ask(kind, options = {}) {
      open = true
      asked.push({ kind, ...(options.error ? { error: options.error } : {}) })
      const answer = answers.shift()
      if (answer === undefined) throw new Error('the person has nothing more to type')
      if (answer === CANCEL) throw new UserRejectedRequestError()
      return typeof answer === 'string' ? answer : answer(options)
    },
    close() {
      open = false
    },
  }
  return { prompter, asked, isOpen: () => open }
}

/** The person reads the code of the newest unread mail to `email` and types it. */
const mailed =
  (email: string, subject = 'login code'): Answer =>
  () =>
    codeFor(email, subject)

/** A frame document loaded in `where` (a new bridge context: nothing in memory). */
function frame(where: Partition, options: { projectId?: string; prompter?: PassphrasePrompter } = {}) {
  const events: { type: string; params: unknown }[] = []
  const tokens = createTokenStore(where.localStorage)
  let store: Promise<DeviceStore> | undefined
  const devices = () => {
    store ??= openDeviceStore(where.indexedDB)
    return store
  }
  const account: AccountServices = {
    api: createApi({
      origin: 'http://localhost',
      tokens,
      devices,
      fetch: async (input, init) => harness.app.request(input, init),
    }),
    tokens,
    devices,
    prompt: async () => options.prompter ?? person().prompter,
    custody: () => import('../wallet/custody.ts'),
    socialInbox: createSocialInbox(),
  }
  const ctx = createBridgeContext({
    projectId: options.projectId ?? 'dev',
    parentOrigin: 'http://127.0.0.1:5173',
    chainId: 'eip155:31337',
    emit: (type, params) => events.push({ type, params }),
    account,
  })
  const send = async (type: string, params: unknown = {}) =>
    dispatch(type, { v: 1, id: crypto.randomUUID(), params }, ctx)
  return { ctx, events, send, account }
}

/** The answer's result, or a failure naming its error. */
function ok(reply: { ok: boolean; result?: unknown; error?: unknown }) {
  if (!reply.ok) throw new Error(`refused: ${JSON.stringify(reply.error)}`)
  return reply.result as Record<string, unknown> | null
}

/** Past the 30 s resend cooldown of every address (the server's clock is the harness's). */
function afterCooldown() {
  harness.advance(31_000)
}

async function codeFor(email: string, subject = 'login code') {
  return codeIn(await harness.mail.waitFor(email, { subject }))
}

const PASSPHRASE = 'correct horse battery staple'

describe('e-mail login, passphrase recovery', () => {
  const email = `ada-${crypto.randomUUID().slice(0, 8)}@example.com`
  const home = partition()
  const away = partition()
  let address: string

  test("first login: the code and a new wallet's passphrase, both asked for in the frame, a session", async () => {
    const ada = person(mailed(email), PASSPHRASE)
    const f = frame(home, { prompter: ada.prompter })
    expect(ok(await f.send('CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_OTP' })
    expect(ok(await f.send('CONNECT_OTP', {}))).toBeNull()
    expect(ada.asked).toEqual([{ kind: 'login_code' }, { kind: 'create_passphrase' }])
    expect(ada.isOpen()).toBe(false)

    const user = ok(await f.send('GET_USER', { chainId: 'eip155:1' }))
    address = user?.address as string
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // eip155:1 is not among this frame's chains (none are configured here): it stays where it is.
    expect(user).toMatchObject({ email, chainId: 'eip155:31337', accounts: [{ address, type: 'eoa' }] })
    expect(f.events.map((e) => e.type)).toEqual(['SESSION_UPDATE'])
    // On plain-http localhost the token lives in the frame's own storage, and the parent gets another value.
    const token = home.storage.get(TOKEN_KEY)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(f.events[0]).toEqual({ type: 'SESSION_UPDATE', params: { token: expect.any(String) } })
    expect(f.events[0]).not.toEqual({ type: 'SESSION_UPDATE', params: { token } })
  })

  test('a reload of the frame picks the session back up: IS_CONNECTED, same address, no mail', async () => {
    const before = harness.mail.messages().length
    const f = frame(home)
    expect(await f.send('GET_USER', {})).toMatchObject({ ok: false, error: { code: 4100 } })
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: true })
    expect(ok(await f.send('GET_USER', {}))).toMatchObject({ address })
    expect(ok(await f.send('CONNECT_EMAIL', { email }))).toEqual({ action: 'CONNECT' })
    expect(harness.mail.messages().length).toBe(before)
  })

  test('another top-level site is another device: code, the passphrase (a wrong one first), same address, notice mail', async () => {
    afterCooldown()
    const ada = person(mailed(email), 'not my passphrase at all', PASSPHRASE)
    const f = frame(away, { prompter: ada.prompter })
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: false })
    expect(ok(await f.send('CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_OTP' })
    expect(ok(await f.send('CONNECT_OTP', {}))).toBeNull()
    expect(ada.asked).toEqual([
      { kind: 'login_code' },
      { kind: 'enter_passphrase' },
      { kind: 'enter_passphrase', error: 'Wrong passphrase. Please try again.' },
    ])
    expect(ok(await f.send('GET_USER', {}))).toMatchObject({ address })
    await harness.mail.waitFor(email, { subject: 'New device' })

    // And that device's own share now works there after a reload.
    expect(ok(await frame(away).send('IS_CONNECTED'))).toEqual({ isConnected: true })
  })

  test('a revoked device can no longer unlock: its session ends, and only recovery brings it back', async () => {
    // From the home frame, whose device key signs the removal.
    const { api } = frame(home).account
    const { devices } = (await api.call('listDevices')).body
    const other = devices.find((device) => !device.current && !device.revokedAt)
    if (!other) throw new Error('no other device')
    expect((await api.call('revokeDevice', { params: { id: other.id } })).body).toEqual({ revoked: other.id })

    expect(ok(await frame(away).send('IS_CONNECTED'))).toEqual({ isConnected: false })
    // Logging in there again finds no usable share on the server for that device: the passphrase is needed.
    afterCooldown()
    const ada = person(mailed(email), PASSPHRASE)
    const f = frame(away, { prompter: ada.prompter })
    ok(await f.send('CONNECT_EMAIL', { email }))
    ok(await f.send('CONNECT_OTP', {}))
    expect(ada.asked).toEqual([{ kind: 'login_code' }, { kind: 'enter_passphrase' }])
    expect(ok(await f.send('GET_USER', {}))).toMatchObject({ address })
  })

  test('a wrong code is refused in the prompt in the server words, and the sixth try is refused even with the right code', async () => {
    afterCooldown()
    let code = ''
    const wrong = async () => {
      code ||= await codeFor(email)
      return code === '000000' ? '111111' : '000000'
    }
    const ada = person(wrong, wrong, wrong, wrong, wrong, async () => code, CANCEL)
    const f = frame(partition(), { prompter: ada.prompter })
    expect(ok(await f.send('CONNECT_EMAIL', { email }))).toEqual({ action: 'VERIFY_OTP' })
    expect(await f.send('CONNECT_OTP', {})).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(ada.asked).toEqual([
      { kind: 'login_code' },
      ...Array.from({ length: 5 }, () => ({ kind: 'login_code', error: 'Invalid code' })),
      { kind: 'login_code', error: 'Too many wrong codes. Please request a new one.' },
    ])
    expect(ada.isOpen()).toBe(false)
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: false })
  })

  test("'Resend code' in the prompt mails a new code: the old one is refused, the new one logs in", async () => {
    // An address of its own: the hourly limit of sends per address is spent above.
    const bob = `bob-${crypto.randomUUID().slice(0, 8)}@example.com`
    const resent = person(
      async (options) => {
        const old = await codeFor(bob)
        afterCooldown()
        await options.resend?.()
        return old
      },
      mailed(bob),
      PASSPHRASE,
    )
    const f = frame(partition(), { prompter: resent.prompter })
    ok(await f.send('CONNECT_EMAIL', { email: bob }))
    ok(await f.send('CONNECT_OTP', {}))
    expect(resent.asked).toEqual([
      { kind: 'login_code' },
      { kind: 'login_code', error: 'Invalid code' },
      { kind: 'create_passphrase' },
    ])
    expect(ok(await f.send('GET_USER', {}))).toMatchObject({ email: bob })
  })

  test('a code in the request is refused before any handler runs: the page never holds one', async () => {
    const f = frame(partition())
    expect(await f.send('CONNECT_OTP', { otp: '123456' })).toMatchObject({
      ok: false,
      error: { code: -32602, message: 'Invalid params for CONNECT_OTP: Unrecognized key: otp' },
    })
  })

  test('a resend inside the cooldown reads the spec words', async () => {
    const f = frame(partition())
    const other = `cooldown-${crypto.randomUUID().slice(0, 8)}@example.com`
    ok(await f.send('CONNECT_EMAIL', { email: other }))
    expect(await f.send('CONNECT_EMAIL', { email: other })).toMatchObject({
      ok: false,
      error: { code: -32043, message: expect.stringMatching(/^Please try again after \d+ seconds$/) },
    })
  })

  test('update e-mail, both steps: the account moves, and a login with the new address gives the same wallet', async () => {
    afterCooldown()
    const newEmail = `ada.new-${crypto.randomUUID().slice(0, 8)}@example.com`
    const ada = person(mailed(email, 'Confirm the e-mail change'), mailed(newEmail, 'Verify your new e-mail'))
    const f = frame(home, { prompter: ada.prompter })
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: true })
    expect(ok(await f.send('UPDATE_EMAIL', { newEmail }))).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(ok(await f.send('UPDATE_EMAIL_PRIMARY_OTP', {}))).toBeNull()
    expect(ok(await f.send('UPDATE_EMAIL_SECONDARY_OTP', {}))).toEqual({ newEmail })
    expect(ada.asked).toEqual([{ kind: 'current_email_code' }, { kind: 'new_email_code' }])
    expect(ada.isOpen()).toBe(false)
    expect(ok(await f.send('GET_USER', {}))).toMatchObject({ email: newEmail, address })

    afterCooldown()
    const elsewhere = frame(partition(), { prompter: person(mailed(newEmail), PASSPHRASE).prompter })
    ok(await elsewhere.send('CONNECT_EMAIL', { email: newEmail }))
    ok(await elsewhere.send('CONNECT_OTP', {}))
    expect(ok(await elsewhere.send('GET_USER', {}))).toMatchObject({ email: newEmail, address })
  })

  test('sign-out: the server forgets the session, the frame its token; a reload is not connected', async () => {
    const f = frame(home)
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: true })
    const token = home.storage.get(TOKEN_KEY) as string
    expect(ok(await f.send('SIGN_OUT'))).toBeNull()
    expect(home.storage.has(TOKEN_KEY)).toBe(false)
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: false })
    expect(await f.send('GET_USER', {})).toMatchObject({ ok: false, error: { code: 4100 } })
    // The old token opens nothing on the server any more.
    expect((await harness.call('GET', '/api/session', undefined, { token })).json).toEqual({
      isConnected: false,
    })
    expect(ok(await frame(home).send('IS_CONNECTED'))).toEqual({ isConnected: false })
  })
})

describe('e-mail login, operator recovery', () => {
  test('no passphrase prompt: first login and a new device rebuild the same address', async () => {
    const email = `op-${crypto.randomUUID().slice(0, 8)}@example.com`
    const ada = person(mailed(email), mailed(email))
    const first = frame(partition(), { projectId: 'ops', prompter: ada.prompter })
    ok(await first.send('CONNECT_EMAIL', { email }))
    ok(await first.send('CONNECT_OTP', {}))
    const { address } = ok(await first.send('GET_USER', {})) as { address: string }

    afterCooldown()
    const second = frame(partition(), { projectId: 'ops', prompter: ada.prompter })
    ok(await second.send('CONNECT_EMAIL', { email }))
    ok(await second.send('CONNECT_OTP', {}))
    expect(ok(await second.send('GET_USER', {}))).toMatchObject({ address })
    // Only the codes: no passphrase in operator mode.
    expect(ada.asked).toEqual([{ kind: 'login_code' }, { kind: 'login_code' }])
  })
})
