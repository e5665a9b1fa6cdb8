/**
 * Account changes are guarded and told (SECURITY.md §1). The attacks as found, by someone holding one
 * session from a code: `PUT /api/shares/recovery` with random bytes (the owner's passphrase then failed for
 * ever) and `DELETE /api/devices/:id` of the owner's browser, with no fresh code and no mail. Each attack
 * runs twice: against a server with the guards switched off (the control: the attack works) and against
 * the real one.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decryptRecoveryShare, type RecoveryBlob } from '../../web/wallet/recovery.ts'
import { reconstruct } from '../../web/wallet/shares.ts'
import { auditLog } from '../db/schema/limits.ts'
import { codeIn, createHarness, type Harness } from '../testing/harness.ts'
import { testBackends } from '../testing/testDatabase.ts'
import { b64u, newWallet, PASSPHRASE, replacementSet } from '../testing/wallets.ts'

/** A session as `login` hands it over (a token, and the device key that signs when proofs are on). */
type Auth = Awaited<ReturnType<Harness['login']>>['auth']

const MINUTE = 60_000
let n = 0
const address = (label: string) => `${label}-${++n}@example.com`
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))
const SITE = 'Site: Keyframe Dev (http://127.0.0.1:5173).'
const deviceLine = (id: string) => new RegExp(`the device added on [^(]+\\(id ${id.slice(0, 8)}\\)`)

