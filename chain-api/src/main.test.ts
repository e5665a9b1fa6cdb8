/**
 * `npm run -w chain-api start` as a self-hoster runs it: `src/main.ts` in a child process configured only by
 * the environment.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

function run(env: Record<string, string>): {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PACKAGE_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
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

describe('main', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chain-api-main-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses to start in production without its configuration, saying what is missing', async () => {
    const { output, exited } = run({ NODE_ENV: 'production' })
    expect(await exited).toBe(1)
    expect(output()).toContain('DATABASE_URL is required in production')
    expect(output()).toContain('PROJECTS or KEYFRAME_PROJECTS_FILE is required in production')
  }, 60_000)

  it('starts in development, prints its URL and answers for the configured project', async () => {
    const { child, output, exited } = run({
      PORT: '0',
      PGLITE_DIR: join(dir, 'pglite'),
      PROJECTS: JSON.stringify([{ id: 'acme', allowedOrigins: ['https://app.acme.test'] }]),
      CHAINS: JSON.stringify([
        {
          id: 31337,
          name: 'Local',
          rpcUrl: 'http://127.0.0.1:1',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ]),
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
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
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      const res = await fetch(`${url}/v1/supported-chains?projectId=acme&st=keyframe&sv=1`)
      expect(await res.json()).toEqual({ http: ['eip155:31337'], ws: [] })
    } finally {
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
  }, 90_000)
})
