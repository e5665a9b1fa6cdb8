import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFrameApp } from './app.ts'
import { parseProjects } from './config.ts'
import { randomSecrets } from './crypto/keys.ts'
import type { Database } from './db/createDatabase.ts'
import { createLogger, silentLogger } from './logger.ts'
import { importProjects, setProjectOrigins } from './projects/store.ts'
import { createTestDatabase } from './testing/testDatabase.ts'

const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-frame-web-'))
mkdirSync(join(webRoot, 'assets'))
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>',
)
writeFileSync(join(webRoot, 'assets', 'index-abc.js'), 'console.log(1)\n')
writeFileSync(join(webRoot, 'assets', 'notes.txt'), 'not served')
writeFileSync(join(webRoot, 'secret.json'), '{"secret":true}')

const projects = parseProjects([
  { id: 'dev', allowedOrigins: ['http://127.0.0.1:5173', 'https://*.Example.com/'] },
  { id: 'solo', allowedOrigins: ['https://app.example.org'] },
  {
    id: 'social',
    allowedOrigins: ['https://app.example.org'],
    socials: {
      github: { clientId: 'github-client-id', clientSecret: 'github-client-secret' },
      google: { clientId: 'google-client-id', clientSecret: 'google-client-secret' },
    },
  },
])

let database: Database
let app: ReturnType<typeof createFrameApp>
const secrets = randomSecrets()
beforeAll(async () => {
  database = await createTestDatabase()
  await importProjects(database.db, projects, new Date())
  app = createFrameApp({ database, webRoot, secrets, logger: silentLogger })
}, 60_000)
afterAll(async () => {
  await database?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

function configOf(html: string): unknown {
  const json = /<script type="application\/json" id="keyframe-config">(.*?)<\/script>/s.exec(html)?.[1]
  return json === undefined ? undefined : JSON.parse(json)
}

describe('GET /frame', () => {
  test('default: the document with its config and headers for a project with two origins', async () => {
    const res = await app.request(
      '/frame?projectId=dev&chainId=eip155%3A1&version=1&origin=http%3A%2F%2F127.0.0.1%3A5173',
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(Object.fromEntries(res.headers)).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "frame-ancestors http://127.0.0.1:5173 https://*.example.com; default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'",
        "content-type": "text/html; charset=UTF-8",
        "permissions-policy": "accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-create=(self), publickey-credentials-get=(self), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()",
        "referrer-policy": "no-referrer",
        "x-content-type-options": "nosniff",
      }
    `)
    const html = await res.text()
    expect(configOf(html)).toEqual({
      projectId: 'dev',
      allowedOrigins: ['http://127.0.0.1:5173', 'https://*.example.com'],
      chains: [],
      approvalTimeoutMs: 300_000,
      logins: [],
    })
    expect(html.indexOf('id="keyframe-config"')).toBeLessThan(html.indexOf('</head>'))
  })

  test('behavior: logins names the social providers the project turned on (spec order), never their clients', async () => {
    const html = await (await app.request('/frame?projectId=social')).text()
    expect(configOf(html)).toMatchObject({ logins: ['google', 'github'] })
    expect(html).not.toMatch(/client-id|client-secret/)
  })

  test('behavior: frame-ancestors lists exactly the project origins', async () => {
    for (const [id, expected] of [
      ['dev', 'frame-ancestors http://127.0.0.1:5173 https://*.example.com'],
      ['solo', 'frame-ancestors https://app.example.org'],
    ] as const) {
      const csp = (await app.request(`/frame?projectId=${id}`)).headers.get('content-security-policy') ?? ''
      const directive = csp.split('; ').filter((d) => d.startsWith('frame-ancestors'))
      expect(directive).toEqual([expected])
    }
  })

  test('behavior: no X-Frame-Options (it would override frame-ancestors)', async () => {
    const res = await app.request('/frame?projectId=dev')
    expect(res.headers.has('x-frame-options')).toBe(false)
  })

  test('behavior: origins come from the projects table, so a change applies to the next document', async () => {
    await setProjectOrigins(database.db, 'solo', ['https://new.example.org'], new Date())
    const res = await app.request('/frame?projectId=solo')
    expect(res.headers.get('content-security-policy')).toMatch(
      /^frame-ancestors https:\/\/new\.example\.org;/,
    )
    expect(configOf(await res.text())).toMatchObject({
      projectId: 'solo',
      allowedOrigins: ['https://new.example.org'],
    })
    await setProjectOrigins(database.db, 'solo', ['https://app.example.org'], new Date())
  })

  test("parameters: frameAncestors 'off' drops only the frame-ancestors directive", async () => {
    const off = createFrameApp({ database, webRoot, secrets, frameAncestors: 'off' })
    const csp = (await off.request('/frame?projectId=dev')).headers.get('content-security-policy')
    expect(csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'",
    )
  })

  test('parameters: chains go into the config and their RPC origins, exactly, into connect-src', async () => {
    const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
    const chains = [
      { id: 31337, name: 'Keyframe Local', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: ether },
      { id: 31338, name: 'Keyframe Local 2', rpcUrl: 'http://127.0.0.1:8546/', nativeCurrency: ether },
      {
        id: 10,
        name: 'OP',
        rpcUrl: 'https://rpc.example.com/v1/op?key=public',
        nativeCurrency: ether,
        blockExplorerUrl: 'https://explorer.example.com',
      },
      // Only the origin reaches the CSP: nothing in a path or query can add a directive.
      {
        id: 8453,
        name: 'Base',
        rpcUrl: "https://rpc.example.com/v1/base?x=';script-src *",
        nativeCurrency: ether,
      },
    ]
    const withChains = createFrameApp({ database, webRoot, secrets, chains, approvalTimeoutMs: 2000 })
    const res = await withChains.request('/frame?projectId=solo')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp.split('; ').filter((d) => d.startsWith('connect-src'))).toEqual([
      "connect-src 'self' http://127.0.0.1:8545 http://127.0.0.1:8546 https://rpc.example.com",
    ])
    expect(configOf(await res.text())).toEqual({
      projectId: 'solo',
      allowedOrigins: ['https://app.example.org'],
      chains,
      approvalTimeoutMs: 2000,
      logins: [],
    })
  })

  test('parameters: the addable-chains policy goes into the config and its RPC origins into connect-src', async () => {
    const addableChains = [
      { rpcOrigin: 'http://127.0.0.1:8546', chainIds: [1338] },
      { rpcOrigin: 'https://rpc.example.net' },
    ]
    const withPolicy = createFrameApp({ database, webRoot, secrets, addableChains })
    const res = await withPolicy.request('/frame?projectId=solo')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp.split('; ').filter((d) => d.startsWith('connect-src'))).toEqual([
      "connect-src 'self' http://127.0.0.1:8546 https://rpc.example.net",
    ])
    expect(configOf(await res.text())).toMatchObject({ chains: [], addableChains })
    // Default: no policy, nothing in the config and no origin beyond the frame's own.
    const without = await createFrameApp({ database, webRoot, secrets }).request('/frame?projectId=solo')
    expect(configOf(await without.text())).not.toHaveProperty('addableChains')
  })

  test('error: a policy origin with a path, or not an origin, refuses to create the app', () => {
    const create = (rpcOrigin: string) => () =>
      createFrameApp({ database, webRoot, secrets, addableChains: [{ rpcOrigin }] })
    for (const bad of [
      'http://127.0.0.1:8546/rpc',
      'javascript:alert(1)',
      "https://x.example ';script-src *",
    ])
      expect(create(bad)).toThrow(/^addableChains\[0\]\.rpcOrigin: Expected an http\(s\) origin/)
  })

  test('error: invalid chains or approval timeout refuse to create the app', () => {
    const chain = {
      id: 1,
      name: 'Ethereum',
      rpcUrl: 'https://rpc.example.com',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
    const create = (options: Partial<Parameters<typeof createFrameApp>[0]>) => () =>
      createFrameApp({ database, webRoot, secrets, ...options })
    expect(create({ chains: [{ ...chain, rpcUrl: 'javascript:alert(1)' }] })).toThrow(
      'chains[0].rpcUrl: Expected an http(s) URL without credentials',
    )
    expect(create({ chains: [chain, chain] })).toThrow('chains: Chain ids must be unique')
    expect(create({ approvalTimeoutMs: 0 })).toThrow(
      'approvalTimeoutMs must be a whole number of ms in (0, 300000], got 0',
    )
  })

  test('error: missing projectId → 400', async () => {
    for (const path of ['/frame', '/frame?projectId=', '/frame?origin=http%3A%2F%2F127.0.0.1%3A5173']) {
      const res = await app.request(path)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ code: 'bad_request', message: 'Missing projectId' })
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })

  test('error: unknown project → 403 Invalid key', async () => {
    for (const id of ['nope', '__proto__', 'constructor', 'DEV', '<script>']) {
      const res = await app.request(`/frame?projectId=${encodeURIComponent(id)}`)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ code: 'invalid_key', message: 'Invalid key' })
    }
  })

  test('error: not built → 503 without paths', async () => {
    const empty = createFrameApp({ database, secrets, webRoot: join(webRoot, 'missing') })
    const res = await empty.request('/frame?projectId=dev')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ code: 'not_built', message: 'The frame app is not built' })
  })
})

describe('GET /assets/*', () => {
  test('default: a built asset, long-cached', async () => {
    const res = await app.request('/assets/index-abc.js')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('console.log(1)\n')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })

  test.each([
    '/assets/missing.js',
    '/assets/notes.txt',
    '/assets/',
    '/assets/..%2findex.html',
    '/assets/..%2fsecret.json',
    '/assets/%2e%2e%2fsecret.json',
    '/assets/%2e%2e/secret.json',
    '/assets/..%5csecret.json',
    '/assets/....%2f%2fsecret.json',
    '/assets/%252e%252e%252fsecret.json',
    '/assets/.hidden.js',
    '/assets/sub/dir.js',
    '/assets/index-abc.js%00.png',
    '/secret.json',
    '/index.html',
    '/projects.dev.json',
  ])('error: %s → 404', async (path) => {
    const res = await app.request(path)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 'not_found', message: 'Not found' })
  })
})

describe('GET /healthz', () => {
  test('default: the database answers', async () => {
    const res = await app.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('error: 503 when the database does not answer', async () => {
    const down = createFrameApp({
      database: { ...database, ping: () => Promise.reject(new Error('connect ECONNREFUSED')) },
      webRoot,
      secrets,
      logger: silentLogger,
    })
    const res = await down.request('/healthz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ ok: false })
  })
})

describe('errors', () => {
  test('behavior: an unexpected error is logged redacted, without the query, and answered without internals', async () => {
    const lines: string[] = []
    const broken = createFrameApp({
      database,
      webRoot,
      secrets,
      logger: createLogger({ write: (l) => lines.push(l) }),
    })
    broken.get('/boom', () => {
      throw new Error('db down: postgres://app:hunter2@db/keyframe, code 123456')
    })
    const res = await broken.request('/boom?token=secret-token')
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ code: 'internal', message: 'An error occurred' })
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0] as string)
    expect(line).toMatchObject({
      level: 'error',
      message: 'frame-server: unhandled error',
      method: 'GET',
      path: '/boom',
      error: { name: 'Error', message: 'db down: postgres://***@db/keyframe, code ******' },
    })
    for (const secret of ['secret-token', 'hunter2', '123456']) expect(lines[0]).not.toContain(secret)
  })

  test("behavior: hono's own errors get the { code, message } body", async () => {
    const res = await app.request('http://localhost/api/auth/email/start', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'bad_request', message: 'Malformed JSON in request body' })
  })

  test("error: frameAncestors other than 'enforce' | 'off'", () => {
    expect(() => createFrameApp({ database, webRoot, secrets, frameAncestors: 'none' as 'off' })).toThrow(
      'Invalid frameAncestors: none',
    )
  })
})

test('error: API bodies over 64 KB are refused', async () => {
  const res = await app.request('http://localhost/api/auth/email/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pad: 'x'.repeat(70_000) }),
  })
  expect(res.status).toBe(413)
  expect(await res.json()).toEqual({ code: 'payload_too_large', message: 'Request body too large' })
})

describe('HSTS', () => {
  const HSTS = 'max-age=63072000; includeSubDomains'

  test('behavior: every answer of a frame whose PUBLIC_URL is https carries Strict-Transport-Security', async () => {
    const served = createFrameApp({
      database,
      webRoot,
      secrets,
      logger: silentLogger,
      publicUrl: 'https://wallet.example.com',
    })
    for (const path of ['/frame?projectId=solo', '/assets/index-abc.js', '/healthz', '/nowhere', '/frame'])
      expect(
        (await served.request(`https://wallet.example.com${path}`)).headers.get('strict-transport-security'),
        path,
      ).toBe(HSTS)
    const api = await served.request('https://wallet.example.com/api/session', {
      headers: { origin: 'https://wallet.example.com' },
    })
    expect(api.headers.get('strict-transport-security')).toBe(HSTS)
  })

  test('behavior: without PUBLIC_URL the request decides; plain http (the dev stack) gets none', async () => {
    expect(
      (await app.request('https://wallet.example.com/healthz')).headers.get('strict-transport-security'),
    ).toBe(HSTS)
    expect((await app.request('http://localhost/healthz')).headers.has('strict-transport-security')).toBe(
      false,
    )
    const dev = createFrameApp({
      database,
      webRoot,
      secrets,
      logger: silentLogger,
      publicUrl: 'http://localhost:5174',
    })
    expect(
      (await dev.request('http://localhost:5174/frame?projectId=dev')).headers.has(
        'strict-transport-security',
      ),
    ).toBe(false)
  })
})
