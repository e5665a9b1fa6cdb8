/**
 * OTP verification throughput on PostgreSQL (issue budget: ≥ 1,000 verifications/s and p99 ≤ 50 ms at 100
 * concurrent connections, server on 2 cores).
 *
 *   node --import tsx bench/src/otpThroughput.ts           prints the figures; exit 0 within budget, 1 over
 *                                                          it, 2 when skipped (no PostgreSQL)
 *   node --import tsx bench/src/otpThroughput.ts --write   also replaces its section of bench/RESULTS.md
 *   npm run bench                                          all.ts runs it too and writes the whole file
 *
 * PostgreSQL: `BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else `bash scripts/postgres.sh` starts the local
 * cluster (127.0.0.1:5433; stopped again afterwards if this run started it). On that server a throwaway
 * database `keyframe_bench_<hex>` is created, migrated by the server, and dropped at the end.
 *
 * How it runs:
 * - The frame server runs in a CHILD process (`otpServer.ts`) under `taskset -c 0,1`, so it gets
 *   2 cores at most, with the server's default pool size; the simulated devices run in this process. On a
 *   machine with more than 2 cores this process moves itself to the others; on a 2-core machine the server,
 *   PostgreSQL and the devices all share the same 2 cores (a harder setting than the budget's). One process,
 *   as `server/main.ts` runs, uses at most about one core for JavaScript; `BENCH_SERVER_PROCESSES=2` runs two.
 * - Seeding is the real flow: N devices, each with its own non-extractable P-256 key made by WebCrypto as the
 *   frame makes one, `POST /api/auth/email/start` for N fresh addresses. The child's mailer receives the
 *   rendered login-code mails and hands the codes to this process (nothing is read from the database and no
 *   code is made outside the server). All of this is what a device does before the person presses Verify.
 * - A verification is what the frame's client does when Verify is pressed, and is timed whole: `POST
 *   /api/auth/nonce`, then `POST /api/auth/email/verify` with the device proof headers of
 *   `@keyframe/protocol/frame-api/deviceProof` (the key's signature over method, path, body hash and nonce).
 * - Variant first (also the warm-up): every challenge gets ONE wrong code (400 `invalid_code`, a try and a
 *   lockout count written). Then the budget run: every challenge gets its right code, so each verification
 *   uses a nonce and creates user, device, session and three audit rows in one transaction. Each
 *   verification is of a distinct challenge; `connections` devices verify at a time in a closed loop (Node's
 *   fetch, keep-alive; 10 s timeout per verification) until all N are done, and a run is stopped after 120 s
 *   whatever happened.
 * - Afterwards the database is checked: N users, N devices, N sessions.
 *
 * Environment: `BENCH_OTP_N` (verifications per run, default 12000), `BENCH_OTP_CONNECTIONS` (devices
 * verifying at a time, default 100),
 * `BENCH_PG_POOL` (override the server's pool size, for experiments only), `BENCH_PROFILE_DIR` (write a
 * CPU profile of the server per run there, for Chrome DevTools), `BENCH_SERVER_NODE_ARGS` (extra node flags
 * for the server), `BENCH_SERVER_PROCESSES` (run that many server processes behind one port, node:cluster),
 * `BENCH_SERVER_MODULE` (the server's `index.ts` from another checkout, to compare before and after).
 * @module
 */

import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deviceProofHeaders, issueDeviceNonce } from '@keyframe/protocol/frame-api/deviceProof'
import { startEmailLogin, verifyEmailLogin } from '@keyframe/protocol/frame-api/login'
import type { RouteBody } from '@keyframe/protocol/frame-api/route'
import pg from 'pg'
import { calibrate } from './calibrate.ts'
import { formatOtpThroughput, writeOtpThroughputSection } from './otpReport.ts'
import { type FromChild, OTP_SERVER_FILE, PROJECT, type ToChild } from './otpServer.ts'

/** The budget from the issue. */
export const OTP_BUDGET = { perSecond: 1000, p99Ms: 50, connections: 100 } as const

const here = fileURLToPath(import.meta.url)
const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

export type RunFigures = {
  /** Verifications answered (nonce and verify, or a refused nonce). */
  requests: number
  /** Verifications answered with the expected status (200 for right codes, 400 for wrong ones). */
  expected: number
  /** Answered verifications per second over the whole run. */
  perSecond: number
  seconds: number
  /** Milliseconds from asking the nonce to the verify's answer, 0.1 ms steps. */
  p50: number
  p97_5: number
  p99: number
  max: number
  /** Verifications that failed on the network (no answer). */
  errors: number
  timeouts: number
  /** Verifications answered with a status other than 2xx (a refused nonce counts as `nonce <status>`). */
  non2xx: number
  statusCodes: Record<string, number>
  /**
   * CPU used over the run, in cores (1.0 = one core busy the whole run); null where /proc is unreadable.
   * `devices`: this process, whose simulated devices hash, sign and send.
   */
  cores: { server: number; postgres: number | null; devices: number; other: number | null }
}

