import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { type Relay, startRelay } from './startRelay.ts'

// The relay's own rules, over a bare socket where a real client would hide them (it drops duplicates and
// its own messages): who gets a message, when, and how a bad frame is answered. clients.test.ts runs the
// real clients through it.

type Push = { topic: string; message: string }
type Answer = { id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

let relay: Relay
/** How far the relay's clock is ahead of the real one. */
let clockAhead = 0

beforeAll(async () => {
  relay = await startRelay({ now: () => Date.now() + clockAhead })
})
afterAll(() => relay.close())

const topic = () => randomBytes(32).toString('hex')
/** A client's `?auth=` JWT as the relay reads it: only its `iss` (the signature is not checked). */
const authFor = (client: string) =>
  ['{"alg":"EdDSA","typ":"JWT"}', JSON.stringify({ iss: client }), 'signature']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.')

/** A bare connection. `ack: false` never acknowledges a push, as a client that went away before reading it. */
async function connect(client: string, { ack = true } = {}) {
  const socket = new WebSocket(`${relay.url}/?auth=${authFor(client)}&projectId=dev`)
  const pushes: Push[] = []
  const waiting = new Map<unknown, (answer: Answer) => void>()
  let ids = 0
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    if (frame.method === 'irn_subscription') {
      pushes.push({ topic: frame.params.data.topic, message: frame.params.data.message })
      if (ack) socket.send(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: true }))
    } else waiting.get(frame.id)?.(frame)
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const send = (text: string, id: unknown) =>
    new Promise<Answer>((resolve) => {
      waiting.set(id, resolve)
      socket.send(text)
    })
  const call = (method: string, params: unknown) => {
    const id = `${++ids}`
    return send(JSON.stringify({ jsonrpc: '2.0', id, method, params }), id)
  }
  return {
    pushes,
    call,
    send,
    /** Resolves once every push the relay sent before now has arrived (frames keep their order). */
    settled: () => call('irn_unsubscribe', { topic: topic(), id: 'none' }),
    close: () => new Promise((resolve) => socket.once('close', resolve).close()),
  }
}

const publish = (topic: string, message: string, ttl = 300) => ({
  topic,
  message,
  ttl,
  prompt: false,
  tag: 1108,
})

test('a message reaches every other subscriber of its topic and never its publisher, not even on a new connection of the same client', async () => {
  const t = topic()
  const [publisher, other] = await Promise.all([connect('did:key:publisher'), connect('did:key:other')])
  await Promise.all([
    publisher.call('irn_subscribe', { topic: t }),
    other.call('irn_subscribe', { topic: t }),
  ])
  expect(await publisher.call('irn_publish', publish(t, 'hello'))).toMatchObject({ result: true })
  await Promise.all([publisher.settled(), other.settled()])
  // The control: a subscriber that is not the publisher gets it, so the publisher's socket would have too.
  expect(other.pushes).toEqual([{ topic: t, message: 'hello' }])
  expect(publisher.pushes).toEqual([])

  // Reconnected (a page reload), the publisher subscribes again: the mailbox keeps its own message from it.
  await publisher.close()
  const again = await connect('did:key:publisher')
  const stranger = await connect('did:key:stranger')
  await Promise.all([again.call('irn_subscribe', { topic: t }), stranger.call('irn_subscribe', { topic: t })])
  await Promise.all([again.settled(), stranger.settled()])
  expect(stranger.pushes).toEqual([{ topic: t, message: 'hello' }])
  expect(again.pushes).toEqual([])
  await Promise.all([other.close(), again.close(), stranger.close()])
})

test('the mailbox: a message published before anyone subscribed is delivered on subscribe, once per client; a client that went away without acknowledging it gets it again', async () => {
  const t = topic()
  const dapp = await connect('did:key:dapp')
  await dapp.call('irn_publish', publish(t, 'proposal'))

  const reader = await connect('did:key:reader')
  expect(await reader.call('irn_subscribe', { topic: t })).toMatchObject({ result: expect.any(String) })
  await reader.settled()
  expect(reader.pushes).toEqual([{ topic: t, message: 'proposal' }])
  await reader.close()
  // Acknowledged: the same client subscribing again gets nothing twice.
  const readerAgain = await connect('did:key:reader')
  await readerAgain.call('irn_batchSubscribe', { topics: [t] })
  await readerAgain.settled()
  expect(readerAgain.pushes).toEqual([])

  // Not acknowledged (the page went away with it unread): sent again on the next subscription.
  const lost = await connect('did:key:lost', { ack: false })
  await lost.call('irn_subscribe', { topic: t })
  await lost.settled()
  expect(lost.pushes).toHaveLength(1)
  await lost.close()
  const found = await connect('did:key:lost')
  await found.call('irn_subscribe', { topic: t })
  await found.settled()
  expect(found.pushes).toEqual([{ topic: t, message: 'proposal' }])

  // Fetched instead of pushed: the same messages, once.
  const fetcher = await connect('did:key:fetcher')
  expect(await fetcher.call('irn_batchFetchMessages', { topics: [t] })).toMatchObject({
    result: {
      messages: [{ topic: t, message: 'proposal', publishedAt: expect.any(Number) }],
      hasMore: false,
    },
  })
  expect(await fetcher.call('irn_batchFetchMessages', { topics: [t] })).toMatchObject({
    result: { messages: [], hasMore: false },
  })
  await Promise.all([dapp.close(), readerAgain.close(), found.close(), fetcher.close()])
})

