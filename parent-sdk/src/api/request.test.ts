import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { endpoint } from '@keyframe/protocol/chain-api/endpoint'
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, test } from 'vitest'
import * as z from 'zod/mini'
import { SDK_VERSION } from '../version.ts'
import { ChainApiError } from './chainApiError.ts'
import { createChainApi } from './createChainApi.ts'
import { request } from './request.ts'

/**
 * The endpoints of these tests are declared here, answered by a small real HTTP server that records what it
 * received; the clients against the real chain-api are tested beside each typed call.
 */
const getThing = endpoint({
  method: 'get',
  path: '/v1/thing/{id}',
  summary: 'A thing',
  auth: 'project',
  params: z.object({ id: z.string() }),
  query: z.object({ chainId: z.optional(z.string()), tags: z.optional(z.array(z.string())) }),
  response: z.object({ id: z.string(), count: z.number() }),
})
const postThing = endpoint({
  method: 'post',
  path: '/v1/thing',
  summary: 'Make a thing',
  auth: 'project',
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), count: z.number() }),
})
const rpc = endpoint({
  method: 'post',
  path: '/v1/',
  summary: 'RPC',
  auth: 'gateway',
  query: z.object({ chainId: z.string() }),
  body: z.unknown(),
  response: z.unknown(),
})
const page = endpoint({
  method: 'get',
  path: '/sandbox/{id}',
  summary: 'A page',
  auth: 'public',
  params: z.object({ id: z.string() }),
  response: null,
  produces: 'text/html',
})

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string }
let seen: Seen[] = []
/** What the server answers next, by path (without the query). */
let answers: Record<string, (res: ServerResponse) => void> = {}
let baseUrl = ''
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk.toString()))
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const answer = answers[path]
    if (answer) return answer(res)
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code: 'not_found', message: 'Not found' }))
  })
})

function json(status: number, value: unknown) {
  return (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(value))
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  // fetch keeps connections alive, and the abort test leaves one unanswered.
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  seen = []
  answers = {}
})

