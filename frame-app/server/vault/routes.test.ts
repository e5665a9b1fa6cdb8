import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { combine, split } from 'shamir-secret-sharing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decryptRecoveryShare, type RecoveryBlob } from '../../web/wallet/recovery.ts'
import { reconstruct } from '../../web/wallet/shares.ts'
import { openEnvelope } from '../crypto/envelope.ts'
import { auditLog } from '../db/schema/limits.ts'
import { authShares, recoveryShares } from '../db/schema/shares.ts'
import { devices } from '../db/schema/users.ts'
import { createHarness, type Harness } from '../testing/harness.ts'
import { testBackends } from '../testing/testDatabase.ts'
import { b64u, newWallet, PASSPHRASE } from '../testing/wallets.ts'

const MINUTE = 60_000
let n = 0
const address = (label: string) => `${label}-${++n}@example.net`
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))

/** 0x04‖x‖y → 0x02/03‖x, as the server stores it. */
const compressed = (uncompressed: string) =>
  `0x${Number.parseInt(uncompressed.slice(-2), 16) % 2 === 1 ? '03' : '02'}${uncompressed.slice(4, 68)}`

describe.each(testBackends())('share vault (%s)', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ backend })
  }, 60_000)
  afterAll(() => h?.close())

  async function registered(mode: 'passphrase' | 'operator' = 'passphrase') {
    const email = address(mode)
    const login = await h.login(email, { projectId: mode === 'passphrase' ? 'dev' : 'ops' })
    const wallet = await newWallet(mode)
    const res = await h.call('POST', '/api/wallet', wallet.body, login.auth)
    expect(res.status).toBe(201)
    return { email, login, wallet, res }
  }

  test('default: first-login registration stores the wallet, auth_d and the recovery set in one go', async () => {
    const { login, wallet, res } = await registered()
    expect(res.json).toEqual({
      wallet: {
        id: wallet.body.walletId,
        address: wallet.body.address,
        publicKey: compressed(wallet.body.publicKey),
        solanaAddress: wallet.body.solanaAddress,
      },
    })
    const session = await h.call('GET', '/api/session', undefined, login.auth)
    expect(session.json).toMatchObject({
      user: { address: wallet.body.address, accounts: [{ address: wallet.body.address, type: 'eoa' }] },
    })
    const released = await h.call('GET', `/api/shares/device/${login.device.id}`, undefined, login.auth)
    expect(released.json).toEqual({
      deviceId: login.device.id,
      walletId: (res.json.wallet as { id: string }).id,
      authShare: wallet.body.authShare,
    })
    // device_d (kept by the frame) + auth_d (from the server) rebuild the entropy.
    const rebuilt = await combine([wallet.deviceShare, bytes(released.json.authShare as string)])
    expect(Buffer.from(rebuilt).equals(Buffer.from(wallet.entropy))).toBe(true)
    // A later login on the same device says the share is there.
    h.advance(31_000)
    const again = await h.login(login.email, { device: login.devicePublicKey })
    expect(again.device).toEqual({ id: login.device.id, isNew: false, hasAuthShare: true })
  })

  test('error: address and public key must agree; one wallet per account; the project decides the mode', async () => {
    const login = await h.login(address('checks'))
    const wallet = await newWallet()
    const other = await newWallet()
    const mismatch = await h.call(
      'POST',
      '/api/wallet',
      { ...wallet.body, address: other.body.address },
      login.auth,
    )
    expect(mismatch.json).toEqual({ code: 'invalid_params', message: 'address: Does not match publicKey' })
    const operator = await newWallet('operator')
    expect((await h.call('POST', '/api/wallet', operator.body, login.auth)).json).toEqual({
      code: 'invalid_params',
      message: 'recovery.mode: Expected "passphrase" for this project',
    })
    expect((await h.call('POST', '/api/wallet', wallet.body, login.auth)).status).toBe(201)
    const twice = await h.call('POST', '/api/wallet', other.body, login.auth)
    expect(twice.status).toBe(409)
    expect(twice.json).toEqual({ code: 'wallet_exists', message: 'This account already has a wallet' })
  })

  test('behavior: auth_d goes to its own device signature with no new code; storing one needs a 15-minute factor', async () => {
    const { login } = await registered()
    const release = () => h.call('GET', `/api/shares/device/${login.device.id}`, undefined, login.auth)
    h.advance(6 * 24 * 60 * MINUTE)
    expect((await release()).status).toBe(200)
    // The session alone, unsigned, gets nothing.
    const unsigned = await h.call('GET', `/api/shares/device/${login.device.id}`, undefined, {
      ...login.auth,
      device: null,
    })
    expect(unsigned.status).toBe(403)
    expect(unsigned.json.code).toBe('device_proof_invalid')
    // Storing a share needs a fresh factor.
    const put = await h.call(
      'PUT',
      '/api/shares/device',
      { deviceId: login.device.id, authShare: b64u(randomBytes(17)) },
      login.auth,
    )
    expect(put.status).toBe(403)
    expect(put.json).toEqual({
      code: 'fresh_factor_required',
      message: 'Please confirm it is you with a new code',
    })
  })

  test('behavior: the recovery set is released only within 5 minutes of the last factor', async () => {
    const { login, wallet } = await registered()
    const release = () => h.call('GET', '/api/shares/recovery', undefined, login.auth)
    h.advance(5 * MINUTE)
    const ok = await release()
    expect(ok.json).toEqual({
      walletId: wallet.body.walletId,
      mode: 'passphrase',
      recoveryBlob:
        wallet.body.recovery.mode === 'passphrase' ? wallet.body.recovery.recoveryBlob : undefined,
      authShare: wallet.body.recovery.authShare,
    })
    h.advance(1)
    expect((await release()).json.code).toBe('fresh_factor_required')
  })

  test('behavior: a new device rebuilds from recovery + auth_r and stores its own auth_d', async () => {
    const { login, wallet } = await registered()
    h.advance(31_000)
    const second = await h.login(login.email)
    expect(second).toMatchObject({ device: { isNew: true, hasAuthShare: false }, recoveryMode: 'passphrase' })
    expect(second.wallet).toMatchObject({ address: wallet.body.address })
    const recovery = await h.call('GET', '/api/shares/recovery', undefined, second.auth)
    expect(recovery.status).toBe(200)
    const [device2, auth2] = (await split(wallet.entropy, 2, 2)) as [Uint8Array, Uint8Array]
    const put = await h.call(
      'PUT',
      '/api/shares/device',
      { deviceId: second.device.id, authShare: b64u(auth2) },
      second.auth,
    )
    expect(put.json).toEqual({ deviceId: second.device.id })
    const back = await h.call('GET', `/api/shares/device/${second.device.id}`, undefined, second.auth)
    expect(Buffer.from(await combine([device2, bytes(back.json.authShare as string)]))).toEqual(
      Buffer.from(wallet.entropy),
    )
    // One session cannot touch another device's share.
    expect(
      (await h.call('GET', `/api/shares/device/${login.device.id}`, undefined, second.auth)).status,
    ).toBe(403)
    expect(
      (
        await h.call(
          'PUT',
          '/api/shares/device',
          { deviceId: login.device.id, authShare: b64u(auth2) },
          second.auth,
        )
      ).status,
    ).toBe(403)
  })

  test('behavior: revoking a device deletes its auth share and ends its sessions', async () => {
    const { login } = await registered()
    h.advance(31_000)
    const second = await h.login(login.email)
    const list = await h.call('GET', '/api/devices', undefined, second.auth)
    expect((list.json.devices as { id: string; current: boolean }[]).map((d) => [d.id, d.current])).toEqual([
      [login.device.id, false],
      [second.device.id, true],
    ])
    const res = await h.call('DELETE', `/api/devices/${login.device.id}`, undefined, second.auth)
    expect(res.json).toEqual({ revoked: login.device.id })
    expect(await h.db.select().from(authShares).where(eq(authShares.deviceId, login.device.id))).toEqual([])
    expect((await h.call('GET', '/api/session', undefined, login.auth)).json).toEqual({ isConnected: false })
    expect((await h.call('GET', `/api/shares/device/${login.device.id}`, undefined, login.auth)).status).toBe(
      401,
    )
    expect((await h.call('DELETE', `/api/devices/${login.device.id}`, undefined, second.auth)).status).toBe(
      404,
    )
    // The revoked key logging in again is a new device with no share: it must go through recovery.
    h.advance(31_000)
    const back = await h.login(login.email, { device: login.devicePublicKey })
    expect(back.device).toMatchObject({ isNew: true, hasAuthShare: false })
    expect(back.device.id).not.toBe(login.device.id)
    const [row] = await h.db.select().from(devices).where(eq(devices.id, login.device.id))
    expect(row?.revokedAt).not.toBeNull()
  })

  test('behavior: operator mode seals the recovery share under the operator key, apart from the KEK', async () => {
    const { login, wallet } = await registered('operator')
    const [row] = await h.db
      .select()
      .from(recoveryShares)
      .where(eq(recoveryShares.walletId, wallet.body.walletId))
    expect(row).toMatchObject({ mode: 'operator', keyId: 'operator-test', kekId: 'kek-test' })
    const share = wallet.body.recovery.mode === 'operator' ? wallet.body.recovery.recoveryShare : ''
    expect(row?.ciphertext).not.toContain(share)
    expect(() => openEnvelope(h.secrets.kek, row?.ciphertext ?? '', 'x')).toThrow(/not "kek-test"/)
    const released = await h.call('GET', '/api/shares/recovery', undefined, login.auth)
    expect(released.json).toEqual({
      walletId: row?.walletId,
      mode: 'operator',
      recoveryShare: share,
      authShare: wallet.body.recovery.authShare,
    })
  })

  test('behavior: a database dump plus the KEK cannot rebuild a passphrase-mode key; the passphrase can', async () => {
    const { login, wallet } = await registered()
    const id = wallet.body.walletId
    // Everything the server holds for this wallet, opened with the KEK.
    const [recovery] = await h.db.select().from(recoveryShares).where(eq(recoveryShares.walletId, id))
    const [stored] = await h.db.select().from(authShares).where(eq(authShares.walletId, id))
    const authR = new Uint8Array(
      openEnvelope(h.secrets.kek, recovery?.authCiphertext ?? '', `auth_r|${id}|${recovery?.userId}`),
    )
    const authD = new Uint8Array(
      openEnvelope(h.secrets.kek, stored?.ciphertext ?? '', `auth_share|${id}|${login.device.id}`),
    )
    // Shares of two different splits do not combine into the entropy…
    const guess = await combine([authR, authD]).catch(() => undefined)
    expect(guess && Buffer.from(guess).equals(Buffer.from(wallet.entropy))).toBeFalsy()
    // …the recovery share is only the frame's blob, byte for byte…
    const blob = JSON.parse(recovery?.ciphertext ?? '{}') as RecoveryBlob
    expect(blob).toEqual(
      wallet.body.recovery.mode === 'passphrase' ? wallet.body.recovery.recoveryBlob : undefined,
    )
    expect(recovery?.keyId).toBeNull()
    await expect(
      decryptRecoveryShare({ walletId: id, blob, passphrase: 'a wrong passphrase!' }),
    ).rejects.toThrow(/Wrong passphrase/)
    // …and with the passphrase (which the server never sees) recovery + auth_r rebuild the checked wallet.
    const recoveryShare = await decryptRecoveryShare({ walletId: id, blob, passphrase: PASSPHRASE })
    const entropy = await reconstruct(recoveryShare, authR, { evmAddress: wallet.body.address })
    expect(Buffer.from(entropy).equals(Buffer.from(wallet.entropy))).toBe(true)
  })

  test('behavior: releases are audit-logged (no secrets) and rate-limited', async () => {
    const { login } = await registered()
    for (let i = 0; i < 60; i++)
      expect(
        (await h.call('GET', `/api/shares/device/${login.device.id}`, undefined, login.auth)).status,
      ).toBe(200)
    const limited = await h.call('GET', `/api/shares/device/${login.device.id}`, undefined, login.auth)
    expect(limited.status).toBe(429)
    expect(limited.json.code).toBe('rate_limited')
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.deviceId, login.device.id))
    const actions = rows.map((r) => r.action)
    expect(actions.filter((a) => a === 'auth_share.released')).toHaveLength(60)
    expect(actions).toEqual(
      expect.arrayContaining([
        'login',
        'device.verified',
        'wallet.created',
        'auth_share.stored',
        'recovery.stored',
      ]),
    )
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'action',
      'at',
      'deviceId',
      'id',
      'projectId',
      'userId',
    ])
  })

  test('behavior: no log line holds a share', async () => {
    const { wallet } = await registered()
    const all = h.logs.join('\n')
    expect(all).not.toContain(wallet.body.authShare)
    expect(all).not.toContain(wallet.body.recovery.authShare)
  })
})