test('a message reaches every connection subscribed to its topic, two of one client too: a reconnected wallet gets it on its new socket while the old one, closing, never acknowledges it', async () => {
  const t = topic()
  const dapp = await connect('did:key:dapp-sockets')
  // The wallet's old socket (closing, or left open by a reconnect) and its new one, both subscribed.
  const old = await connect('did:key:wallet-sockets', { ack: false })
  await old.call('irn_subscribe', { topic: t })
  const current = await connect('did:key:wallet-sockets')
  await current.call('irn_subscribe', { topic: t })
  await dapp.call('irn_publish', publish(t, 'acknowledgement'))
  await Promise.all([old.settled(), current.settled()])
  // The control: the relay did push it to this client, on the socket that reads nothing any more.
  expect(old.pushes).toEqual([{ topic: t, message: 'acknowledgement' }])
  expect(current.pushes).toEqual([{ topic: t, message: 'acknowledgement' }])

  // The old socket goes away unacknowledged, the new one subscribes again: acknowledged there, nothing twice.
  await old.close()
  await current.call('irn_subscribe', { topic: t })
  await current.settled()
  expect(current.pushes).toHaveLength(1)
  await current.close()
  const later = await connect('did:key:wallet-sockets')
  await later.call('irn_subscribe', { topic: t })
  await later.settled()
  expect(later.pushes).toEqual([])
  await Promise.all([dapp.close(), later.close()])
})

test('ttl: a message is kept for its ttl in seconds and not a moment longer', async () => {
  const [early, late] = [topic(), topic()]
  const dapp = await connect('did:key:dapp-ttl')
  await dapp.call('irn_publish', publish(early, 'in time', 30))
  await dapp.call('irn_publish', publish(late, 'too late', 30))
  const wallet = await connect('did:key:wallet-ttl')
  try {
    clockAhead = 29_000
    await wallet.call('irn_subscribe', { topic: early })
    clockAhead = 30_000
    await wallet.call('irn_subscribe', { topic: late })
    await wallet.settled()
    expect(wallet.pushes).toEqual([{ topic: early, message: 'in time' }])
  } finally {
    clockAhead = 0
    await Promise.all([dapp.close(), wallet.close()])
  }
})

test('error: a bad frame is answered with its JSON-RPC error and changes nothing', async () => {
  const client = await connect('did:key:careless')
  const t = topic()
  expect(await client.send('{"jsonrpc":"2.0",', null)).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32700, message: 'Parse error' },
  })
  expect(await client.send('{"id":"1","method":"irn_subscribe"}', '1')).toMatchObject({
    id: '1',
    error: { code: -32600, message: 'Invalid Request' },
  })
  expect(await client.call('irn_batchPublish', { messages: [] })).toMatchObject({
    error: { code: -32601, message: 'Method not found: irn_batchPublish' },
  })
  const invalid = await client.call('irn_publish', { topic: 'not-a-topic', message: '', ttl: 0 })
  expect(invalid.error).toMatchObject({ code: -32602, data: expect.any(Array) })
  expect(invalid.error?.message).toMatch(/^Invalid params for irn_publish: /)
  for (const field of ['topic', 'message', 'ttl']) expect(invalid.error?.message).toContain(field)
  // Nothing was published, nor subscribed.
  const other = await connect('did:key:other-careless')
  await other.call('irn_subscribe', { topic: t })
  await other.call('irn_publish', publish(t, 'after'))
  await client.settled()
  expect(client.pushes).toEqual([])
  await Promise.all([client.close(), other.close()])
})

test('a plain HTTP request is told this is a local relay for development and tests', async () => {
  const response = await fetch(relay.url.replace(/^ws:/, 'http:'))
  expect(response.status).toBe(426)
  expect(await response.text()).toContain('for development and tests only')
})
