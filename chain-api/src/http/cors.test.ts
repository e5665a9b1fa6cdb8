import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedModule } from '../supported/module.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'

describe('CORS', () => {
  let api: TestChainApi
  beforeAll(async () => {
    api = await startTestChainApi({ modules: [supportedModule] })
  }, 60_000)
  afterAll(() => api?.close(), 30_000)

  const preflight = (origin: string, projectId = api.project.id) =>
    fetch(`${api.url}/v1/supported-chains?projectId=${projectId}&st=keyframe&sv=1`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
    })

  it("reflects the project's allowed origin on answers, varying on Origin", async () => {
    const res = await api.get('/v1/supported-chains')
    expect(res.headers.get('access-control-allow-origin')).toBe(api.project.origin)
    expect(res.headers.get('vary')).toContain('Origin')
  })

  it('answers a preflight from an allowed origin with the methods and headers', async () => {
    const res = await preflight(api.project.origin)
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(api.project.origin)
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type')
  })

  it('allows nothing for another origin or an unknown project', async () => {
    for (const res of [await preflight('https://evil.test'), await preflight(api.project.origin, 'nope')]) {
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('vary')).toContain('Origin')
    }
    const refused = await api.get('/v1/supported-chains', {}, { origin: 'https://evil.test' })
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })
})
