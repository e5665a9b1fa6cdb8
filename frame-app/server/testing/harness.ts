/**
 * One test world for the server's route suites: a database (PGlite or PostgreSQL), the devstack's real mail
 * catcher (nodemailer → smtp-server), a fake clock, and helpers that speak the HTTP API as the frame does.
 * @module
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type CaughtMail, startMailCatcher } from '@keyframe/devstack'
import { createFrameApp } from '../app.ts'
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
}

/** A random device public key as the frame would send it (base64url). */
export function deviceKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(65))).toString('base64url')
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
  })
  const base = options.publicUrl ?? 'http://localhost'

  /**
   * A JSON request as the frame sends it; `auth` is a bearer token or a cookie header value. `from` is the
   * peer address of the connection as `@hono/node-server` would hand it over (default none), plus headers.
   */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    auth?: { token?: string; cookie?: string },
    from?: { ip?: string; headers?: Record<string, string> },
  ) {
    const headers: Record<string, string> = { ...from?.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (auth?.token) headers.authorization = `Bearer ${auth.token}`
    if (auth?.cookie) headers.cookie = auth.cookie
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
    return { ...body, devicePublicKey: device, auth: { token: body.token } }
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
