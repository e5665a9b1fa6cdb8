import { endpoint } from '@keyframe/protocol/chain-api/endpoint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import type { ChainApiModule } from '../module.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { honoPath, route } from './route.ts'

const echo = endpoint({
  method: 'post',
  path: '/v1/echo/{name}',
  summary: 'test',
  auth: 'project',
  params: z.object({ name: z.string().check(z.regex(/^[a-z]{2,8}$/, 'Invalid name')) }),
  query: z.object({ times: z.optional(z.string().check(z.regex(/^\d$/, 'Expected a digit'))) }),
  body: z.object({ text: z.string() }),
  response: z.object({ name: z.string(), text: z.string(), project: z.string() }),
})
const open = endpoint({
  method: 'get',
  path: '/open',
  summary: 'test',
  auth: 'public',
  response: z.object({ ok: z.boolean() }),
})
const gw = endpoint({
  method: 'get',
  path: '/gw',
  summary: 'test',
  auth: 'gateway',
  response: z.object({ id: z.string() }),
})
const boom = endpoint({
  method: 'get',
  path: '/boom',
  summary: 'test',
  auth: 'public',
  response: z.object({}),
})

const testModule: ChainApiModule = {
  name: 'route-test',
  routes(app) {
    route(app, echo, ({ params, query, body, project }) => ({
      name: params.name,
      text: body.text.repeat(Number(query.times ?? 1)),
      project: project.id,
    }))
    route(app, open, ({ project }) => ({ ok: project === undefined }))
    route(app, gw, ({ project }) => ({ id: project.id }))
    route(app, boom, () => {
      throw new Error('secret detail 0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    })
  },
}

describe('route', () => {
  let api: TestChainApi
  const logged: string[] = []
  beforeAll(async () => {
    api = await startTestChainApi({
      modules: [testModule],
      logger: { info() {}, warn() {}, error: (m, f) => logged.push(JSON.stringify({ m, f })) },
    })
  }, 60_000)
  afterAll(() => api?.close(), 30_000)

  it('turns {x} into :x', () => {
    expect(honoPath('/v1/account/{address}/history')).toBe('/v1/account/:address/history')
  })

  it('validates params, query and body and answers the handler result as JSON', async () => {
    const res = await api.post('/v1/echo/abc', { text: 'hi' }, { times: 2 })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ name: 'abc', text: 'hihi', project: api.project.id })
  })

  it.each([
    ['a bad path param', '/v1/echo/A1', { text: 'x' }, {}, 'name: Invalid name'],
    ['a bad query param', '/v1/echo/abc', { text: 'x' }, { times: 'xx' }, 'times: Expected a digit'],
    ['a missing body field', '/v1/echo/abc', {}, {}, 'text: Required'],
    ['malformed JSON', '/v1/echo/abc', '{"text":', {}, 'Malformed JSON in request body'],
  ])('refuses %s with 400 invalid_params', async (_, path, body, query, message) => {
    const res = await api.post(path, body, query)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ code: 'invalid_params', message })
  })

  it('refuses a body that is not JSON with 415', async () => {
    const res = await fetch(`${api.url}/v1/echo/abc?projectId=${api.project.id}&st=keyframe&sv=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'text=hi',
    })
    expect(res.status).toBe(415)
    expect((await res.json()).code).toBe('unsupported_media_type')
  })

  it('refuses a body over 64 KB with 413', async () => {
    const res = await api.post('/v1/echo/abc', { text: 'x'.repeat(70_000) })
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('payload_too_large')
  })

  it('runs public endpoints without a project, gateway ones with projectId only', async () => {
    expect(
      await (await api.get('/open', { projectId: undefined, st: undefined, sv: undefined })).json(),
    ).toEqual({ ok: true })
    const res = await api.get('/gw', { st: undefined, sv: undefined })
    expect(await res.json()).toEqual({ id: api.project.id })
    const missing = await api.get('/gw', { projectId: undefined })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ code: 'invalid_params', message: 'projectId: Required' })
  })

  it('answers an unexpected error with 500 internal and logs it without the secret', async () => {
    const res = await api.get('/boom')
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ code: 'internal', message: 'Internal error' })
    expect(logged.join('\n')).toContain('unhandled error')
    expect(logged.join('\n')).not.toContain('59c6995e998f97a5')
  })

  it('answers unknown paths with 404 not_found', async () => {
    const res = await api.get('/v1/nothing-here')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 'not_found', message: 'Not found' })
  })
})
