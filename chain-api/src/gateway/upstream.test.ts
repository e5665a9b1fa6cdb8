import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { createUpstream, type Upstream, UpstreamError } from './upstream.ts'

let server: Server | undefined
let upstream: Upstream | undefined
afterEach(async () => {
  upstream?.close()
  if (server) {
    server.closeAllConnections()
    await new Promise((resolve) => server!.close(resolve))
  }
  server = undefined
  upstream = undefined
})

/** A real HTTP server on a free port; counts the TCP connections it accepts. */
async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const s = createServer(handler)
  let connections = 0
  s.on('connection', () => connections++)
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  server = s
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/rpc`, connections: () => connections }
}

const echo = (request: IncomingMessage, response: ServerResponse) => {
  let body = ''
  request.on('data', (chunk) => {
    body += chunk
  })
  request.on('end', () =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(`{"echo":${body}}`),
  )
}

describe('createUpstream', () => {
  test('default: posts JSON and reads the whole answer', async () => {
    const { url } = await serve(echo)
    upstream = createUpstream()
    expect(await upstream.post(url, '{"a":1}')).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"echo":{"a":1}}',
    })
  })

  test('behavior: sequential calls reuse one keep-alive connection', async () => {
    const { url, connections } = await serve(echo)
    upstream = createUpstream()
    for (let i = 0; i < 20; i++) await upstream.post(url, `${i}`)
    expect(connections()).toBe(1)
  })

  test('behavior: a non-2xx answer is returned with its status', async () => {
    const { url } = await serve((_, response) =>
      response.writeHead(429, { 'content-type': 'text/plain' }).end('slow down'),
    )
    upstream = createUpstream()
    expect(await upstream.post(url, '{}')).toEqual({
      status: 429,
      contentType: 'text/plain',
      body: 'slow down',
    })
  })

  test('error: no answer in time', async () => {
    const { url } = await serve(() => {})
    upstream = createUpstream({ timeoutMs: 200 })
    await expect(upstream.post(url, '{}')).rejects.toThrowError(new UpstreamError('Upstream timed out'))
  })

  test('error: an answer larger than allowed', async () => {
    const { url } = await serve((_, response) => response.end('x'.repeat(10_000)))
    upstream = createUpstream({ maxAnswerBytes: 1000 })
    await expect(upstream.post(url, '{}')).rejects.toThrowError(
      new UpstreamError('Upstream answer too large'),
    )
  })

  test('error: nothing listening; the message does not show the URL (it may hold a key)', async () => {
    const { url } = await serve(echo)
    server!.close()
    server = undefined
    upstream = createUpstream()
    const error = await upstream.post(url.replace('/rpc', '/v3/secret-key'), '{}').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect((error as Error).message).toBe('Upstream unreachable: ECONNREFUSED')
  })
})
