/**
 * The production start as the image runs it: the runtime stage of `frame-app/Dockerfile` laid out in a
 * temporary folder (the compiled `dist/server/main.js`, the built web app and the migrations, no `.ts`), its
 * CMD started by plain `node` with the image's environment (NODE_ENV=production), PostgreSQL, real SMTP and an
 * https PUBLIC_URL, reached over plain http as a TLS-terminating proxy would reach it. Needs TEST_DATABASE_URL
 * (`scripts/postgres.sh`; `npm test` sets it; without it the suite fails) and the build (`npm run -w frame-app
 * build`; `npm test` builds first).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type MailCatcher, startMailCatcher } from '@keyframe/dev-fixtures'
import { type ImageLayout, layOutImage } from '@keyframe/server-kit/testing/dockerImage'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MIGRATIONS_FOLDER } from './db/createDatabase.ts'
import { DEFAULT_WEB_ROOT } from './serve.ts'
import { codeIn, deviceKey, deviceProofHeaders } from './testing/harness.ts'
import { createPostgresDatabase } from './testing/testDatabase.ts'

const DOCKERFILE = fileURLToPath(new URL('../Dockerfile', import.meta.url))
const PUBLIC_URL = 'https://wallet.acme.example'
const DAPP = 'https://app.acme.example'

describe('production start (compiled, PostgreSQL)', () => {
  let mail: MailCatcher
  let dir: string
  let image: ImageLayout | undefined
  let command: string[]
  let databaseUrl: string
  let drop: (() => Promise<void>) | undefined
  let child: ChildProcess | undefined
  let env: Record<string, string>
  let url: string
  let out = ''

  /** The compiled server run to its end (it refuses to start): exit code and output. */
  const refused = (change: Record<string, string | undefined>) =>
    new Promise<{ status: number | null; stderr: string; stdout: string }>((resolve) => {
      const run = spawn(process.execPath, command, { cwd: image?.dir, env: { ...env, ...change } })
      let stdout = ''
      let stderr = ''
      run.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
      })
      run.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
      })
      const timer = setTimeout(() => run.kill('SIGKILL'), 30_000)
      run.once('exit', (status) => {
        clearTimeout(timer)
        resolve({ status, stderr, stdout })
      })
    })

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL)
      throw new Error('TEST_DATABASE_URL is not set: `export TEST_DATABASE_URL=$(bash scripts/postgres.sh)`')
    image = layOutImage(DOCKERFILE)
    const [node, ...args] = image.command
    expect(node).toBe('node')
    command = args
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
    databaseUrl = database.url
    drop = database.drop
    env = {
      PATH: process.env.PATH ?? '',
      ...image.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATABASE_URL: database.url,
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Keyframe <wallet@acme.example>',
      KEK: randomBytes(32).toString('base64'),
      OTP_PEPPER: randomBytes(32).toString('base64'),
      KEYFRAME_PROJECTS_FILE: projectsFile,
      // The test-only fault injector: production ignores it (the login below passes the point it names).
      KEYFRAME_CRASH_AT: 'login.user-created',
    }
    child = spawn(process.execPath, command, { cwd: image.dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
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
    if (dir) rmSync(dir, { recursive: true, force: true })
    image?.remove()
  })

  test('behavior: the image is production by default, runs as a user other than root, and its HEALTHCHECK passes', () => {
    expect(image?.env.NODE_ENV).toBe('production')
    expect(image?.user).toBeDefined()
    expect(image?.user).not.toMatch(/^(root|0)$/)
    const [node, ...healthcheck] = image?.healthcheck ?? []
    expect(node).toBe('node')
    const health = spawnSync(process.execPath, healthcheck, {
      env: { PORT: new URL(url).port },
      timeout: 10_000,
    })
    expect(health.status).toBe(0)
  })

  test('behavior: migrates, imports the projects, answers /healthz and seeds no dev project', async () => {
    expect(out).toContain('(postgres, production)')
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ ok: true })
    expect((await fetch(`${url}/frame?projectId=dev`)).status).toBe(403)
    // Without ADMIN_TOKEN the admin API does not exist.
    expect((await fetch(`${url}/api/admin/projects`)).status).toBe(404)

    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')
      expect(rows[0].n, 'every migration in frame-app/drizzle applied').toBe(journal.entries.length)
    } finally {
      await client.end()
    }
  })

  test('behavior: refuses to start without a KEK or with an http PUBLIC_URL, naming both, echoing no secret', async () => {
    const { status, stderr, stdout } = await refused({
      KEK: undefined,
      PUBLIC_URL: 'http://wallet.acme.example',
    })
    expect(status).toBe(1)
    expect(stderr).toContain('KEK is required in production')
    expect(stderr).toContain('PUBLIC_URL must be https in production')
    expect(stderr).not.toContain(env.OTP_PEPPER)
    expect(stdout).not.toContain('Keyframe frame server on')
  }, 40_000)

  test('behavior: refuses an operator-recovery project without OPERATOR_RECOVERY_KEY', async () => {
    const projectsFile = join(dir, 'operator.json')
    writeFileSync(
      projectsFile,
      JSON.stringify({ projects: [{ id: 'ops', allowedOrigins: [DAPP], recoveryMode: 'operator' }] }),
    )
    const other = await createPostgresDatabase()
    try {
      const { status, stderr } = await refused({
        DATABASE_URL: other.url,
        KEYFRAME_PROJECTS_FILE: projectsFile,
      })
      expect(status).toBe(1)
      expect(stderr).toContain('OPERATOR_RECOVERY_KEY is required: project(s) ops use operator recovery')
    } finally {
      await other.drop()
    }
  }, 40_000)

  test('behavior: serves the built web app from frame-app/dist/web, framable by the project only', async () => {
    const built = readFileSync(join(DEFAULT_WEB_ROOT, 'index.html'), 'utf8')
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(built)?.[1]
    expect(script, 'the built index.html loads an entry script').toBeDefined()
    const frame = await fetch(`${url}/frame?projectId=acme`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors ${DAPP};`)
    expect(frame.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(frame.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
    expect(frame.headers.get('x-content-type-options')).toBe('nosniff')
    expect(frame.headers.get('referrer-policy')).toBe('no-referrer')
    expect(frame.headers.get('permissions-policy')).toContain('camera=()')
    expect(await frame.text()).toContain(`src="${script}"`)
    const asset = await fetch(`${url}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('javascript')
    // The approval popup (built beside the frame): a top-level window nobody may frame.
    const popup = await fetch(`${url}/approve`)
    expect(popup.status).toBe(200)
    expect(popup.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(popup.headers.get('x-frame-options')).toBe('DENY')
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
