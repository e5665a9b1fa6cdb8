/**
 * One test world for the server's route suites: a database (PGlite or PostgreSQL), the devstack's real mail
 * catcher (nodemailer → smtp-server), a fake clock, and helpers that speak the HTTP API as the frame does.
 * @module
 */

import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type CaughtMail, startMailCatcher } from '@keyframe/dev-fixtures'
import {
  DEVICE_NONCE_HEADER,
  DEVICE_SIGNATURE_HEADER,
  deviceProofMessage,
} from '@keyframe/protocol/frame-api/deviceProof'
import { routeOf } from '@keyframe/protocol/frame-api/routes'
import { createFrameApp, type FrameAppOptions } from '../app.ts'
import { type ProjectInput, parseProjects } from '../config.ts'
import { randomSecrets } from '../crypto/keys.ts'
import type { Limits } from '../limits.ts'
import { createLogger } from '../logger.ts'
import { createMailer, type Mailer } from '../mail/createMailer.ts'
import { importProjects } from '../projects/store.ts'
import { type Backend, createTestDatabase } from './testDatabase.ts'

export const START = Date.parse('2030-01-01T00:00:00.000Z')

export const TEST_PROJECTS: ProjectInput[] = [
  { id: 'dev', name: 'Keyframe Dev', allowedOrigins: ['http://127.0.0.1:5173'], recoveryMode: 'passphrase' },
  { id: 'ops', name: 'Operator Co', allowedOrigins: ['https://ops.example'], recoveryMode: 'operator' },
]

export type HarnessOptions = {
  backend?: Backend
  /** `https://wallet.example` for cookie sessions; default none (plain http://localhost → bearer). */
  publicUrl?: string
  limits?: Partial<Limits>
  trustedProxyHops?: number
  /** `'off'` only for the controls of the account-change attack tests (`FrameAppOptions.accountGuards`). */
  accountGuards?: 'enforce' | 'off'
  /** Sign In With Farcaster's relay and IdRegistry (`FrameAppOptions.farcaster`). */
  farcaster?: FrameAppOptions['farcaster']
  /** Social login's full-page redirect fallback (`FrameAppOptions.socialRedirectFallback`). */
  socialRedirectFallback?: boolean
}

const devicePrivateKeys = new Map<string, KeyObject>()

/**
 * A new device key as the frame would send it: a P-256 key pair whose public half is the raw key, base64url.
 * `call` signs the requests of `device` routes with it, as the frame does.
 */
export function deviceKey(): string {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const raw = Buffer.concat([
    Buffer.of(4),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ])
  const key = raw.toString('base64url')
  devicePrivateKeys.set(key, privateKey)
  return key
}

/** The device proof headers of a request, signed by `device` (a key from {@link deviceKey}) over `nonce`. */
export function deviceProofHeaders(
  device: string,
  request: { method: string; path: string; body?: string; nonce: string },
): Record<string, string> {
  const privateKey = devicePrivateKeys.get(device)
  if (!privateKey) throw new Error('Not a harness device key')
  const message = deviceProofMessage({
    method: request.method,
    path: request.path,
    bodySha256: createHash('sha256')
      .update(request.body ?? '')
      .digest(),
    nonce: request.nonce,
  })
  const signature = sign('sha256', message, { key: privateKey, dsaEncoding: 'ieee-p1363' })
  return { [DEVICE_NONCE_HEADER]: request.nonce, [DEVICE_SIGNATURE_HEADER]: signature.toString('base64url') }
}

/** The 6-digit code in a mail. */
export function codeIn(mail: CaughtMail): string {
  const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1]
  if (!code) throw new Error(`No code in mail "${mail.subject}"`)
  return code
}

/** The approval link in a VERIFY_DEVICE mail. */
export function linkIn(mail: CaughtMail): URL {
  const link = /(https?:\/\/\S+\/approve-device\?\S+)/.exec(mail.text)?.[1]
  if (!link) throw new Error(`No approval link in mail "${mail.subject}"`)
  return new URL(link)
}

