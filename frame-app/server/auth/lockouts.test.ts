/**
 * Lockouts hit the attacker, not the owner (SECURITY.md §2). The attack as found: anonymous `/start` calls and
 * wrong codes against someone's address, which used to refuse the owner's own fresh-factor code for up to
 * 24 hours. Each test shows the attack still works where it should (a new browser's login is refused) and
 * that it no longer reaches a device that holds a bound session.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { codeIn, createHarness, deviceKey, type Harness } from '../testing/harness.ts'
import { testBackends } from '../testing/testDatabase.ts'

const MINUTE = 60_000
let n = 0
const address = (label: string) => `${label}-${++n}@example.org`
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe.each(testBackends())('lockouts (%s)', (backend) => {
  let h: Harness
  // A low lock threshold so that four challenges' wrong codes lock the address, as a patient attacker would.
  beforeAll(async () => {
    h = await createHarness({ backend, limits: { lockAfterFailures: 20 } })
  }, 60_000)
  afterAll(() => h?.close())

  const start = (email: string, device: string, ip = '198.51.100.7') =>
    h.call('POST', '/api/auth/email/start', { projectId: 'dev', email, devicePublicKey: device }, undefined, {
      ip,
    })
  const verify = (email: string, device: string, otp: string, ip = '198.51.100.7') =>
    h.call(
      'POST',
      '/api/auth/email/verify',
      { projectId: 'dev', email, devicePublicKey: device, otp },
      undefined,
      { ip },
    )

  /** Four anonymous code requests (the hourly limit, with the owner's login) and five wrong codes each. */
  async function attack(email: string) {
    for (let i = 0; i < 4; i++) {
      h.advance(31_000)
      const device = deviceKey()
      expect((await start(email, device)).status).toBe(200)
      const code = codeIn(await h.mail.waitFor(email, { subject: 'login code' }))
      for (let k = 0; k < 5; k++) await verify(email, device, wrong(code))
    }
  }

  test('attack: /start and wrong codes lock a new browser out, yet the bound device gets its code and unlocks', async () => {
    const email = address('owner')
    const owner = await h.login(email)
    h.advance(20 * MINUTE)
    await attack(email)

    // Control: the attack works on the address. A login from a new browser is refused for 24 hours.
    const fresh = await start(email, deviceKey(), '203.0.113.9')
    expect(fresh.status).toBe(429)
    expect(fresh.json.code).toBe('locked')
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60)

    // The owner's device, bound to its session: its fresh-factor code is mailed and accepted.
    const asked = await h.call('POST', '/api/session/factor', undefined, owner.auth)
    expect(asked.json).toEqual({ action: 'VERIFY_OTP' })
    const code = codeIn(await h.mail.waitFor(email, { subject: 'confirmation code' }))
    const verified = await h.call('POST', '/api/session/factor/verify', { otp: code }, owner.auth)
    expect(verified.json).toEqual({ lastFactorAt: h.now().toISOString() })
  })

  test('behavior: the bound device has its own cooldown and hourly limit, and its wrong codes never lock the address', async () => {
    const email = address('own-limits')
    const owner = await h.login(email)
    const factor = () => h.call('POST', '/api/session/factor', undefined, owner.auth)
    // Right after the login mail: the address's 30 s cooldown does not apply to the session's first code.
    expect((await factor()).status).toBe(200)
    const tooSoon = await factor()
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.json.code).toBe('cooldown')
    for (let i = 0; i < 4; i++) {
      h.advance(31_000)
      const code = codeIn(await h.mail.waitFor(email, { subject: 'confirmation code' }))
      for (let k = 0; k < 5; k++)
        await h.call('POST', '/api/session/factor/verify', { otp: wrong(code) }, owner.auth)
      expect((await factor()).status).toBe(200)
    }
    h.advance(31_000)
    expect((await factor()).json.code).toBe('rate_limited')
    // 20 wrong fresh-factor codes (the lock is at 20): a login is still possible.
    h.advance(60 * MINUTE)
    expect((await start(email, deviceKey(), '203.0.113.10')).status).toBe(200)
  })

  test('error: a session without an active device gets no exemption (it has no fresh-factor code at all)', async () => {
    const email = address('revoked')
    const owner = await h.login(email)
    h.advance(31_000)
    const other = await h.login(email)
    h.advance(6 * MINUTE)
    // The other device's own factor, then it removes the owner's device (fresh code, see the vault rules).
    await h.call('POST', '/api/session/factor', undefined, other.auth)
    const code = codeIn(await h.mail.waitFor(email, { subject: 'confirmation code' }))
    await h.call('POST', '/api/session/factor/verify', { otp: code }, other.auth)
    await h.call('DELETE', `/api/devices/${owner.device.id}`, undefined, other.auth)
    expect((await h.call('POST', '/api/session/factor', undefined, owner.auth)).status).toBe(401)
  })
})

