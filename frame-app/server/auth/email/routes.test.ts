import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { otpChallenges } from '../../db/schema/auth.ts'
import { users } from '../../db/schema/users.ts'
import { codeIn, createHarness, deviceKey, type Harness, linkIn } from '../../testing/harness.ts'
import { testBackends } from '../../testing/testDatabase.ts'

const MINUTE = 60_000
let n = 0
/** A fresh address per test, so limits of one test never touch another. */
const address = (label: string) => `${label}-${++n}@example.com`

describe.each(testBackends())('e-mail login (%s)', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ backend })
  }, 60_000)
  afterAll(() => h?.close())

  const start = (email: string, device: string, projectId = 'dev', auth?: { token?: string }) =>
    h.call('POST', '/api/auth/email/start', { projectId, email, devicePublicKey: device }, auth)
  const verify = (email: string, device: string, otp: string, projectId = 'dev') =>
    h.call('POST', '/api/auth/email/verify', { projectId, email, devicePublicKey: device, otp })
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  const userCount = async (email: string) =>
    (await h.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length

  test('default: start answers VERIFY_OTP and mails a branded 6-digit code; verify opens a session', async () => {
    const email = address('ada')
    const device = deviceKey()
    const res = await start(email, device)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ action: 'VERIFY_OTP' })
    const mail = await h.mail.waitFor(email)
    expect(mail.subject).toBe('Your Keyframe Dev login code')
    expect(mail.from).toBe('"Keyframe Dev" <no-reply@keyframe.test>')
    const code = codeIn(mail)
    expect(code).toMatch(/^\d{6}$/)
    expect(mail.html).toContain(code)
    expect(mail.text).toContain('expires in 10 minutes')

    const ok = await verify(email, device, code)
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({
      email,
      device: { isNew: true, hasAuthShare: false },
      wallet: null,
      recoveryMode: 'passphrase',
    })
    expect(ok.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const session = await h.call('GET', '/api/session', undefined, { token: ok.json.token as string })
    expect(session.json).toMatchObject({ isConnected: true, user: { email, address: null } })
  })

  test('behavior: a known and an unknown address get byte-identical answers and the same mail', async () => {
    const known = address('known')
    await h.login(known)
    h.advance(31_000)
    const unknown = address('unknown')
    const answers = [await start(known, deviceKey()), await start(unknown, deviceKey())]
    const [a, b] = answers as [(typeof answers)[0], (typeof answers)[0]]
    expect(a.status).toBe(b.status)
    expect(a.text).toBe(b.text)
    expect(a.text).toBe('{"action":"VERIFY_OTP"}')
    expect([...a.headers].sort()).toEqual([...b.headers].sort())
    const mails = [await h.mail.waitFor(known), await h.mail.waitFor(unknown)]
    const shape = (m: (typeof mails)[0]) => ({
      subject: m.subject,
      from: m.from,
      text: m.text.replace(codeIn(m), '<code>'),
      html: m.html?.replaceAll(codeIn(m), '<code>'),
    })
    expect(shape(mails[0] as (typeof mails)[0])).toEqual(shape(mails[1] as (typeof mails)[0]))
    // And the errors look alike too: a cooldown for both.
    const again = [await start(known, deviceKey()), await start(unknown, deviceKey())]
    expect(again[0]?.status).toBe(429)
    expect(again[0]?.text).toBe(again[1]?.text)
  })

  test('behavior: a user row exists only after the code verified', async () => {
    const email = address('later')
    const device = deviceKey()
    await start(email, device)
    const code = codeIn(await h.mail.waitFor(email))
    expect(await userCount(email)).toBe(0)
    await verify(email, device, wrong(code))
    expect(await userCount(email)).toBe(0)
    expect((await verify(email, device, code)).status).toBe(200)
    expect(await userCount(email)).toBe(1)
  })

  test('behavior: the address is normalized (case, spaces)', async () => {
    const email = address('Mixed').replace('mixed', 'MiXeD')
    const device = deviceKey()
    await start(`  ${email.toUpperCase()} `.trim(), device)
    const code = codeIn(await h.mail.waitFor(email.toLowerCase()))
    const ok = await verify(email, device, code)
    expect(ok.json.email).toBe(email.toLowerCase())
  })

  test("error: an invalid address reads 'Invalid email'; a missing one 'Required'", async () => {
    const bad = await start('not-an-email', deviceKey())
    expect(bad.status).toBe(400)
    expect(bad.json).toEqual({ code: 'invalid_params', message: 'Invalid email' })
    const missing = await h.call('POST', '/api/auth/email/start', {
      projectId: 'dev',
      devicePublicKey: deviceKey(),
    })
    expect(missing.json).toEqual({ code: 'invalid_params', message: 'email: Required' })
    const form = await h.app.request('http://localhost/api/auth/email/start', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a@b.c',
    })
    expect(form.status).toBe(415)
  })

  test("error: an unknown project reads 'Invalid key'", async () => {
    const res = await start(address('x'), deviceKey(), 'nope')
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ code: 'invalid_key', message: 'Invalid key' })
  })

  test('behavior: a code is valid for 10 minutes', async () => {
    const inTime = address('intime')
    const late = address('late')
    const d1 = deviceKey()
    const d2 = deviceKey()
    await start(inTime, d1)
    await start(late, d2)
    const c1 = codeIn(await h.mail.waitFor(inTime))
    const c2 = codeIn(await h.mail.waitFor(late))
    h.advance(10 * MINUTE - 1)
    expect((await verify(inTime, d1, c1)).status).toBe(200)
    h.advance(1)
    const res = await verify(late, d2, c2)
    expect(res.status).toBe(400)
    expect(res.json).toEqual({
      code: 'code_expired',
      message: 'This code has expired. Please request a new one.',
    })
    expect(await userCount(late)).toBe(0)
  })

  test('behavior: a code works once', async () => {
    const email = address('once')
    const device = deviceKey()
    await start(email, device)
    const code = codeIn(await h.mail.waitFor(email))
    expect((await verify(email, device, code)).status).toBe(200)
    const again = await verify(email, device, code)
    expect(again.status).toBe(400)
    expect(again.json).toEqual({
      code: 'code_used',
      message: 'This code was already used. Please request a new one.',
    })
  })

  test('behavior: a code is bound to its challenge (newest only) and to the device key that asked', async () => {
    const email = address('bound')
    const device = deviceKey()
    await start(email, device)
    const first = codeIn(await h.mail.waitFor(email))
    expect((await verify(email, deviceKey(), first)).json).toMatchObject({ code: 'no_code' })
    h.advance(30_000)
    await start(email, device)
    const second = codeIn(await h.mail.waitFor(email))
    if (first !== second)
      expect((await verify(email, device, first)).json).toMatchObject({ code: 'invalid_code' })
    expect((await verify(email, device, second)).status).toBe(200)
  })

  test('behavior: dead after 5 wrong tries; the sixth try is refused even with the right code', async () => {
    const email = address('tries')
    const device = deviceKey()
    await start(email, device)
    const code = codeIn(await h.mail.waitFor(email))
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, device, wrong(code))
      expect(res.status).toBe(400)
      expect(res.json).toEqual({ code: 'invalid_code', message: 'Invalid code' })
    }
    const sixth = await verify(email, device, code)
    expect(sixth.status).toBe(429)
    expect(sixth.json).toEqual({
      code: 'too_many_tries',
      message: 'Too many wrong codes. Please request a new one.',
    })
    expect(await userCount(email)).toBe(0)
    // A new code works.
    h.advance(30_000)
    await start(email, device)
    expect((await verify(email, device, codeIn(await h.mail.waitFor(email)))).status).toBe(200)
  })

  test('behavior: parallel guesses cannot exceed 5 tries', async () => {
    const email = address('parallel')
    const device = deviceKey()
    await start(email, device)
    const code = codeIn(await h.mail.waitFor(email))
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    )
    const answers = await Promise.all(guesses.map((g) => verify(email, device, g)))
    expect(answers.filter((a) => a.json.code === 'invalid_code')).toHaveLength(5)
    expect(answers.filter((a) => a.json.code === 'too_many_tries')).toHaveLength(7)
    const [row] = await h.db.select().from(otpChallenges).where(eq(otpChallenges.email, email))
    expect(row?.tries).toBe(5)
  })

  test("behavior: resend cooldown 30 s: 'Please try again after {n} seconds', n rounded up", async () => {
    const email = address('cool')
    expect((await start(email, deviceKey())).status).toBe(200)
    h.advance(10_000)
    const early = await start(email, deviceKey())
    expect(early.status).toBe(429)
    expect(early.json).toEqual({ code: 'cooldown', message: 'Please try again after 20 seconds' })
    expect(early.headers.get('retry-after')).toBe('20')
    h.advance(19_500)
    expect((await start(email, deviceKey())).json).toEqual({
      code: 'cooldown',
      message: 'Please try again after 1 seconds',
    })
    h.advance(500)
    expect((await start(email, deviceKey())).status).toBe(200)
    expect(h.mail.messages().filter((m) => m.to.includes(email))).toHaveLength(2)
  })

  test('behavior: at most 5 mails per address per hour', async () => {
    const email = address('hourly')
    for (let i = 0; i < 5; i++) {
      expect((await start(email, deviceKey())).status).toBe(200)
      h.advance(30_000)
    }
    const sixth = await start(email, deviceKey())
    expect(sixth.status).toBe(429)
    // The first mail leaves the hour window 60 - 5 × 0.5 = 57.5 minutes from now.
    expect(sixth.json).toEqual({ code: 'rate_limited', message: 'Please try again after 3450 seconds' })
    h.advance(3_450_000)
    expect((await start(email, deviceKey())).status).toBe(200)
  })

  test('behavior: 100 consecutive wrong codes lock the address for 24 h, the same way known or not', async () => {
    const known = address('lock-known')
    await h.login(known)
    const unknown = address('lock-unknown')
    const hammer = async (email: string) => {
      const answers: string[] = []
      h.advance(60 * MINUTE)
      for (let round = 0; round < 20; round++) {
        if (round > 0 && round % 5 === 0) h.advance(60 * MINUTE)
        h.advance(30_000)
        const device = deviceKey()
        const started = await start(email, device)
        answers.push(`${started.status} ${started.text}`)
        const code = codeIn(await h.mail.waitFor(email))
        for (let i = 0; i < 5; i++) answers.push((await verify(email, device, wrong(code))).text)
      }
      h.advance(60 * MINUTE)
      const device = deviceKey()
      const locked = await start(email, device)
      answers.push(`${locked.status} ${locked.text} ${locked.headers.get('retry-after')}`)
      return answers
    }
    const a = await hammer(known)
    const b = await hammer(unknown)
    expect(a).toEqual(b)
    expect(a.at(-1)).toBe(
      '429 {"code":"locked","message":"Too many wrong codes for this address. Please try again later."} 82800',
    )
    expect(await userCount(unknown)).toBe(0)
    h.advance(23 * 60 * MINUTE)
    expect((await start(known, deviceKey())).status).toBe(200)
  }, 60_000)

  test('behavior: a right code resets the consecutive count', async () => {
    const email = address('reset')
    let device = deviceKey()
    for (let round = 0; round < 40; round++) {
      if (round > 0 && round % 5 === 0) h.advance(60 * MINUTE)
      h.advance(30_000)
      device = deviceKey()
      await start(email, device)
      const code = codeIn(await h.mail.waitFor(email))
      const wrongTries = round === 19 ? 4 : 5
      for (let i = 0; i < wrongTries; i++) await verify(email, device, wrong(code))
      if (round === 19) expect((await verify(email, device, code)).status).toBe(200)
    }
    // 99 + 100 failures, but never 100 in a row before the reset… and 100 after it: locked now.
    h.advance(60 * MINUTE)
    expect((await start(email, deviceKey())).json.code).toBe('locked')
  }, 60_000)

  test('behavior: CONNECT when the request carries a session for that address and device', async () => {
    const email = address('connect')
    const login = await h.login(email)
    h.advance(31_000)
    const res = await start(email, login.devicePublicKey, 'dev', login.auth)
    expect(res.json).toEqual({ action: 'CONNECT' })
    // A session for another address changes nothing: VERIFY_OTP.
    expect((await start(address('other'), login.devicePublicKey, 'dev', login.auth)).json).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  test('behavior: VERIFY_DEVICE when a session exists but this storage has a new device key', async () => {
    const email = address('device')
    const first = await h.login(email)
    h.advance(31_000)
    const device = deviceKey()
    expect((await start(email, device, 'dev', first.auth)).json).toEqual({ action: 'VERIFY_DEVICE' })
    const mail = await h.mail.waitFor(email, { subject: 'Approve a new device' })
    expect(mail.subject).toBe('Approve a new device for Keyframe Dev')
    const link = linkIn(mail)
    const poll = () =>
      h.call('POST', '/api/auth/email/device', { projectId: 'dev', devicePublicKey: device }, first.auth)
    expect((await poll()).status).toBe(202)

    // Opening the link (or a mail scanner fetching it) only shows a button.
    const page = await h.app.request(link.href)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Approve this device')
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect((await poll()).json).toEqual({ status: 'pending' })

    const approve = await h.app.request('http://localhost/approve-device', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        c: link.searchParams.get('c') ?? '',
        t: link.searchParams.get('t') ?? '',
      }).toString(),
    })
    expect(await approve.text()).toContain('Device approved')
    // The link's token travels in the query: the access log keeps the path only.
    const token = link.searchParams.get('t') as string
    expect(h.logs.some((line) => line.includes('"path":"/approve-device"'))).toBe(true)
    expect(h.logs.join('\n')).not.toContain(token)

    const done = await poll()
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ email, device: { isNew: true, hasAuthShare: false } })
    expect(done.json.device).not.toEqual(first.device)
    // The old session is replaced; the new one is bound to the new device.
    expect((await h.call('GET', '/api/session', undefined, first.auth)).json).toEqual({ isConnected: false })
    const now = await h.call('GET', '/api/session', undefined, { token: done.json.token as string })
    expect(now.json).toMatchObject({ isConnected: true, deviceVerified: true })
    expect((await h.mail.waitFor(email, { subject: 'New device' })).subject).toBe(
      'New device for your Keyframe Dev wallet',
    )
    // The link works once.
    expect((await h.app.request(link.href)).status).toBe(410)
  })

  test('error: a forged approval token approves nothing and costs a try', async () => {
    const email = address('forged')
    const first = await h.login(email)
    h.advance(31_000)
    const device = deviceKey()
    await start(email, device, 'dev', first.auth)
    const link = linkIn(await h.mail.waitFor(email, { subject: 'Approve' }))
    const res = await h.app.request('http://localhost/approve-device', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ c: link.searchParams.get('c') ?? '', t: 'A'.repeat(43) }).toString(),
    })
    expect(res.status).toBe(400)
    const poll = await h.call(
      'POST',
      '/api/auth/email/device',
      { projectId: 'dev', devicePublicKey: device },
      first.auth,
    )
    expect(poll.status).toBe(202)
  })

  test('behavior: a second device by OTP is verified by the code and gets a new-device notice; the first does not', async () => {
    const email = address('second')
    const first = await h.login(email)
    expect(first.device.isNew).toBe(true)
    h.advance(31_000)
    const second = await h.login(email)
    expect(second.device.isNew).toBe(true)
    expect(second.device.id).not.toBe(first.device.id)
    const notices = async () => {
      await new Promise((r) => setTimeout(r, 200))
      return h.mail.messages().filter((m) => m.to.includes(email) && m.subject.startsWith('New device'))
    }
    expect(await notices()).toHaveLength(1)
    // The same device again is not new.
    h.advance(31_000)
    const again = await h.login(email, { device: second.devicePublicKey })
    expect(again.device).toMatchObject({ id: second.device.id, isNew: false })
    expect(await notices()).toHaveLength(1)
  })

  test('behavior: at most 5 device verifications per account per day', async () => {
    const email = address('devices')
    for (let i = 0; i < 5; i++) {
      if (i > 0) h.advance(31_000)
      await h.login(email)
    }
    h.advance(12 * 60 * MINUTE)
    const device = deviceKey()
    await start(email, device)
    const code = codeIn(await h.mail.waitFor(email, { subject: 'login code' }))
    const sixth = await verify(email, device, code)
    expect(sixth.status).toBe(429)
    expect(sixth.json).toEqual({
      code: 'too_many_devices',
      message: 'Too many new devices today. Please try again tomorrow.',
    })
    h.advance(12 * 60 * MINUTE)
    expect((await verify(email, device, code)).json.code).toBe('code_expired')
    h.advance(31_000)
    await h.login(email)
  })

  test('error: cross-site requests are refused before anything runs', async () => {
    const body = JSON.stringify({ projectId: 'dev', email: address('csrf'), devicePublicKey: deviceKey() })
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of cases) {
      const res = await h.app.request('http://localhost/api/auth/email/start', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ code: 'forbidden', message: 'Cross-site request refused' })
    }
  })

  test('error: plain http on a public host issues no session and sends no mail', async () => {
    const email = address('insecure')
    const res = await h.app.request('http://wallet.example/api/auth/email/start', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'dev', email, devicePublicKey: deviceKey() }),
    })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      code: 'insecure_transport',
      message: 'Sessions need HTTPS (or http://localhost for development)',
    })
  })

  test('behavior: no log line holds a code or a token', async () => {
    const email = address('logs')
    const login = await h.login(email)
    const codes = h.mail
      .messages()
      .map((m) => /^\s+(\d{6})$/m.exec(m.text)?.[1])
      .filter(Boolean)
    const all = h.logs.join('\n')
    // Not vacuous: the access log saw the calls that carried the code and returned the token.
    expect(all).toContain('"path":"/api/auth/email/verify"')
    for (const secret of [...codes, login.token]) expect(all).not.toContain(secret)
  })
})

