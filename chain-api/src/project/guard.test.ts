import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportedModule } from '../supported/module.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'

describe('project guard', () => {
  let api: TestChainApi
  beforeAll(async () => {
    api = await startTestChainApi({
      modules: [supportedModule],
      config: {
        projects: [
          { id: 'acme', allowedOrigins: ['https://app.acme.test', 'https://*.acme-preview.test'] },
          { id: 'other', allowedOrigins: ['https://other.test'] },
        ],
      },
    })
  }, 60_000)
  afterAll(() => api?.close(), 30_000)

  it('lets a project call from its allowed origin', async () => {
    const res = await api.get('/v1/supported-chains')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ http: [], ws: [] })
  })

  it('accepts a wildcard origin entry for exactly one extra label', async () => {
    expect(
      (await api.get('/v1/supported-chains', {}, { origin: 'https://pr-7.acme-preview.test' })).status,
    ).toBe(200)
    expect(
      (await api.get('/v1/supported-chains', {}, { origin: 'https://a.b.acme-preview.test' })).status,
    ).toBe(403)
  })

  it.each(['projectId', 'st', 'sv'])('answers 400 when %s is missing', async (key) => {
    const res = await api.get('/v1/supported-chains', { [key]: undefined })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'invalid_params', message: `${key}: Required` })
  })

  it('answers 403 Invalid key for an unknown project', async () => {
    const res = await api.get('/v1/supported-chains', { projectId: 'nope' })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ code: 'invalid_key', message: 'Invalid key' })
  })

  it("answers 403 Origin not allowed for another project's origin", async () => {
    const res = await api.get('/v1/supported-chains', {}, { origin: 'https://other.test' })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ code: 'origin_not_allowed', message: 'Origin not allowed' })
  })

  it('lets a server-to-server call without Origin through', async () => {
    const res = await api.get('/v1/supported-chains', {}, { origin: null })
    expect(res.status).toBe(200)
  })
})
