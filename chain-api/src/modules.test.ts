/**
 * All areas together, as a deployment runs them: their migrations apply to one fresh database, every endpoint
 * declared in shared-protocol is mounted (and nothing undeclared), and the project rules hold for each one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConfig } from './config.ts'
import { honoPath } from './http/route.ts'
import { silentLogger } from './logger.ts'
import { MODULES } from './modules.ts'
import { collectEndpoints, type DeclaredEndpoint } from './openapi/collectEndpoints.ts'
import { type ChainApi, startChainApi } from './serve.ts'
import { expectMatchesSpec } from './testing/openapi.ts'

const ORIGIN = 'https://app.acme.test'

describe('every area together', () => {
  let api: ChainApi
  let declared: DeclaredEndpoint[]
  beforeAll(async () => {
    declared = await collectEndpoints()
    api = await startChainApi({
      config: createConfig({ projects: [{ id: 'acme', allowedOrigins: [ORIGIN] }] }),
      modules: MODULES,
      background: false,
      logger: silentLogger,
    })
  }, 120_000)
  afterAll(() => api?.close(), 30_000)

  it('has unique module names and mounts every declared endpoint, and no undeclared one', () => {
    expect(new Set(MODULES.map((m) => m.name)).size).toBe(MODULES.length)
    const mounted = new Set(
      api.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    )
    const wanted = new Set(declared.map(({ endpoint: e }) => `${e.method.toUpperCase()} ${honoPath(e.path)}`))
    expect([...wanted].filter((route) => !mounted.has(route))).toEqual([])
    // A route for an empty path parameter (e.g. `/v1/account//history`, answered with the spec's message) is
    // the declared endpoint too.
    const templates = [...wanted].map(
      (route) =>
        new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]*')}$`),
    )
    const undeclared = [...mounted].filter(
      (route) => route !== 'GET /healthz' && !templates.some((t) => t.test(route)),
    )
    expect(undeclared).toEqual([])
  })

  const call = (e: DeclaredEndpoint['endpoint'], query: Record<string, string>, origin?: string) => {
    const path = e.path.replace(/\{[^}]+\}/g, 'x')
    const url = `${api.url}${path}?${new URLSearchParams(query)}`
    const headers: Record<string, string> = origin ? { Origin: origin } : {}
    if (e.method === 'get') return fetch(url, { headers })
    return fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: '{}',
    })
  }

  it('answers 400 / 403 by the project rules on every project and gateway endpoint, as published', async () => {
    const guarded = declared.filter(({ endpoint: e }) => e.auth !== 'public')
    expect(guarded.length).toBeGreaterThan(10)
    for (const { endpoint: e } of guarded) {
      const sdk: Record<string, string> = e.auth === 'project' ? { st: 'keyframe', sv: '1' } : {}
      const where = `${e.method} ${e.path}`

      const missing = await call(e, sdk)
      expect(missing.status, where).toBe(400)
      expect(await missing.clone().json(), where).toEqual({
        code: 'invalid_params',
        message: 'projectId: Required',
      })
      await expectMatchesSpec(e.method, e.path, missing)

      const unknown = await call(e, { ...sdk, projectId: 'nope' })
      expect(unknown.status, where).toBe(403)
      expect(await unknown.clone().json(), where).toEqual({ code: 'invalid_key', message: 'Invalid key' })
      await expectMatchesSpec(e.method, e.path, unknown)

      const foreign = await call(e, { ...sdk, projectId: 'acme' }, 'https://evil.test')
      expect(foreign.status, where).toBe(403)
      expect(await foreign.clone().json(), where).toEqual({
        code: 'origin_not_allowed',
        message: 'Origin not allowed',
      })

      if (e.auth === 'project') {
        const noVersion = await call(e, { projectId: 'acme', st: 'keyframe' }, ORIGIN)
        expect(await noVersion.json(), where).toEqual({ code: 'invalid_params', message: 'sv: Required' })
      }
    }
  })
})