export type OtpThroughput =
  | {
      skipped: false
      /** ISO date of the run. */
      date: string
      n: number
      connections: number
      /** Server processes (BENCH_SERVER_PROCESSES, default 1: what `server/main.ts` runs). */
      processes: number
      /** PostgreSQL's version. */
      postgres: string
      /** `calibrate()` just before the right-code run, ms. */
      calibrationMs: number
      pinned: string
      machine: string
      poolSize: string
      seedPerSecond: number
      right: RunFigures
      wrong: RunFigures
      /** Rows found after the right-code run. */
      rows: { users: number; devices: number; sessions: number }
      ok: boolean
    }
  | { skipped: true; reason: string }

// ---------------------------------------------------------------------------------------------------------
// The bench.

/** The PostgreSQL server to use, and whether this run started it (then it stops it). */
function postgresUrl(): { url: string; started: boolean } | { reason: string } {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (given) return { url: given, started: false }
  const run = spawnSync('bash', [join(repoRoot, 'scripts/postgres.sh')], { encoding: 'utf8' })
  const url = run.stdout?.trim().split('\n').at(-1)
  if (run.status !== 0 || !url) {
    const why = run.stderr?.trim().split('\n').at(-1) || String(run.error ?? `exit ${run.status}`)
    return { reason: `PostgreSQL is required (set BENCH_DATABASE_URL or run scripts/postgres.sh): ${why}` }
  }
  // Stopped afterwards only if this run started it (postgres.sh says so on stderr); a running one is shared.
  return { url, started: run.stderr.includes('starting on') }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

function machine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU'
  let nproc = String(cpus().length)
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim()
  } catch {}
  return `nproc ${nproc}, ${model}, Node ${process.version}`
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Clock ticks of the whole machine (busy, all) and of local PostgreSQL processes, from /proc (Linux). */
type Ticks = { busy: number; all: number; postgres: number } | null
const TICK_HZ = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

function ticks(): Ticks {
  try {
    const cpu =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? []
    const all = cpu.reduce((a, b) => a + b, 0)
    const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0)
    let postgres = 0
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const close = stat.lastIndexOf(')')
        if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue
        const fields = stat.slice(close + 2).split(' ')
        postgres += Number(fields[11]) + Number(fields[12])
      } catch {}
    }
    return { busy: all - idle, all, postgres }
  } catch {
    return null
  }
}

type Child = {
  url: string
  pool: string
  ask<T extends FromChild['type']>(message: ToChild, reply: T): Promise<Extract<FromChild, { type: T }>>
  stop(): Promise<void>
}

