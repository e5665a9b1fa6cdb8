/**
 * chain-api as its image runs it: the runtime stage of `chain-api/Dockerfile` laid out in a temporary folder
 * (the compiled `dist/main.js` — `npm run -w chain-api build`; `npm test` builds first — and the migrations,
 * no `.ts`), its CMD started by plain `node` with the image's environment, configured only by the
 * environment. The production start runs on PostgreSQL: it needs TEST_DATABASE_URL (`bash
 * scripts/postgres.sh`; `npm test` sets it) and fails without it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '@keyframe/server-kit'
import { createPostgresDatabase } from '@keyframe/server-kit/testing'
import { type ImageLayout, layOutImage } from '@keyframe/server-kit/testing/dockerImage'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moduleMigrations } from './module.ts'
import { allModules } from './serve.ts'

const DOCKERFILE = fileURLToPath(new URL('../Dockerfile', import.meta.url))
const CHAINS = JSON.stringify([
  {
    id: 31337,
    name: 'Local',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  },
])
const PROJECTS = JSON.stringify([{ id: 'acme', allowedOrigins: ['https://app.acme.test'] }])

const dir = mkdtempSync(join(tmpdir(), 'chain-api-main-'))
let image: ImageLayout

/** The image's CMD with the image's environment (listening on loopback), `env` added. */
function run(env: Record<string, string>): {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
} {
  const [node, ...args] = image.command
  expect(node).toBe('node')
  const child = spawn(process.execPath, args, {
    cwd: image.dir,
    env: { PATH: process.env.PATH ?? '', ...image.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    out += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, output: () => out, exited }
}

/** The URL the process prints once it listens. */
function listening({ child, output, exited }: ReturnType<typeof run>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output()}`)), 80_000)
    child.stdout?.on('data', () => {
      const match = /chain-api on (http:\/\/\S+)/.exec(output())
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    void exited.then((code) => reject(new Error(`exited ${code}:\n${output()}`)))
  })
}

const supportedChains = (url: string, projectId: string) =>
  fetch(`${url}/v1/supported-chains?projectId=${projectId}&st=keyframe&sv=1`)

// Independent processes: run side by side (the PGlite start is the slow one).
describe.concurrent('main (the image, compiled)', () => {
  beforeAll(() => {
    image = layOutImage(DOCKERFILE)
  })
  afterAll(() => {
    image?.remove()
    rmSync(dir, { recursive: true, force: true })
  })

  it('is production by default and runs as a user other than root', () => {
    expect(image.env.NODE_ENV).toBe('production')
    expect(image.user).toBeDefined()
    expect(image.user).not.toMatch(/^(root|0)$/)
  })

  it('refuses to start in production without its configuration, saying what is missing', async () => {
    const { output, exited } = run({})
    expect(await exited).toBe(1)
    expect(output()).toContain('DATABASE_URL is required in production')
    expect(output()).toContain('PROJECTS or KEYFRAME_PROJECTS_FILE is required in production')
  }, 60_000)

  it('refuses in production the dev-only sandbox key and a plain-http public URL', async () => {
    const { output, exited } = run({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      PUBLIC_URL: 'http://chain.acme.test',
      CHAINS,
      PROJECTS,
      ONRAMP_SANDBOX_KEY: `0x${'11'.repeat(32)}`,
    })
    expect(await exited).toBe(1)
    expect(output()).toContain('ONRAMP_SANDBOX_KEY is for development only')
    expect(output()).toContain('PUBLIC_URL must be https in production')
    expect(output()).not.toContain('11'.repeat(32))
  }, 60_000)

  it('starts in development, prints its URL and answers for the configured project', async () => {
    const started = run({ NODE_ENV: '', PORT: '0', PGLITE_DIR: join(dir, 'pglite'), PROJECTS, CHAINS })
    try {
      const url = await listening(started)
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      expect(await (await supportedChains(url, 'acme')).json()).toEqual({ http: ['eip155:31337'], ws: [] })
    } finally {
      started.child.kill('SIGTERM')
      expect(await started.exited).toBe(0)
    }
  }, 90_000)

  it('starts in production on PostgreSQL: every area migrated, the configured project only', async () => {
    if (!process.env.TEST_DATABASE_URL)
      throw new Error('TEST_DATABASE_URL is not set: `export TEST_DATABASE_URL=$(bash scripts/postgres.sh)`')
    const database = await createPostgresDatabase()
    const started = run({
      PORT: '0',
      DATABASE_URL: database.url,
      PUBLIC_URL: 'https://chain.acme.test',
      CHAINS,
      PROJECTS,
    })
    try {
      const url = await listening(started)
      expect(started.output()).toContain('(postgres, production)')
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true })
      expect(await (await supportedChains(url, 'acme')).json()).toEqual({ http: ['eip155:31337'], ws: [] })
      // No development project in production.
      expect((await supportedChains(url, 'dev')).status).toBe(403)
      const [node, ...healthcheck] = image.healthcheck
      expect(node).toBe('node')
      const health = spawnSync(process.execPath, healthcheck, {
        env: { PORT: new URL(url).port },
        timeout: 10_000,
      })
      expect(health.status, 'the HEALTHCHECK passes').toBe(0)

      const check = await openDatabase(
        { url: database.url, dataDir: 'memory://' },
        { schema: {}, migrations: [] },
      )
      try {
        for (const { folder, table } of moduleMigrations(await allModules())) {
          const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
            entries: unknown[]
          }
          const ran = await check.db.execute(sql.raw(`select count(*)::int as n from drizzle."${table}"`))
          const { rows } = ran as unknown as { rows: { n: number }[] }
          expect(rows[0]?.n, `${table}: migrations applied`).toBe(journal.entries.length)
        }
      } finally {
        await check.close()
      }
    } finally {
      started.child.kill('SIGTERM')
      expect(await started.exited).toBe(0)
      await database.drop()
    }
  }, 90_000)
})