describe('request', () => {
  test('default: fills the path, adds projectId, st and sv, and resolves with the checked answer', async () => {
    answers['/v1/thing/a%20b'] = json(200, { id: 'a b', count: 2, extra: 'dropped' })
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    const thing = await api.request(getThing, {
      params: { id: 'a b' },
      query: { chainId: 'eip155:1', tags: ['x', 'y'] },
    })
    expect(thing).toEqual({ id: 'a b', count: 2 })
    expectTypeOf(thing).toEqualTypeOf<{ id: string; count: number }>()
    expect(seen[0]!.method).toBe('GET')
    expect(seen[0]!.url).toBe(
      `/v1/thing/a%20b?chainId=eip155%3A1&tags=x%2Cy&projectId=p1&st=keyframe&sv=${SDK_VERSION}`,
    )
    expect(seen[0]!.headers['content-type']).toBeUndefined()
  })

  test('parameters: sdkType and sdkVersion; undefined query values are left out; a base path is kept', async () => {
    answers['/chain/v1/thing/1'] = json(200, { id: '1', count: 0 })
    const api = createChainApi({
      baseUrl: `${baseUrl}/chain`,
      projectId: 'p1',
      sdkType: 'appkit',
      sdkVersion: '9.9.9',
    })
    await api.request(getThing, { params: { id: '1' }, query: { chainId: undefined } })
    expect(seen[0]!.url).toBe('/chain/v1/thing/1?projectId=p1&st=appkit&sv=9.9.9')
  })

  test('parameters: a POST sends its body as JSON', async () => {
    answers['/v1/thing'] = json(200, { id: 'n', count: 1 })
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    expect(await api.request(postThing, { body: { name: 'n' } })).toEqual({ id: 'n', count: 1 })
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"name":"n"}' })
    expect(seen[0]!.headers['content-type']).toBe('application/json')
  })

  test('behavior: gateway calls carry only projectId; public calls nothing', async () => {
    answers['/v1/'] = json(200, { jsonrpc: '2.0', id: 1, result: '0x1' })
    answers['/sandbox/s1'] = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<p>pay</p>')
    }
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    await api.request(rpc, { query: { chainId: 'eip155:1' }, body: { jsonrpc: '2.0', id: 1 } })
    const blob = await api.request(page, { params: { id: 's1' } })
    expect(seen.map((s) => s.url)).toEqual(['/v1/?chainId=eip155%3A1&projectId=p1', '/sandbox/s1'])
    expect(await blob.text()).toBe('<p>pay</p>')
  })

  test("error: a 4xx with { code, message } is a ChainApiError with the server's words", async () => {
    answers['/v1/thing/1'] = json(403, { code: 'invalid_key', message: 'Invalid key' })
    const api = createChainApi({ baseUrl, projectId: 'nope' })
    const error = await api.request(getThing, { params: { id: '1' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainApiError)
    expect(error).toMatchObject({ status: 403, code: 'invalid_key' })
    expect((error as Error).message).toBe('Invalid key')
  })

  test("error: an answer without a message is 'HTTP status code: {status}'", async () => {
    answers['/v1/thing/1'] = (res) => {
      res.writeHead(503, { 'content-type': 'text/html' })
      res.end('<h1>down</h1>')
    }
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    await expect(api.request(getThing, { params: { id: '1' } })).rejects.toThrow(
      new ChainApiError(503, 'http_error', 'HTTP status code: 503'),
    )
    await expect(api.request(getThing, { params: { id: '1' } })).rejects.toMatchObject({
      status: 503,
      code: 'http_error',
    })
  })

  test('error: an answer that does not match the response schema is invalid_response', async () => {
    answers['/v1/thing/1'] = json(200, { id: '1', count: 'many' })
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    const error = await api.request(getThing, { params: { id: '1' } }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' })
    expect((error as Error).message).toBe('Invalid answer from GET /v1/thing/{id}: count: expected number')
  })

  test('error: a 200 that is not JSON is invalid_response', async () => {
    answers['/v1/thing/1'] = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<h1>captive portal</h1>')
    }
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    const error = await api.request(getThing, { params: { id: '1' } }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' })
    expect((error as Error).message).toBe('Invalid answer from GET /v1/thing/{id}: not JSON')
  })

  test('error: no server is network_error with status 0', async () => {
    const api = createChainApi({ baseUrl: 'http://127.0.0.1:1', projectId: 'p1' })
    const error = await api.request(getThing, { params: { id: '1' } }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'network_error' })
    expect((error as Error).message).toBe('Failed to reach the chain API (GET /v1/thing/{id})')
  })

  test("parameters: signal: aborting rejects with the signal's reason, not a ChainApiError", async () => {
    answers['/v1/thing/1'] = () => {} // never answers
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    const controller = new AbortController()
    const pending = api.request(getThing, { params: { id: '1' }, signal: controller.signal })
    const reason = new DOMException('left the view', 'AbortError')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })

  test('parameters: fetch: calls go through the given fetch', async () => {
    answers['/v1/thing/1'] = json(200, { id: '1', count: 0 })
    const urls: string[] = []
    const api = createChainApi({
      baseUrl,
      projectId: 'p1',
      fetch: (input, init) => {
        urls.push(String(input))
        return fetch(input, init)
      },
    })
    await request(api, getThing, { params: { id: '1' } })
    expect(urls).toEqual([`${baseUrl}/v1/thing/1?projectId=p1&st=keyframe&sv=${SDK_VERSION}`])
  })

  test('error: a missing path param is a TypeError before any request', async () => {
    const api = createChainApi({ baseUrl, projectId: 'p1' })
    await expect(api.request(getThing, { params: { id: '' } })).rejects.toThrow(
      new TypeError('/v1/thing/{id}: path param `id` is missing'),
    )
    expect(seen).toEqual([])
  })
})
