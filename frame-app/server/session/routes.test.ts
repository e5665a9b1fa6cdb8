import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../db/schema/users.ts'
import { codeIn, createHarness, type Harness } from '../testing/harness.ts'
import { testBackends } from '../testing/testDatabase.ts'

let n = 0
const address = (label: string) => `${label}-${++n}@example.org`

describe.each(testBackends())('session and user (%s)', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ backend })
  }, 60_000)
  afterAll(() => h?.close())

  test('default: GET /api/session without a session', async () => {
    const res = await h.call('GET', '/api/session')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ isConnected: false })
  })

  test('default: GET /api/session with a session (no wallet yet)', async () => {
    const email = address('me')
    const login = await h.login(email)
    const res = await h.call('GET', '/api/session', undefined, login.auth)
    expect(res.json).toEqual({
      isConnected: true,
      user: {
        email,
        userName: null,
        socialProvider: null,
        address: null,
        solanaAddress: null,
        accounts: [],
        preferredAccountType: 'eoa',
      },
      walletId: null,
      deviceId: login.device.id,
      deviceVerified: true,
      expiresAt: new Date(h.now().getTime() + 7 * 24 * 3_600_000).toISOString(),
      lastFactorAt: h.now().toISOString(),
    })
  })

  test('behavior: a session ends after 7 days', async () => {
    const login = await h.login(address('week'))
    h.advance(7 * 24 * 3_600_000 - 1)
    expect((await h.call('GET', '/api/session', undefined, login.auth)).json.isConnected).toBe(true)
    h.advance(1)
    expect((await h.call('GET', '/api/session', undefined, login.auth)).json).toEqual({ isConnected: false })
  })

  test('behavior: sign-out revokes the session; signing out twice is fine', async () => {
    const login = await h.login(address('bye'))
    expect((await h.call('POST', '/api/session/sign-out', undefined, login.auth)).json).toEqual({
      isConnected: false,
    })
    expect((await h.call('GET', '/api/session', undefined, login.auth)).json).toEqual({ isConnected: false })
    expect((await h.call('POST', '/api/session/sign-out', undefined, login.auth)).status).toBe(200)
  })

  test("error: routes that need a session answer 401 'Session expired'", async () => {
    for (const [method, path] of [
      ['POST', '/api/session/email'],
      ['POST', '/api/session/factor'],
      ['GET', '/api/shares/recovery'],
      ['GET', '/api/devices'],
    ] as const) {
      const res = await h.call(method, path, method === 'POST' ? {} : undefined, { token: 'A'.repeat(43) })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ code: 'unauthorized', message: 'Session expired' })
    }
  })

  describe('e-mail update', () => {
    test('default: primary code to the current address, secondary to the new one, then the account moves', async () => {
      const old = address('old')
      const next = address('new')
      const login = await h.login(old)
      h.advance(31_000)

      const step0 = await h.call('POST', '/api/session/email', { newEmail: next.toUpperCase() }, login.auth)
      expect(step0.json).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
      const primary = await h.mail.waitFor(old)
      expect(primary.subject).toBe('Confirm the e-mail change of your Keyframe Dev wallet')
      expect(primary.text).toContain(next)

      const step1 = await h.call('POST', '/api/session/email/primary', { otp: codeIn(primary) }, login.auth)
      expect(step1.json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
      const secondary = await h.mail.waitFor(next)
      expect(secondary.subject).toBe('Verify your new e-mail for Keyframe Dev')

      const step2 = await h.call(
        'POST',
        '/api/session/email/secondary',
        { otp: codeIn(secondary) },
        login.auth,
      )
      expect(step2.json).toEqual({ newEmail: next })
      expect((await h.call('GET', '/api/session', undefined, login.auth)).json).toMatchObject({
        user: { email: next },
      })
      expect((await h.mail.waitFor(old, { subject: 'changed' })).text).toContain(next)

      // Logging in with the new address reaches the same account; the old one is a stranger now.
      h.advance(31_000)
      const again = await h.login(next, { device: login.devicePublicKey })
      expect(again.device.id).toBe(login.device.id)
      expect(await h.db.select().from(users).where(eq(users.email, old))).toEqual([])
    })

    test('error: the secondary step needs the primary one', async () => {
      const login = await h.login(address('skip'))
      const res = await h.call('POST', '/api/session/email/secondary', { otp: '123456' }, login.auth)
      expect(res.json).toEqual({
        code: 'no_code',
        message: 'No code was requested. Please request a new one.',
      })
    })

    test('error: a wrong primary code; the sixth try is refused', async () => {
      const old = address('wrong')
      const login = await h.login(old)
      h.advance(31_000)
      await h.call('POST', '/api/session/email', { newEmail: address('target') }, login.auth)
      const code = codeIn(await h.mail.waitFor(old))
      const bad = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      for (let i = 0; i < 5; i++)
        expect((await h.call('POST', '/api/session/email/primary', { otp: bad }, login.auth)).json).toEqual({
          code: 'invalid_code',
          message: 'Invalid code',
        })
      expect((await h.call('POST', '/api/session/email/primary', { otp: code }, login.auth)).json.code).toBe(
        'too_many_tries',
      )
    })

    test('error: the same address; an invalid one', async () => {
      const email = address('same')
      const login = await h.login(email)
      expect((await h.call('POST', '/api/session/email', { newEmail: email }, login.auth)).json).toEqual({
        code: 'same_email',
        message: 'This is already your e-mail address',
      })
      expect((await h.call('POST', '/api/session/email', { newEmail: 'nope' }, login.auth)).json).toEqual({
        code: 'invalid_params',
        message: 'Invalid email',
      })
    })

    test('error: an address with an account is refused only after its mailbox was proven', async () => {
      const taken = address('taken')
      await h.login(taken)
      const old = address('mover')
      const login = await h.login(old)
      h.advance(31_000)
      await h.call('POST', '/api/session/email', { newEmail: taken }, login.auth)
      await h.call(
        'POST',
        '/api/session/email/primary',
        { otp: codeIn(await h.mail.waitFor(old)) },
        login.auth,
      )
      const res = await h.call(
        'POST',
        '/api/session/email/secondary',
        { otp: codeIn(await h.mail.waitFor(taken)) },
        login.auth,
      )
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ code: 'email_taken', message: 'This e-mail address cannot be used' })
    })
  })

  test('behavior: a fresh factor on demand refreshes last_factor_at', async () => {
    const email = address('factor')
    const login = await h.login(email)
    h.advance(20 * 60_000)
    expect((await h.call('POST', '/api/session/factor', undefined, login.auth)).json).toEqual({
      action: 'VERIFY_OTP',
    })
    const mail = await h.mail.waitFor(email, { subject: 'confirmation code' })
    const res = await h.call('POST', '/api/session/factor/verify', { otp: codeIn(mail) }, login.auth)
    expect(res.json).toEqual({ lastFactorAt: h.now().toISOString() })
    expect((await h.call('GET', '/api/session', undefined, login.auth)).json.lastFactorAt).toBe(
      h.now().toISOString(),
    )
  })
})