async function startChild(databaseUrl: string, pin: boolean): Promise<Child> {
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const node = [process.execPath, ...extra, '--import', 'tsx', OTP_SERVER_FILE]
  const [command, ...args] = pin ? ['taskset', '-c', '0,1', ...node] : node
  const child: ChildProcess = spawn(command as string, args, {
    cwd: repoRoot,
    env: { ...process.env, BENCH_CHILD_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const next = <T extends FromChild['type']>(type: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve, reject) => {
      const onMessage = (message: FromChild) => {
        if (message.type !== type) return
        child.off('message', onMessage)
        child.off('exit', onExit)
        resolve(message as Extract<FromChild, { type: T }>)
      }
      const onExit = (code: number | null) => {
        child.off('message', onMessage)
        reject(new Error(`The bench server exited (${code}) before answering "${type}"`))
      }
      child.on('message', onMessage)
      child.once('exit', onExit)
    })
  const ready = await next('ready')
  return {
    url: ready.url,
    pool: ready.pool,
    ask(message, reply) {
      const answer = next(reply)
      child.send(message)
      return answer
    },
    async stop() {
      if (child.connected) child.send({ type: 'stop' } satisfies ToChild)
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A device as the frame makes one: a non-extractable P-256 key, its public half raw (0x04 ‖ x ‖ y). */
type Device = { devicePublicKey: string; signingKey: CryptoKey }

async function newDevice(): Promise<Device> {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
  const raw = await crypto.subtle.exportKey('raw', keys.publicKey)
  return { devicePublicKey: Buffer.from(raw).toString('base64url'), signingKey: keys.privateKey }
}

/** What the frame's own page sends: same origin (and a JSON body when there is one). */
function apiHeaders(url: string, json: boolean): Record<string, string> {
  return { origin: url, 'sec-fetch-site': 'same-origin', ...(json && { 'content-type': 'application/json' }) }
}

type Login = Device & { email: string; code: string }

/** Makes N devices and starts their logins through `/start` (concurrency 50); collects the mailed codes. */
async function seed(child: Child, n: number, tag: string): Promise<{ logins: Login[]; seconds: number }> {
  const devices = new Map<string, Device>()
  for (let i = 0; i < n; i++) devices.set(`bench-${tag}-${i}@example.com`, await newDevice())
  const queue = [...devices]
  const started = performance.now()
  const worker = async () => {
    for (let item = queue.pop(); item; item = queue.pop()) {
      const [email, { devicePublicKey }] = item
      const body: RouteBody<typeof startEmailLogin> = { projectId: PROJECT, email, devicePublicKey }
      const res = await fetch(`${child.url}${startEmailLogin.path}`, {
        method: startEmailLogin.method,
        headers: apiHeaders(child.url, true),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
      const text = await res.text()
      if (res.status !== 200) throw new Error(`/start answered ${res.status}: ${text}`)
    }
  }
  await Promise.all(Array.from({ length: 50 }, worker))
  const seconds = (performance.now() - started) / 1000
  const { codes } = await child.ask({ type: 'codes' }, 'codes')
  const logins = codes.map(([email, code]) => ({ email, code, ...(devices.get(email) as Device) }))
  if (logins.length !== n) throw new Error(`Expected ${n} login codes, the mailer got ${logins.length}`)
  return { logins, seconds }
}

/** One code that is not `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

type Outcome = { status: string; ms: number } | { failed: 'error' | 'timeout' }

/**
 * One verification as the frame's client makes it when Verify is pressed (`frame-app/web/session/api.ts`):
 * a fresh nonce, the device proof headers over the exact body, then the signed `/verify`.
 */
async function verifyOnce(url: string, login: Login, right: boolean): Promise<Outcome> {
  const started = performance.now()
  const signal = AbortSignal.timeout(10_000)
  try {
    const issued = await fetch(`${url}${issueDeviceNonce.path}`, {
      method: issueDeviceNonce.method,
      headers: apiHeaders(url, false),
      signal,
    })
    const nonce = issueDeviceNonce.response.safeParse(await issued.json().catch(() => undefined))
    if (!nonce.success) return { status: `nonce ${issued.status}`, ms: performance.now() - started }
    const { method, path } = verifyEmailLogin
    const fields: RouteBody<typeof verifyEmailLogin> = {
      projectId: PROJECT,
      email: login.email,
      devicePublicKey: login.devicePublicKey,
      otp: right ? login.code : wrongCode(login.code),
    }
    const body = JSON.stringify(fields)
    const proof = await deviceProofHeaders(
      { method, path, body, nonce: nonce.data.nonce },
      async (message) =>
        new Uint8Array(
          await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, login.signingKey, message),
        ),
    )
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...apiHeaders(url, true), ...proof },
      body,
      signal,
    })
    await res.arrayBuffer()
    return { status: String(res.status), ms: performance.now() - started }
  } catch {
    return { failed: signal.aborted ? 'timeout' : 'error' }
  }
}

/** The `q` quantile of ascending `sorted`, rounded to 0.1 ms. */
function quantile(sorted: number[], q: number): number {
  const value = sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0
  return Math.round(value * 10) / 10
}

/** N verifications, each of a distinct challenge, by `connections` devices at a time. */
async function verifyRun(
  child: Child,
  logins: Login[],
  connections: number,
  right: boolean,
): Promise<RunFigures> {
  const profile = process.env.BENCH_PROFILE_DIR
  if (profile) await child.ask({ type: 'profile', file: null }, 'profile')
  const cpuBefore = await child.ask({ type: 'cpu' }, 'cpu')
  const selfBefore = process.cpuUsage()
  const ticksBefore = ticks()
  const latencies: number[] = []
  const statusCodes: Record<string, number> = {}
  let errors = 0
  let timeouts = 0
  let next = 0
  let stopped = false
  const guard = setTimeout(() => {
    stopped = true
  }, 120_000)
  const started = performance.now()
  const device = async () => {
    while (!stopped && next < logins.length) {
      const outcome = await verifyOnce(child.url, logins[next++] as Login, right)
      if ('failed' in outcome) {
        if (outcome.failed === 'timeout') timeouts++
        else errors++
        continue
      }
      statusCodes[outcome.status] = (statusCodes[outcome.status] ?? 0) + 1
      latencies.push(outcome.ms)
    }
  }
  await Promise.all(Array.from({ length: connections }, device))
  const seconds = (performance.now() - started) / 1000
  clearTimeout(guard)
  const ticksAfter = ticks()
  const self = process.cpuUsage(selfBefore)
  const cpuAfter = await child.ask({ type: 'cpu' }, 'cpu')
  if (profile) {
    const file = join(profile, `server-${right ? 'right' : 'wrong'}-code.cpuprofile`)
    await child.ask({ type: 'profile', file }, 'profile')
    console.log(`Wrote ${file}`)
  }
  latencies.sort((a, b) => a - b)
  const non2xx = Object.entries(statusCodes)
    .filter(([status]) => !/^2\d\d$/.test(status))
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    requests: latencies.length,
    expected: statusCodes[right ? '200' : '400'] ?? 0,
    perSecond: latencies.length / seconds,
    seconds,
    p50: quantile(latencies, 0.5),
    p97_5: quantile(latencies, 0.975),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
    errors,
    timeouts,
    non2xx,
    statusCodes,
    cores: cores(
      (cpuAfter.micros - cpuBefore.micros) / 1e6 / seconds,
      (self.user + self.system) / 1e6 / seconds,
      ticksBefore,
      ticksAfter,
      seconds,
    ),
  }
}

function cores(server: number, devices: number, before: Ticks, after: Ticks, seconds: number) {
  if (!before || !after) return { server, devices, postgres: null, other: null }
  const postgres = (after.postgres - before.postgres) / TICK_HZ / seconds
  const busy = (after.busy - before.busy) / TICK_HZ / seconds
  return { server, devices, postgres, other: Math.max(0, busy - server - devices - postgres) }
}

/** Runs the whole measurement (seeding, wrong codes, right codes) on a throwaway PostgreSQL database. */
export async function measureOtpThroughput(
  options: { n?: number; connections?: number } = {},
): Promise<OtpThroughput> {
  const n = options.n ?? Number(process.env.BENCH_OTP_N || 12_000)
  const connections =
    options.connections ?? Number(process.env.BENCH_OTP_CONNECTIONS || OTP_BUDGET.connections)
  const server = postgresUrl()
  if ('reason' in server) return { skipped: true, reason: server.reason }

  const name = `keyframe_bench_${randomBytes(6).toString('hex')}`
  await withClient(server.url, (client) => client.query(`create database ${name}`))
  const url = new URL(server.url)
  url.pathname = `/${name}`
  const databaseUrl = url.href

  const cores = cpus().length
  const pin = cores >= 2 && hasTaskset()
  // The simulated devices keep off the server's cores when there are others.
  if (pin && cores > 2) execFileSync('taskset', ['-pc', `2-${cores - 1}`, String(process.pid)])
  const processes = Number(process.env.BENCH_SERVER_PROCESSES || 1)
  const what = processes === 1 ? 'server process' : `${processes} server processes`
  const pinned = pin
    ? `${what} pinned to CPUs 0,1 (taskset)${cores > 2 ? `; the devices on CPUs 2-${cores - 1}` : '; PostgreSQL and the devices share the same 2 CPUs'}`
    : `${what}, not pinned (taskset missing or < 2 CPUs)`

  let child: Child | undefined
  try {
    child = await startChild(databaseUrl, pin)
    const seeded = await seed(child, n, randomBytes(3).toString('hex'))
    const wrong = await verifyRun(child, seeded.logins, connections, false)
    const calibrationMs = calibrate()
    const right = await verifyRun(child, seeded.logins, connections, true)
    const rows = await withClient(databaseUrl, async (client) => {
      const count = async (table: string) =>
        Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n)
      return {
        users: await count('users'),
        devices: await count('devices'),
        sessions: await count('sessions'),
      }
    })
    const ok =
      right.expected === n &&
      right.errors === 0 &&
      right.timeouts === 0 &&
      right.non2xx === 0 &&
      rows.users === n &&
      rows.devices === n &&
      rows.sessions === n &&
      right.perSecond >= OTP_BUDGET.perSecond &&
      right.p99 <= OTP_BUDGET.p99Ms
    const postgres = await withClient(
      databaseUrl,
      async (client) =>
        String((await client.query('show server_version')).rows[0].server_version).split(' ')[0] ?? '?',
    )
    return {
      skipped: false,
      date: new Date().toISOString().slice(0, 10),
      postgres,
      calibrationMs,
      n,
      connections,
      processes,
      pinned,
      machine: machine(),
      poolSize: child.pool,
      seedPerSecond: n / seeded.seconds,
      right,
      wrong,
      rows,
      ok,
    }
  } finally {
    await child?.stop()
    await withClient(server.url, (client) => client.query(`drop database if exists ${name} with (force)`))
    if (server.started)
      execFileSync('bash', [join(repoRoot, 'scripts/postgres.sh'), 'stop'], { stdio: 'ignore' })
  }
}

if (process.argv[1] === here) {
  const result = await measureOtpThroughput()
  console.log(formatOtpThroughput(result))
  if (process.argv.includes('--write')) {
    writeOtpThroughputSection(result)
    console.log('Wrote its section of bench/RESULTS.md')
  }
  process.exitCode = result.skipped ? 2 : result.ok ? 0 : 1
}