describe('sessions over HTTPS', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ publicUrl: 'https://wallet.example' })
  }, 60_000)
  afterAll(() => h?.close())

  test('behavior: a __Host- cookie (Secure; HttpOnly; SameSite=None; Path=/; Partitioned), never a token in the body', async () => {
    const email = 'cookie@example.com'
    const device = deviceKey()
    await h.call('POST', '/api/auth/email/start', { projectId: 'dev', email, devicePublicKey: device })
    const code = codeIn(await h.mail.waitFor(email))
    const res = await h.call('POST', '/api/auth/email/verify', {
      projectId: 'dev',
      email,
      devicePublicKey: device,
      otp: code,
    })
    expect(res.status).toBe(200)
    expect(res.json.token).toBeUndefined()
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(
      /^__Host-keyframe_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
    )
    const pair = cookie.split(';')[0] as string
    expect((await h.call('GET', '/api/session', undefined, { cookie: pair })).json).toMatchObject({
      isConnected: true,
    })
    // The token as a bearer header means nothing over HTTPS.
    const token = pair.split('=')[1] as string
    expect((await h.call('GET', '/api/session', undefined, { token })).json).toEqual({ isConnected: false })
    // Sign-out clears the cookie and revokes the session.
    const out = await h.call('POST', '/api/session/sign-out', undefined, { cookie: pair })
    expect(out.headers.get('set-cookie')).toMatch(
      /^__Host-keyframe_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned$/,
    )
    expect((await h.call('GET', '/api/session', undefined, { cookie: pair })).json).toEqual({
      isConnected: false,
    })
  })

  test('error: only the public origin may call the API', async () => {
    const res = await h.app.request('https://wallet.example/api/session', {
      headers: { origin: 'http://localhost' },
    })
    expect(res.status).toBe(403)
    const ok = await h.app.request('https://wallet.example/api/session', {
      headers: { origin: 'https://wallet.example' },
    })
    expect(ok.status).toBe(200)
  })
})
