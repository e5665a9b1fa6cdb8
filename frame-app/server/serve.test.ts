import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVER_TIMEOUTS } from '@keyframe/server-kit'
import { stalledRequest } from '@keyframe/server-kit/testing/stalledRequest'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { type FrameServer, startFrameServer } from './serve.ts'

const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-frame-serve-'))
mkdirSync(join(webRoot, 'assets'))
writeFileSync(join(webRoot, 'index.html'), '<html><head></head><body></body></html>')
writeFileSync(join(webRoot, 'assets', 'a.js'), 'export {}')
writeFileSync(join(webRoot, 'secret.json'), '{"secret":true}')

// PGlite starts slowly on a busy machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 })

let server: FrameServer
beforeAll(async () => {
  server = await startFrameServer({
    projects: [{ id: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] }],
    webRoot,
    port: 0,
    hostname: '127.0.0.1',
  })
})
afterAll(async () => {
  await server?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('default: listens on the actual port, imports its projects and serves', async () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true })
  expect((await fetch(`${server.url}/assets/a.js`)).status).toBe(200)
  expect((await fetch(`${server.url}/frame?projectId=dev`)).status).toBe(200)
})

test('error: an invalid project to import refuses to start', async () => {
  await expect(
    startFrameServer({ projects: [{ id: 'dev', allowedOrigins: ['*'] }], port: 0 }),
  ).rejects.toThrow(/Invalid projects config/)
})

test('error: an invalid chain refuses to start', async () => {
  await expect(
    startFrameServer({
      chains: [
        {
          id: 0,
          name: 'x',
          rpcUrl: 'http://127.0.0.1:1',
          nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 },
        },
      ],
      port: 0,
    }),
  ).rejects.toThrow('chains[0].id: Expected a positive whole chain id')
})

test.each([
  '/assets/../secret.json',
  '/assets/..%2fsecret.json',
  '/assets/%2e%2e/secret.json',
  '/assets/../../../etc/passwd',
])('error: traversal %s → 404', async (path) => {
  const res = await rawGet(path)
  expect(res.status).toBe(404)
  expect(res.body).not.toContain('secret')
})

test('behavior: close() stops listening', async () => {
  const other = await startFrameServer({
    projects: [{ id: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] }],
    webRoot,
    port: 0,
  })
  expect(other.url).toMatch(/^http:\/\/localhost:\d+$/)
  await fetch(`${other.url}/healthz`)
  await other.close()
  // Its own in-memory database was closed with it.
  await expect(other.database.ping()).rejects.toThrow()
  await expect(fetch(`${other.url}/healthz`)).rejects.toThrow()
  // A PGlite of its own starts here: seconds on a busy CI machine.
}, 30_000)

test.each([
  ['/approve-device', 'application/x-www-form-urlencoded'],
  ['/api/auth/email/start', 'application/json'],
])(
  'error: a POST to %s whose body never arrives is closed (408) within a few seconds',
  async (path, contentType) => {
    const { answer, ms } = await stalledRequest(server.url, path, { contentType })
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeLessThan(SERVER_TIMEOUTS.requestTimeout + 1_500)
  },
)