describe.each(testBackends())('per-client and per-project login limits (%s)', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({
      backend,
      limits: {
        startsPerClientPerHour: 3,
        verifiesPerClientPerHour: 4,
        startsPerProjectPerHour: 8,
        verifiesPerProjectPerHour: 1_000,
      },
    })
  }, 60_000)
  afterAll(() => h?.close())

  const start = (email: string, from: { ip?: string; headers?: Record<string, string> }, projectId = 'dev') =>
    h.call(
      'POST',
      '/api/auth/email/start',
      { projectId, email, devicePublicKey: deviceKey() },
      undefined,
      from,
    )

  test('attack: one client asking codes for many addresses is stopped after its hourly share; other clients are not', async () => {
    // Control: each call on its own is a normal login request (a new address every time).
    for (let i = 0; i < 3; i++) expect((await start(address('spray'), { ip: '192.0.2.1' })).status).toBe(200)
    const refused = await start(address('spray'), { ip: '192.0.2.1' })
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Please try again after \d+ seconds$/),
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // A made-up X-Forwarded-For changes nothing when no proxy is trusted…
    const spoofed = await start(address('spray'), {
      ip: '192.0.2.1',
      headers: { 'x-forwarded-for': '10.9.8.7' },
    })
    expect(spoofed.status).toBe(429)
    // …and another client is served. An IPv6 client is one /64: a new host address in it is the same client.
    expect((await start(address('other'), { ip: '192.0.2.2' })).status).toBe(200)
    for (let i = 0; i < 3; i++)
      expect((await start(address('v6'), { ip: `2001:db8:1:2::${i + 1}` })).status).toBe(200)
    expect((await start(address('v6'), { ip: '2001:db8:1:2:ffff::9' })).status).toBe(429)
    expect((await start(address('v6'), { ip: '2001:db8:1:3::1' })).status).toBe(200)

    // The hour ends, the client is served again.
    h.advance(60 * MINUTE)
    expect((await start(address('spray'), { ip: '192.0.2.1' })).status).toBe(200)
  })

  test('attack: one client guessing codes is stopped after its hourly share of checks', async () => {
    h.advance(60 * MINUTE)
    const email = address('guess')
    const device = deviceKey()
    expect(
      (
        await h.call(
          'POST',
          '/api/auth/email/start',
          { projectId: 'dev', email, devicePublicKey: device },
          undefined,
          { ip: '192.0.2.30' },
        )
      ).status,
    ).toBe(200)
    const check = (otp: string, ip: string) =>
      h.call(
        'POST',
        '/api/auth/email/verify',
        { projectId: 'dev', email, devicePublicKey: device, otp },
        undefined,
        {
          ip,
        },
      )
    const code = codeIn(await h.mail.waitFor(email, { subject: 'login code' }))
    for (let i = 0; i < 4; i++)
      expect((await check(wrong(code), '192.0.2.31')).json.code).toBe('invalid_code')
    expect((await check(code, '192.0.2.31')).json.code).toBe('rate_limited')
    // The right code from the owner's own connection is still checked.
    expect((await check(code, '192.0.2.32')).status).toBe(200)
  })

  test('behavior: behind a trusted proxy the client is the address it appended', async () => {
    h.advance(60 * MINUTE)
    const proxied = await createHarness({
      backend,
      trustedProxyHops: 1,
      limits: { startsPerClientPerHour: 1 },
    })
    try {
      const via = (client: string) =>
        proxied.call(
          'POST',
          '/api/auth/email/start',
          { projectId: 'dev', email: address('proxied'), devicePublicKey: deviceKey() },
          undefined,
          { ip: '10.0.0.1', headers: { 'x-forwarded-for': `6.6.6.6, ${client}` } },
        )
      expect((await via('192.0.2.50')).status).toBe(200)
      expect((await via('192.0.2.50')).status).toBe(429)
      // The proxy's own address is shared by everyone; the entry it appended is what counts.
      expect((await via('192.0.2.51')).status).toBe(200)
    } finally {
      await proxied.close()
    }
  }, 60_000)

  test("attack: one client hammering a project does not use up the project's ceiling for everyone else", async () => {
    h.advance(60 * MINUTE)
    // 10 calls from one client (project ceiling 8): only its first 3 count toward the project.
    for (let i = 0; i < 10; i++) await start(address('hammer'), { ip: '198.19.0.1' })
    for (let i = 0; i < 5; i++)
      expect((await start(address('crowd'), { ip: `198.19.1.${i + 1}` })).status).toBe(200)
    expect((await start(address('crowd'), { ip: '198.19.2.1' })).json.code).toBe('rate_limited')
  })

  test('behavior: a project has an hourly ceiling on login mails; other projects are not touched', async () => {
    h.advance(60 * MINUTE)
    for (let i = 0; i < 8; i++)
      expect((await start(address('burst'), { ip: `198.18.0.${i + 1}` })).status).toBe(200)
    expect((await start(address('burst'), { ip: '198.18.1.1' })).json.code).toBe('rate_limited')
    expect((await start(address('burst'), { ip: '198.18.1.2' }, 'ops')).status).toBe(200)
  })
})
