/**
 * The production start (`npm run -w frame-app start:prod`) as a deployment runs it: `server/main.ts` in a
 * child process with NODE_ENV=production, PostgreSQL, real SMTP and an https PUBLIC_URL, reached over plain
 * http as a TLS-terminating proxy would reach it. Needs TEST_DATABASE_URL (`scripts/postgres.sh`; `npm test`
 * sets it) and the built web app (`npm run -w frame-app build`; `npm test` builds first).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type MailCatcher, startMailCatcher } from '@keyframe/devstack'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_WEB_ROOT } from './serve.ts'
import { codeIn, deviceKey, deviceProofHeaders } from './testing/harness.ts'
import { createPostgresDatabase } from './testing/testDatabase.ts'

const PUBLIC_URL = 'https://wallet.acme.example'
const DAPP = 'https://app.acme.example'

describe.skipIf(!process.env.TEST_DATABASE_URL)('production start (PostgreSQL)', () => {
  let mail: MailCatcher
  let dir: string
  let drop: (() => Promise<void>) | undefined
  let child: ChildProcess | undefined
  let url: string
  let out = ''

  beforeAll(async () => {
    mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 })
    dir = mkdtempSync(join(tmpdir(), 'keyframe-prod-'))
    const projectsFile = join(dir, 'projects.json')
    writeFileSync(
      projectsFile,
      JSON.stringify({
        projects: [{ id: 'acme', name: 'Acme', allowedOrigins: [DAPP], recoveryMode: 'passphrase' }],
      }),
    )
    const database = await createPostgresDatabase()
    drop = database.drop
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        PUBLIC_URL,
        DATABASE_URL: database.url,
        SMTP_URL: mail.smtpUrl,
        MAIL_FROM: 'Keyframe <wallet@acme.example>',
        KEK: randomBytes(32).toString('base64'),
        OTP_PEPPER: randomBytes(32).toString('base64'),
        KEYFRAME_PROJECTS_FILE: projectsFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const started = child
    url = await new Promise<string>((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const found = /Keyframe frame server on (http:\/\/\S+)/.exec(out)?.[1]
        if (found) resolve(found)
      })
      started.stderr?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
      })
      started.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)))
    })
  }, 60_000)

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await mail?.close()
    await drop?.()
    rmSync(dir, { recursive: true, force: true })
  })

  test('behavior: migrates, imports the projects, answers /healthz and seeds no dev project', async () => {
    expect(out).toContain('(postgres, production)')
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ ok: true })
    expect((await fetch(`${url}/frame?projectId=dev`)).status).toBe(403)
  })

  test('behavior: serves the built web app from frame-app/dist/web, framable by the project only', async () => {
    const built = readFileSync(join(DEFAULT_WEB_ROOT, 'index.html'), 'utf8')
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(built)?.[1]
    expect(script, 'the built index.html loads an entry script').toBeDefined()
    const frame = await fetch(`${url}/frame?projectId=acme`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors ${DAPP};`)
    expect(await frame.text()).toContain(`src="${script}"`)
    const asset = await fetch(`${url}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('javascript')
  })

  test('behavior: behind TLS termination, e-mail login sets the __Host- partitioned cookie', async () => {
    const headers = {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      'sec-fetch-site': 'same-origin',
    }
    const email = 'ada@acme.example'
    const login = { projectId: 'acme', email, devicePublicKey: deviceKey() }
    const start = await fetch(`${url}/api/auth/email/start`, {
      method: 'POST',
      headers,
      body: JSON.stringify(login),
    })
    expect(await start.json()).toEqual({ action: 'VERIFY_OTP' })
    const sent = await mail.waitFor(email)
    expect(sent.from).toContain('wallet@acme.example')

    // The code is bound to the device key: the verify is signed by it over a server nonce, as the frame does.
    const nonce = await fetch(`${url}/api/auth/nonce`, { method: 'POST', headers })
    const body = JSON.stringify({ ...login, otp: codeIn(sent) })
    const path = '/api/auth/email/verify'
    const { nonce: value } = (await nonce.json()) as { nonce: string }
    const proof = deviceProofHeaders(login.devicePublicKey, { method: 'POST', path, body, nonce: value })
    const verify = await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, ...proof }, body })
    expect(verify.status).toBe(200)
    expect(await verify.json()).not.toHaveProperty('token')
    const cookie = verify.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^__Host-keyframe_session=[A-Za-z0-9_-]{43};/)
    for (const attribute of ['Path=/', 'Secure', 'HttpOnly', 'SameSite=None', 'Partitioned'])
      expect(cookie).toContain(attribute)

    const session = await fetch(`${url}/api/session`, {
      headers: { ...headers, cookie: cookie.split(';')[0] as string },
    })
    expect(await session.json()).toMatchObject({ isConnected: true, user: { email } })
    // Another site's page cannot use the API, cookie or not.
    const crossSite = await fetch(`${url}/api/session`, {
      headers: { origin: DAPP, 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
  })
})
