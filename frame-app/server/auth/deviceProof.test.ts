/**
 * Device proof of possession (SECURITY.md §0: knowing a code is not owning a device): what a signed request
 * must hold to be accepted, and the two attacks it stops — a client that read a login code but does not
 * hold the device key, and a stolen session token — each with its control: the same requests against a
 * second server instance on the same database with the check switched off (`deviceProof: 'off'`), which
 * hands over the share.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEVICE_NONCE_TTL_MS } from '@keyframe/protocol/frame-api/deviceProof'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFrameApp } from '../app.ts'
import { deviceNonces } from '../db/schema/deviceNonces.ts'
import { codeIn, createHarness, deviceKey, deviceProofHeaders, type Harness } from '../testing/harness.ts'
import { testBackends } from '../testing/testDatabase.ts'
import { b64u, newWallet } from '../testing/wallets.ts'

let n = 0
const address = (label: string) => `${label}-${++n}@example.net`

describe.each(testBackends())('device proof (%s)', (backend) => {
  let h: Harness
  let webRoot: string
  /** Another server instance on the same database, with the same keys, and the device proof switched off. */
  let unprotected: ReturnType<typeof createFrameApp>
  beforeAll(async () => {
    h = await createHarness({ backend })
    webRoot = mkdtempSync(join(tmpdir(), 'keyframe-proof-'))
    unprotected = createFrameApp({
      database: h.database,
      webRoot,
      secrets: h.secrets,
      now: h.now,
      deviceProof: 'off',
    })
  }, 60_000)
  afterAll(async () => {
    await h?.close()
    rmSync(webRoot, { recursive: true, force: true })
  })

  /** A user with a wallet, logged in on a harness device (whose key `h.call` signs with). */
  async function owner() {
    const login = await h.login(address('owner'))
    const wallet = await newWallet()
    expect((await h.call('POST', '/api/wallet', wallet.body, login.auth)).status).toBe(201)
    return { login, wallet, sharePath: `/api/shares/device/${login.device.id}` }
  }

  async function nonce(app = h.app): Promise<string> {
    const res = await app.request('http://localhost/api/auth/nonce', { method: 'POST' })
    expect(res.status).toBe(200)
    return ((await res.json()) as { nonce: string }).nonce
  }

  /** A request built by hand: `headers` holds the proof (or not). */
  async function send(
    method: string,
    path: string,
    options: { token?: string; body?: string; headers?: Record<string, string>; app?: typeof h.app } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const res = await (options.app ?? h.app).request(`http://localhost${path}`, {
      method,
      headers,
      ...(options.body !== undefined && { body: options.body }),
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }

  test('default: a release signed by the session device over a fresh nonce is accepted', async () => {
    const { login, wallet, sharePath } = await owner()
    const res = await send('GET', sharePath, {
      token: login.auth.token,
      headers: deviceProofHeaders(login.devicePublicKey, {
        method: 'GET',
        path: sharePath,
        nonce: await nonce(),
      }),
    })
    expect(res.status).toBe(200)
    expect(res.json.authShare).toBe(wallet.body.authShare)
  })

  test('error: no proof, a bad signature, another device, a replay, an expired or made-up nonce, another path or body: refused', async () => {
    const { login, sharePath } = await owner()
    const token = login.auth.token
    const refused = { code: 'device_proof_invalid', message: 'This request must be signed by this device' }
    const release = (headers: Record<string, string>) => send('GET', sharePath, { token, headers })
    const signed = async (parts: { device?: string; path?: string; nonce?: string } = {}) =>
      deviceProofHeaders(parts.device ?? login.devicePublicKey, {
        method: 'GET',
        path: parts.path ?? sharePath,
        nonce: parts.nonce ?? (await nonce()),
      })

    expect(await release({})).toEqual({ status: 403, json: refused })
    const forged = {
      ...(await signed()),
      'keyframe-device-signature': b64u(crypto.getRandomValues(new Uint8Array(64))),
    }
    expect((await release(forged)).json).toEqual(refused)
    expect((await release(await signed({ device: deviceKey() }))).json).toEqual(refused)
    expect((await release(await signed({ path: '/api/shares/recovery' }))).json).toEqual(refused)
    expect(
      (await release(await signed({ nonce: b64u(crypto.getRandomValues(new Uint8Array(40))) }))).json,
    ).toEqual(refused)

    const once = await signed()
    expect((await release(once)).status).toBe(200)
    expect((await release(once)).json).toEqual(refused)

    const late = await signed()
    h.advance(DEVICE_NONCE_TTL_MS)
    expect((await release(late)).json).toEqual(refused)

    // The body is covered: a share signed for one body and sent with another is refused.
    const path = '/api/shares/device'
    const body = JSON.stringify({
      deviceId: login.device.id,
      authShare: b64u(crypto.getRandomValues(new Uint8Array(17))),
    })
    const other = JSON.stringify({
      deviceId: login.device.id,
      authShare: b64u(crypto.getRandomValues(new Uint8Array(17))),
    })
    const headers = deviceProofHeaders(login.devicePublicKey, {
      method: 'PUT',
      path,
      body,
      nonce: await nonce(),
    })
    expect((await send('PUT', path, { token, body: other, headers })).json).toEqual(refused)
    expect((await send('PUT', path, { token, body, headers })).status).toBe(200)
  })

  test('behavior: asking for nonces writes nothing (an anonymous caller cannot fill the database); a use is recorded once', async () => {
    const { login, sharePath } = await owner()
    const count = async () => (await h.db.select({ nonce: deviceNonces.nonce }).from(deviceNonces)).length
    const before = await count()
    for (let i = 0; i < 20; i++) await nonce()
    expect(await count()).toBe(before)
    const headers = deviceProofHeaders(login.devicePublicKey, {
      method: 'GET',
      path: sharePath,
      nonce: await nonce(),
    })
    expect((await send('GET', sharePath, { token: login.auth.token, headers })).status).toBe(200)
    expect(await count()).toBe(before + 1)
  })

  test('behavior: a nonce from one server instance is used once, on any instance (they share the database)', async () => {
    const { login, sharePath } = await owner()
    const elsewhere = createFrameApp({ database: h.database, webRoot, secrets: h.secrets, now: h.now })
    const headers = deviceProofHeaders(login.devicePublicKey, {
      method: 'GET',
      path: sharePath,
      nonce: await nonce(elsewhere),
    })
    expect((await send('GET', sharePath, { token: login.auth.token, headers })).status).toBe(200)
    const again = await send('GET', sharePath, { token: login.auth.token, headers, app: elsewhere })
    expect(again.status).toBe(403)
  })

  test('attack: a client with the login code but not the device key gets no session and no share (control: without the check it gets both)', async () => {
    const email = address('victim')
    const victim = deviceKey()
    // The owner's frame asks for a code for its device key; the attacker reads the code (it was typed in a
    // hostile page, or the mail was read) and sends it for that same key, signing with a key of its own.
    const start = await h.call('POST', '/api/auth/email/start', {
      projectId: 'dev',
      email,
      devicePublicKey: victim,
    })
    expect(start.status).toBe(200)
    const code = codeIn(await h.mail.waitFor(email, { subject: 'login code' }))
    const path = '/api/auth/email/verify'
    const body = JSON.stringify({ projectId: 'dev', email, devicePublicKey: victim, otp: code })
    const madeUp = deviceKey()

    const unsigned = await send('POST', path, { body })
    const wrongKey = await send('POST', path, {
      body,
      headers: deviceProofHeaders(madeUp, { method: 'POST', path, body, nonce: await nonce() }),
    })
    expect(unsigned.status).toBe(403)
    expect(wrongKey).toEqual({
      status: 403,
      json: { code: 'device_proof_invalid', message: 'This request must be signed by this device' },
    })
    expect(wrongKey.json.token).toBeUndefined()

    // Control: the very same requests against an instance without the check log in and release the share.
    const session = await send('POST', path, { body, app: unprotected })
    expect(session.status).toBe(200)
    const token = session.json.token as string
    const wallet = await newWallet()
    const registered = await send('POST', '/api/wallet', {
      token,
      body: JSON.stringify(wallet.body),
      app: unprotected,
    })
    expect(registered.status).toBe(201)
    const deviceId = (session.json.device as { id: string }).id
    const share = await send('GET', `/api/shares/device/${deviceId}`, { token, app: unprotected })
    expect(share.json.authShare).toBe(wallet.body.authShare)
    // …which the protected instance, with the same session, still refuses.
    expect((await send('GET', `/api/shares/device/${deviceId}`, { token })).status).toBe(403)
  })

  test('attack: a stolen session token, used without the device key, releases nothing (control: without the check it does)', async () => {
    const { login, wallet, sharePath } = await owner()
    const stolen = login.auth.token
    const madeUp = deviceKey()
    const forged = deviceProofHeaders(madeUp, { method: 'GET', path: sharePath, nonce: await nonce() })
    expect((await send('GET', sharePath, { token: stolen })).status).toBe(403)
    expect((await send('GET', sharePath, { token: stolen, headers: forged })).status).toBe(403)
    expect((await send('GET', '/api/shares/recovery', { token: stolen })).status).toBe(403)

    const control = await send('GET', sharePath, { token: stolen, app: unprotected })
    expect(control.status).toBe(200)
    expect(control.json.authShare).toBe(wallet.body.authShare)
  })
})
