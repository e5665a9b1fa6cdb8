/**
 * The OTP throughput bench's server (see `otpThroughput.ts`): the frame server on PostgreSQL in a child
 * process, with a mailer that keeps the login codes, talking to the bench over IPC; several processes behind
 * one port with node:cluster when BENCH_SERVER_PROCESSES > 1. Started by the bench as
 * `node --import tsx bench/src/otpServer.ts`.
 * @module
 */
import cluster, { type Worker } from 'node:cluster'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerSecrets } from '@keyframe/frame/server'

/** The project the bench's logins belong to. */
export const PROJECT = 'bench'
/** This file, which the bench spawns. */
export const OTP_SERVER_FILE = fileURLToPath(import.meta.url)
export type ToChild =
  | { type: 'codes' }
  | { type: 'cpu' }
  | { type: 'stop' }
  | { type: 'profile'; file: string | null }
export type FromChild =
  | { type: 'ready'; url: string; pool: string }
  | { type: 'codes'; codes: [string, string][] }
  | { type: 'cpu'; micros: number }
  | { type: 'profile' }

/** The frame server; BENCH_SERVER_MODULE points at another checkout's `server/index.ts` (before/after runs). */
function serverModule(): Promise<typeof import('@keyframe/frame/server')> {
  return import(process.env.BENCH_SERVER_MODULE || '@keyframe/frame/server')
}

export async function serveChild(): Promise<void> {
  const processes = Number(process.env.BENCH_SERVER_PROCESSES || 1)
  if (processes > 1 && cluster.isPrimary) return clusterPrimary(processes)
  const { createDatabase, createLogger, randomSecrets, startFrameServer } = await serverModule()
  const send = (message: FromChild) => process.send?.(message)
  const url = process.env.BENCH_CHILD_DATABASE_URL
  if (!url) throw new Error('BENCH_CHILD_DATABASE_URL is not set')
  const pool = process.env.BENCH_PG_POOL ? Number(process.env.BENCH_PG_POOL) : undefined
  const database = await createDatabase({ url, ...(pool ? { maxConnections: pool } : {}) })
  const codes = new Map<string, string>()
  const inspector = new Session()
  const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-bench-web-'))
  const frame = await startFrameServer({
    database,
    // Workers of one cluster must share the pepper: a code issued by one is checked by another.
    secrets: process.env.BENCH_SECRETS ? parseSecrets(process.env.BENCH_SECRETS) : randomSecrets(),
    mailer: {
      async send(mail) {
        const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1]
        if (code) codes.set(mail.to, code)
      },
      close() {},
    },
    logger: createLogger({ level: 'warn' }),
    projects: [{ id: PROJECT, name: 'Bench', allowedOrigins: ['http://127.0.0.1:5173'] }],
    // The whole load comes from one loopback client: the login-call limits still count every call (their
    // cost is measured) but never refuse one.
    limits: {
      startsPerClientPerHour: 1_000_000_000,
      verifiesPerClientPerHour: 1_000_000_000,
      startsPerProjectPerHour: 1_000_000_000,
      verifiesPerProjectPerHour: 1_000_000_000,
    },
    webRoot,
    port: 0,
    hostname: '127.0.0.1',
  })
  process.on('message', async (message: ToChild) => {
    if (message.type === 'codes') {
      send({ type: 'codes', codes: [...codes] })
      codes.clear()
    } else if (message.type === 'profile') {
      // file null: start the CPU profiler; a file: stop it and write the profile there.
      if (message.file === null) {
        inspector.connect()
        await inspector.post('Profiler.enable')
        await inspector.post('Profiler.start')
      } else {
        const { profile } = await inspector.post('Profiler.stop')
        writeFileSync(message.file, JSON.stringify(profile))
        inspector.disconnect()
      }
      send({ type: 'profile' })
    } else if (message.type === 'cpu') {
      const usage = process.cpuUsage()
      send({ type: 'cpu', micros: usage.user + usage.system })
    } else if (message.type === 'stop') {
      await frame.close()
      await database.close()
      rmSync(webRoot, { recursive: true, force: true })
      process.disconnect()
    }
  })
  send({ type: 'ready', url: frame.url, pool: pool ? String(pool) : 'default (10)' })
}

/**
 * BENCH_SERVER_PROCESSES > 1: that many server processes behind one port (node:cluster), as a host with that
 * many cores would run them; they share database and secrets. This process only relays the bench's questions.
 */
async function clusterPrimary(processes: number): Promise<void> {
  const { createDatabase, randomSecrets } = await serverModule()
  // Migrate once here: servers starting together would race on an empty database.
  await (await createDatabase({ url: process.env.BENCH_CHILD_DATABASE_URL as string })).close()
  const secrets = randomSecrets()
  const env = { BENCH_SECRETS: JSON.stringify(secretsJson(secrets)) }
  const workers = Array.from({ length: processes }, () => cluster.fork(env))
  const ask = <T extends FromChild['type']>(worker: Worker, message: ToChild | null, type: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve) => {
      const onMessage = (answer: FromChild) => {
        if (answer.type !== type) return
        worker.off('message', onMessage)
        resolve(answer as Extract<FromChild, { type: T }>)
      }
      worker.on('message', onMessage)
      if (message) worker.send(message)
    })
  const ready = await Promise.all(workers.map((worker) => ask(worker, null, 'ready')))
  const send = (message: FromChild) => process.send?.(message)
  process.on('message', async (message: ToChild) => {
    if (message.type === 'codes') {
      const answers = await Promise.all(workers.map((worker) => ask(worker, message, 'codes')))
      send({ type: 'codes', codes: answers.flatMap((answer) => answer.codes) })
    } else if (message.type === 'cpu') {
      const answers = await Promise.all(workers.map((worker) => ask(worker, message, 'cpu')))
      const own = process.cpuUsage()
      send({ type: 'cpu', micros: answers.reduce((sum, a) => sum + a.micros, own.user + own.system) })
    } else if (message.type === 'profile') {
      // One worker's profile stands for all.
      send(await ask(workers[0] as Worker, message, 'profile'))
    } else if (message.type === 'stop') {
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve())
              worker.send(message)
            }),
        ),
      )
      process.disconnect()
    }
  })
  send({
    type: 'ready',
    url: ready[0]?.url ?? '',
    pool: `${ready[0]?.pool} per process, ${processes} processes`,
  })
}

type SecretsJson = { kek: [string, string]; operator?: [string, string]; pepper: string }

function secretsJson(secrets: ServerSecrets): SecretsJson {
  return {
    kek: [secrets.kek.id, secrets.kek.key.toString('base64')],
    ...(secrets.operatorRecoveryKey && {
      operator: [secrets.operatorRecoveryKey.id, secrets.operatorRecoveryKey.key.toString('base64')],
    }),
    pepper: secrets.pepper.toString('base64'),
  }
}

function parseSecrets(text: string): ServerSecrets {
  const json = JSON.parse(text) as SecretsJson
  const ref = ([id, key]: [string, string]) => ({ id, key: Buffer.from(key, 'base64') })
  return {
    kek: ref(json.kek),
    ...(json.operator && { operatorRecoveryKey: ref(json.operator) }),
    pepper: Buffer.from(json.pepper, 'base64'),
  }
}

if (process.argv[1] === OTP_SERVER_FILE) await serveChild()