describe.each(testBackends())('account changes (%s)', (backend) => {
  let h: Harness
  /** The same server with the account-change guards off: what the attacks did before. */
  let open: Harness
  beforeAll(async () => {
    ;[h, open] = await Promise.all([
      createHarness({ backend, limits: { deviceRemovalsPerDay: 2 } }),
      createHarness({ backend, accountGuards: 'off' }),
    ])
  }, 60_000)
  afterAll(async () => {
    await h?.close()
    await open?.close()
  })

  /** The owner's browser with a wallet, then a second session for the same address (the attacker's code). */
  async function ownerAndAttacker(server: Harness, mode: 'passphrase' | 'operator' = 'passphrase') {
    const email = address(mode)
    const projectId = mode === 'passphrase' ? 'dev' : 'ops'
    const owner = await server.login(email, { projectId })
    const wallet = await newWallet(mode)
    expect((await server.call('POST', '/api/wallet', wallet.body, owner.auth)).status).toBe(201)
    server.advance(31_000)
    const attacker = await server.login(email, { projectId })
    return { email, owner, attacker, wallet }
  }

  /** Asks and types a fresh-factor code for `session`. */
  async function refresh(server: Harness, email: string, auth: Auth) {
    await server.call('POST', '/api/session/factor', undefined, auth)
    const code = codeIn(await server.mail.waitFor(email, { subject: 'confirmation code' }))
    expect((await server.call('POST', '/api/session/factor/verify', { otp: code }, auth)).status).toBe(200)
  }

  /** Whether the stored recovery set still rebuilds the wallet with the owner's passphrase. */
  async function ownerCanRecover(
    server: Harness,
    auth: Auth,
    wallet: Awaited<ReturnType<typeof newWallet>>,
    passphrase = PASSPHRASE,
  ) {
    const released = await server.call('GET', '/api/shares/recovery', undefined, auth)
    expect(released.status).toBe(200)
    try {
      const share = await decryptRecoveryShare({
        walletId: wallet.body.walletId,
        blob: released.json.recoveryBlob as RecoveryBlob,
        passphrase,
      })
      await reconstruct(share, bytes(released.json.authShare as string), { evmAddress: wallet.body.address })
      return true
    } catch {
      return false
    }
  }

  /** Random bytes in the place of the recovery set, in the shape the route takes. */
  const bogusSet = (wallet: Awaited<ReturnType<typeof newWallet>>) => ({
    recovery: {
      mode: 'passphrase' as const,
      authShare: b64u(randomBytes(33)),
      recoveryBlob: {
        ...(wallet.body.recovery.mode === 'passphrase' ? wallet.body.recovery.recoveryBlob : {}),
        ciphertext: b64u(randomBytes(49)),
      },
    },
    signature: `0x${randomBytes(65).toString('hex')}`,
  })

  test('attack: bogus recovery shares from a session are refused, and the owner can still recover', async () => {
    // Control: without the proof, the session's random bytes replace the set and the owner's passphrase is useless.
    const before = await ownerAndAttacker(open)
    expect(
      (await open.call('PUT', '/api/shares/recovery', bogusSet(before.wallet), before.attacker.auth)).status,
    ).toBe(200)
    expect(await ownerCanRecover(open, before.owner.auth, before.wallet)).toBe(false)

    const { owner, attacker, wallet } = await ownerAndAttacker(h)
    const refused = await h.call('PUT', '/api/shares/recovery', bogusSet(wallet), attacker.auth)
    expect(refused.status).toBe(400)
    expect(refused.json).toEqual({
      code: 'invalid_recovery_proof',
      message: "The new recovery set is not signed by this wallet's key",
    })
    // A well-made set of another wallet, signed by that wallet's key: refused too (the key must be this wallet's).
    const other = await newWallet()
    const foreign = await replacementSet(other, 'passphrase', 'the attacker passphrase')
    expect((await h.call('PUT', '/api/shares/recovery', foreign, attacker.auth)).json.code).toBe(
      'invalid_recovery_proof',
    )
    // A set that is this wallet's, but whose signature is over a different set.
    const mine = await replacementSet(wallet, 'passphrase', 'another passphrase!')
    const swapped = { recovery: bogusSet(wallet).recovery, signature: mine.signature }
    expect((await h.call('PUT', '/api/shares/recovery', swapped, attacker.auth)).json.code).toBe(
      'invalid_recovery_proof',
    )
    expect(await ownerCanRecover(h, owner.auth, wallet)).toBe(true)
  }, 60_000)

  test('behavior: a new recovery set signed by the wallet key replaces the old one, within 5 minutes of a code, 3 a day, and the owner is told', async () => {
    const { email, owner, wallet } = await ownerAndAttacker(h)
    const next = await replacementSet(wallet, 'passphrase', 'a brand new passphrase')
    h.advance(5 * MINUTE + 1)
    const stale = await h.call('PUT', '/api/shares/recovery', next, owner.auth)
    expect(stale.json.code).toBe('fresh_factor_required')
    await refresh(h, email, owner.auth)
    const stored = await h.call('PUT', '/api/shares/recovery', next, owner.auth)
    expect(stored.json).toEqual({ mode: 'passphrase' })
    const notice = await h.mail.waitFor(email, {
      subject: 'recovery set of your Keyframe Dev wallet was replaced',
    })
    expect(notice.text).toContain(SITE)
    expect(notice.text).toMatch(deviceLine(owner.device.id))
    expect(await ownerCanRecover(h, owner.auth, wallet, 'a brand new passphrase')).toBe(true)
    expect(await ownerCanRecover(h, owner.auth, wallet)).toBe(false)
    // The daily limit: 3 replacements.
    for (let i = 0; i < 2; i++)
      expect((await h.call('PUT', '/api/shares/recovery', next, owner.auth)).status).toBe(200)
    const limited = await h.call('PUT', '/api/shares/recovery', next, owner.auth)
    expect(limited.status).toBe(429)
    expect(limited.json.code).toBe('rate_limited')
  }, 60_000)

  test("attack: a session cannot delete the owner's device without a fresh code; with one, a mail goes out", async () => {
    // Control: without the guards, a session older than 5 minutes removes the owner's browser, and it is out.
    const before = await ownerAndAttacker(open)
    open.advance(6 * MINUTE)
    const removed = await open.call(
      'DELETE',
      `/api/devices/${before.owner.device.id}`,
      undefined,
      before.attacker.auth,
    )
    expect(removed.json).toEqual({ revoked: before.owner.device.id })
    expect((await open.call('GET', '/api/session', undefined, before.owner.auth)).json).toEqual({
      isConnected: false,
    })

    const { email, owner, attacker } = await ownerAndAttacker(h)
    h.advance(6 * MINUTE)
    const refused = await h.call('DELETE', `/api/devices/${owner.device.id}`, undefined, attacker.auth)
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({
      code: 'fresh_factor_required',
      message: 'Please confirm it is you with a new code',
    })
    expect((await h.call('GET', '/api/session', undefined, owner.auth)).json.isConnected).toBe(true)

    // With a code from the mailbox the removal goes through, and the mailbox is told which device, by which, where.
    await refresh(h, email, attacker.auth)
    expect(
      (await h.call('DELETE', `/api/devices/${owner.device.id}`, undefined, attacker.auth)).json,
    ).toEqual({
      revoked: owner.device.id,
    })
    const notice = await h.mail.waitFor(email, {
      subject: 'A device was removed from your Keyframe Dev wallet',
    })
    expect(notice.text).toMatch(new RegExp(`${deviceLine(owner.device.id).source} was removed`))
    expect(notice.text).toMatch(new RegExp(`Device: ${deviceLine(attacker.device.id).source}`))
    expect(notice.text).toContain(SITE)
  }, 60_000)

  test('error: the device in use cannot be removed; removals are limited per account per day', async () => {
    // Control: without the guard, a session removes its own device (and with it the only share it had).
    const before = await ownerAndAttacker(open)
    expect(
      (await open.call('DELETE', `/api/devices/${before.owner.device.id}`, undefined, before.owner.auth))
        .status,
    ).toBe(200)

    const { email, owner, attacker } = await ownerAndAttacker(h)
    const self = await h.call('DELETE', `/api/devices/${owner.device.id}`, undefined, owner.auth)
    expect(self.status).toBe(409)
    expect(self.json).toEqual({
      code: 'device_in_use',
      message: 'This device is in use. Sign out on it instead of removing it.',
    })
    // Two removals a day here (5 by default).
    h.advance(31_000)
    const third = await h.login(email)
    h.advance(5 * MINUTE)
    expect((await h.call('DELETE', `/api/devices/${third.device.id}`, undefined, owner.auth)).status).toBe(
      403,
    )
    await refresh(h, email, owner.auth)
    expect((await h.call('DELETE', `/api/devices/${third.device.id}`, undefined, owner.auth)).status).toBe(
      200,
    )
    expect(
      (await h.call('DELETE', `/api/devices/${crypto.randomUUID()}`, undefined, owner.auth)).status,
    ).toBe(404)
    const limited = await h.call('DELETE', `/api/devices/${attacker.device.id}`, undefined, owner.auth)
    expect(limited.status).toBe(429)
    expect(limited.json.code).toBe('rate_limited')
  }, 60_000)

  test('behavior: operator mode releases the recovery set only after the notice went out; without mail, nothing', async () => {
    const { email, attacker } = await ownerAndAttacker(h, 'operator')
    const released = await h.call('GET', '/api/shares/recovery', undefined, attacker.auth)
    expect(released.status).toBe(200)
    const notice = await h.mail.waitFor(email, { subject: 'wallet is being set up on a device' })
    expect(notice.text).toMatch(deviceLine(attacker.device.id))
    expect(notice.text).toContain('Site: Operator Co (https://ops.example).')

    const releases = async () =>
      (await h.db.select().from(auditLog).where(eq(auditLog.deviceId, attacker.device.id))).filter(
        (row) => row.action === 'recovery.released',
      ).length
    h.mailOutage(true)
    try {
      const refused = await h.call('GET', '/api/shares/recovery', undefined, attacker.auth)
      expect(refused.status).toBe(503)
      expect(refused.json).toEqual({
        code: 'mail_unavailable',
        message: 'The e-mail could not be sent. Please try again.',
      })
      expect(refused.json.recoveryShare).toBeUndefined()
      expect(await releases()).toBe(1)
    } finally {
      h.mailOutage(false)
    }
  }, 60_000)

  test('behavior: a passphrase set is released with a notice; a failed notice does not hold it back', async () => {
    const { email, owner, wallet } = await ownerAndAttacker(h)
    expect(await ownerCanRecover(h, owner.auth, wallet)).toBe(true)
    const notice = await h.mail.waitFor(email, { subject: 'wallet is being set up on a device' })
    expect(notice.text).toMatch(deviceLine(owner.device.id))
    h.mailOutage(true)
    try {
      expect((await h.call('GET', '/api/shares/recovery', undefined, owner.auth)).status).toBe(200)
    } finally {
      h.mailOutage(false)
    }
  }, 60_000)

  test('behavior: an e-mail change needs the current address proven within 5 minutes, 3 a day, and tells the old address', async () => {
    const email = address('change')
    const login = await h.login(email)
    h.advance(31_000)
    const ask = (newEmail: string) => h.call('POST', '/api/session/email', { newEmail }, login.auth)
    const prove = async (to: string, step: 'primary' | 'secondary', subject: string) =>
      h.call(
        'POST',
        `/api/session/email/${step}`,
        { otp: codeIn(await h.mail.waitFor(to, { subject })) },
        login.auth,
      )
    const late = address('late')
    expect((await ask(late)).status).toBe(200)
    expect((await prove(email, 'primary', 'Confirm the e-mail change')).status).toBe(200)
    h.advance(5 * MINUTE + 1)
    const stale = await prove(late, 'secondary', 'Verify your new e-mail')
    expect(stale.json).toEqual({
      code: 'fresh_factor_required',
      message: 'Please confirm it is you with a new code',
    })

    const target = address('target')
    expect((await ask(target)).status).toBe(200)
    expect((await prove(email, 'primary', 'Confirm the e-mail change')).status).toBe(200)
    expect((await prove(target, 'secondary', 'Verify your new e-mail')).json).toEqual({ newEmail: target })
    const notice = await h.mail.waitFor(email, { subject: 'The e-mail of your Keyframe Dev wallet changed' })
    expect(notice.text).toContain(`now uses ${target}`)
    expect(notice.text).toContain(SITE)
    expect(notice.text).toMatch(deviceLine(login.device.id))
    h.advance(31_000)
    expect((await ask(address('third'))).status).toBe(200)
    const limited = await ask(address('fourth'))
    expect(limited.status).toBe(429)
    expect(limited.json.code).toBe('rate_limited')
  }, 60_000)
})
