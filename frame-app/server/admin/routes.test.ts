import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFrameApp } from '../app.ts'
import { randomSecrets } from '../crypto/keys.ts'
import type { Database } from '../db/createDatabase.ts'
import { silentLogger } from '../logger.ts'
import { createTestDatabase } from '../testing/testDatabase.ts'

const TOKEN = 'a-long-admin-token-of-at-least-32-chars'
const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-admin-web-'))
writeFileSync(join(webRoot, 'index.html'), '<html><head></head><body></body></html>')
let database: Database
let app: ReturnType<typeof createFrameApp>
beforeAll(async () => {
  database = await createTestDatabase()
  app = createFrameApp({
    database,
    webRoot,
    secrets: randomSecrets(),
    adminToken: TOKEN,
    logger: silentLogger,
  })
}, 60_000)
afterAll(async () => {
  await database?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

const admin = (method: string, path: string, body?: unknown, token = TOKEN) =>
  app.request(`http://localhost/api/admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })

describe('/api/admin', () => {
  test('default: add, list, set origins — and the frame document follows', async () => {
    const created = await admin('POST', '/projects', {
      id: 'acme',
      name: 'Acme',
      allowedOrigins: ['https://App.Acme.example/'],
      recoveryMode: 'operator',
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({
      project: {
        id: 'acme',
        name: 'Acme',
        allowedOrigins: ['https://app.acme.example'],
        loginMethods: ['email'],
        recoveryMode: 'operator',
      },
    })
    expect(await (await admin('GET', '/projects')).json()).toMatchObject({ projects: [{ id: 'acme' }] })
    const set = await admin('PUT', '/projects/acme/origins', {
      allowedOrigins: ['https://*.acme.example', 'https://acme.example'],
    })
    expect(((await set.json()) as { project: { allowedOrigins: string[] } }).project.allowedOrigins).toEqual([
      'https://*.acme.example',
      'https://acme.example',
    ])
    const frame = await app.request('/frame?projectId=acme')
    expect(frame.headers.get('content-security-policy')).toMatch(
      /^frame-ancestors https:\/\/\*\.acme\.example https:\/\/acme\.example;/,
    )
  })

  test('behavior: social clients — added with the project or replaced, turned on, never answered', async () => {
    const secret = 'the-google-client-secret'
    const created = await admin('POST', '/projects', {
      id: 'socialco',
      allowedOrigins: ['https://social.example'],
      socials: { google: { clientId: 'google-id', clientSecret: secret } },
    })
    const text = await created.text()
    expect(text).not.toContain(secret)
    expect(JSON.parse(text)).toMatchObject({ project: { loginMethods: ['email', 'social'] } })
    const html = async () => (await app.request('/frame?projectId=socialco')).text()
    expect(await html()).toContain('"logins":["google"]')

    const set = await admin('PUT', '/projects/socialco/socials', {
      socials: {
        github: { clientId: 'gh-id', clientSecret: secret },
        x: { clientId: 'x-id', clientSecret: secret, issuer: 'http://127.0.0.1:9/x' },
      },
    })
    expect(await set.json()).toEqual({ socials: ['github', 'x'] })
    expect(await html()).toContain('"logins":["x","github"]')
    expect(await (await admin('GET', '/projects')).text()).not.toContain(secret)

    // Plain http only on loopback; unknown providers and projects refused.
    const http = await admin('PUT', '/projects/socialco/socials', {
      socials: { x: { clientId: 'x', clientSecret: 's', issuer: 'http://idp.example/x' } },
    })
    expect(http.status).toBe(400)
    const unknown = await admin('PUT', '/projects/socialco/socials', {
      socials: { myspace: { clientId: 'x', clientSecret: 's' } },
    })
    expect(unknown.status).toBe(400)
    expect((await admin('PUT', '/projects/none/socials', { socials: {} })).status).toBe(404)
  })

  test('error: invalid input, duplicates and unknown projects', async () => {
    const bad = await admin('POST', '/projects', { id: 'x', allowedOrigins: ['*'] })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /^allowedOrigins.0: Invalid origin "\*"/,
    )
    for (const [origin, reason] of [
      ['http://app.example', 'only https: origins are allowed'],
      ['https://*.github.io', 'github.io is a public suffix'],
    ]) {
      const refused = await admin('POST', '/projects', { id: 'x', allowedOrigins: [origin] })
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([
        400,
        expect.stringContaining(`allowedOrigins.0: Invalid origin "${origin}": ${reason}`),
      ])
    }
    await admin('POST', '/projects', { id: 'dup', allowedOrigins: ['https://a.example'] })
    const http = await admin('PUT', '/projects/dup/origins', { allowedOrigins: ['http://a.example'] })
    expect([http.status, ((await http.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('Invalid origin "http://a.example": only https: origins are allowed'),
    ])
    const dup = await admin('POST', '/projects', { id: 'dup', allowedOrigins: ['https://a.example'] })
    expect(dup.status).toBe(409)
    expect(
      (await admin('PUT', '/projects/none/origins', { allowedOrigins: ['https://a.example'] })).status,
    ).toBe(404)
  })

  test('error: 401 without the token; 404 when ADMIN_TOKEN is not set', async () => {
    expect((await admin('GET', '/projects', undefined, 'wrong')).status).toBe(401)
    const off = createFrameApp({
      database,
      webRoot: '/nonexistent',
      secrets: randomSecrets(),
      logger: silentLogger,
    })
    const res = await off.request('/api/admin/projects', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(404)
  })
})