export async function createHarness(options: HarnessOptions = {}) {
  const database = await createTestDatabase(options.backend)
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 })
  const secrets = randomSecrets()
  const logs: string[] = []
  const logger = createLogger({ write: (line) => logs.push(line) })
  const delivering = createMailer({
    smtpUrl: mail.smtpUrl,
    from: 'Keyframe <no-reply@keyframe.test>',
    logger,
  })
  // Port 1 on loopback refuses the connection: a real SMTP failure, switched on by `mailOutage`.
  const failing = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Keyframe <no-reply@keyframe.test>' })
  let outage = false
  const mailer: Mailer = {
    send: (message) => (outage ? failing : delivering).send(message),
    close: () => {
      delivering.close()
      failing.close()
    },
  }
  let time = START
  const now = () => new Date(time)
  await importProjects(database.db, parseProjects(TEST_PROJECTS), now())
  const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-harness-'))
  const app = createFrameApp({
    database,
    webRoot,
    secrets,
    mailer,
    now,
    logger,
    // Every suite's logs then hold one line per call, for the tests that look for secrets in them.
    accessLog: true,
    ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
    ...(options.limits !== undefined && { limits: options.limits }),
    ...(options.trustedProxyHops !== undefined && { trustedProxyHops: options.trustedProxyHops }),
    ...(options.accountGuards !== undefined && { accountGuards: options.accountGuards }),
    ...(options.farcaster !== undefined && { farcaster: options.farcaster }),
    ...(options.socialRedirectFallback !== undefined && {
      socialRedirectFallback: options.socialRedirectFallback,
    }),
  })
  const base = options.publicUrl ?? 'http://localhost'

  /**
   * The device proof the frame adds to a request of a `device` route: signed by `auth.device`, or (login) by
   * the body's `devicePublicKey`; none when `auth.device` is null or the key is not one of {@link deviceKey}.
   */
  async function proofFor(
    method: string,
    path: string,
    body: unknown,
    auth: { device?: string | null } | undefined,
  ) {
    const route = routeOf(method, new URL(path, base).pathname)
    if (route?.auth !== 'device' || auth?.device === null) return {}
    const device =
      route.proofKey === 'body'
        ? (body as { devicePublicKey?: string } | undefined)?.devicePublicKey
        : auth?.device
    if (!device || !devicePrivateKeys.has(device)) return {}
    const issued = await app.request(new URL('/api/auth/nonce', base).href, { method: 'POST' })
    const { nonce } = (await issued.json()) as { nonce: string }
    const text = body === undefined ? undefined : JSON.stringify(body)
    return deviceProofHeaders(device, {
      method,
      path: new URL(path, base).pathname,
      nonce,
      ...(text !== undefined && { body: text }),
    })
  }

  /**
   * A JSON request as the frame sends it; `auth` is a bearer token or a cookie header value. `from` is the
   * peer address of the connection as `@hono/node-server` would hand it over (default none), plus headers.
   */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    auth?: { token?: string; cookie?: string; device?: string | null },
    from?: { ip?: string; headers?: Record<string, string> },
  ) {
    const headers: Record<string, string> = { ...from?.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (auth?.token) headers.authorization = `Bearer ${auth.token}`
    if (auth?.cookie) headers.cookie = auth.cookie
    Object.assign(headers, await proofFor(method, path, body, auth))
    const res = await app.request(
      new URL(path, base).href,
      { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) },
      from?.ip ? { incoming: { socket: { remoteAddress: from.ip } } } : undefined,
    )
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: json as Record<string, unknown> & { code?: string; message?: string },
    }
  }

  /** Logs in from a new device: start, read the code from the mailbox, verify. */
  async function login(email: string, parameters: { projectId?: string; device?: string } = {}) {
    const projectId = parameters.projectId ?? 'dev'
    const device = parameters.device ?? deviceKey()
    const start = await call('POST', '/api/auth/email/start', { projectId, email, devicePublicKey: device })
    if (start.status !== 200) throw new Error(`start: ${start.status} ${start.text}`)
    const code = codeIn(await mail.waitFor(email, { subject: 'login code' }))
    const verify = await call('POST', '/api/auth/email/verify', {
      projectId,
      email,
      devicePublicKey: device,
      otp: code,
    })
    if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${verify.text}`)
    const body = verify.json as {
      token: string
      email: string
      device: { id: string; isNew: boolean; hasAuthShare: boolean }
      wallet: unknown
      recoveryMode: string
    }
    return { ...body, devicePublicKey: device, auth: { token: body.token, device } }
  }

  return {
    app,
    database,
    db: database.db,
    mail,
    secrets,
    logs,
    now,
    /** Moves the fake clock forward. */
    /** While on, every mail fails to send (the SMTP server refuses the connection). */
    mailOutage(on: boolean) {
      outage = on
    },
    advance(ms: number) {
      time += ms
    },
    call,
    login,
    async close() {
      mailer.close()
      await mail.close()
      await database.close()
      rmSync(webRoot, { recursive: true, force: true })
    },
  }
}

export type Harness = Awaited<ReturnType<typeof createHarness>>
