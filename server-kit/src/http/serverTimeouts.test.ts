import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { stalledRequest } from '../testing/stalledRequest.ts'
import { SERVER_TIMEOUTS } from './serverTimeouts.ts'

/** A server that answers once it has read the whole body, as both servers' routes do. */
async function start(options: typeof SERVER_TIMEOUTS | Record<string, never>): Promise<Server> {
  const server = createServer(options, (request, response) => {
    request.resume()
    request.on('end', () => response.end('read'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

test('attack: a body that never arrives is answered 408 and its connection closed within ~5 s; with Node’s defaults it is held', async () => {
  const guarded = await start(SERVER_TIMEOUTS)
  const defaults = await start({})
  try {
    const [closed, held] = await Promise.allSettled([
      stalledRequest(urlOf(guarded), '/'),
      // Control: the same client against Node's defaults still holds its connection after 8 s.
      stalledRequest(urlOf(defaults), '/', { giveUpMs: 8_000 }),
    ])
    expect(closed.status).toBe('fulfilled')
    if (closed.status !== 'fulfilled') return
    expect(closed.value.answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(closed.value.ms).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.requestTimeout - 100)
    expect(closed.value.ms).toBeLessThan(SERVER_TIMEOUTS.requestTimeout + 1_500)
    expect(held).toMatchObject({
      status: 'rejected',
      reason: new Error('the server still held the connection after 8000 ms'),
    })
  } finally {
    for (const server of [guarded, defaults]) {
      server.closeAllConnections()
      server.close()
    }
  }
}, 30_000)
