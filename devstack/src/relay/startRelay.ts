/**
 * A local WalletConnect relay, for development and tests only: the dApp (`@walletconnect/universal-provider`
 * or `sign-client`) and the wallet (`@reown/walletkit`) exchange their encrypted messages through it over
 * WebSocket, as they would through any WalletConnect-compatible relay a deployment points at. It keeps
 * subscriptions per connection, each message in a ttl mailbox (`mailbox.ts`), never sends a client its own
 * messages, and ignores the clients' `?auth=` JWT but for telling them apart (`clientOf.ts`). No project ids,
 * no rate limits, no persistence: not for production.
 * @module
 */
import { createServer } from 'node:http'
import type { StackLogger } from '@keyframe/dev-fixtures'
import { WebSocket, WebSocketServer } from 'ws'
import { clientOf } from './clientOf.ts'
import { createMailbox, type StoredMessage } from './mailbox.ts'
import { type Call, parseFrame, type RpcId } from './relayRpc.ts'

export type RelayOptions = {
  /** Port on `host` (0 = any free port, the default). */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Receives a line per connection and per refused request. */
  logger?: StackLogger
  /** The mailbox's clock, ms (tests move it to expire messages; default `Date.now`). */
  now?: () => number
}

export type Relay = {
  /** `ws://HOST:PORT`: the `relayUrl` of the clients. */
  url: string
  close(): Promise<void>
}

/** What a plain HTTP request to the relay gets: it is a WebSocket endpoint, and a local one. */
const NOTICE =
  "Keyframe's local WalletConnect relay, for development and tests only: connect over WebSocket.\n"
/** Node clients drop a connection that has not been pinged for 35 s (core's relayer `heartBeatTimeout`). */
const PING_INTERVAL_MS = 15_000
/** Largest frame taken: a message carries one encrypted request (a transaction, typed data). */
const MAX_FRAME_BYTES = 2 * 1024 * 1024

type Peer = {
  socket: WebSocket
  client: string
  /** Topic → the subscription id this connection was given for it. */
  subscriptions: Map<string, string>
  /** `irn_subscription` pushes awaiting the client's acknowledgement, by the push's id. */
  unacked: Map<RpcId, StoredMessage>
  /**
   * What this connection was pushed: not twice on it. Kept per connection, not per client, so a client's
   * other socket (a reconnect's new one while the old is closing or left open) still gets each message.
   */
  pushed: WeakSet<StoredMessage>
}

/**
 * Starts the relay on `ws://127.0.0.1:PORT`.
 * @example
 * const relay = await startRelay()
 * // SignClient.init({ projectId: 'dev', relayUrl: relay.url, … })
 * await relay.close()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const { logger, now = Date.now, host = '127.0.0.1' } = options
  const mailbox = createMailbox(now)
  /** Topic → the connections subscribed to it. */
  const subscribers = new Map<string, Set<Peer>>()
  let connections = 0
  let pushes = 0

  const send = (peer: Peer, payload: object) => peer.socket.send(JSON.stringify(payload))

  const deliver = (peer: Peer, stored: StoredMessage) => {
    if (stored.sender === peer.client || stored.acknowledgedBy.has(peer.client) || peer.pushed.has(stored))
      return
    // A closing socket would drop it unread; the client's next subscription gets it from the mailbox.
    if (peer.socket.readyState !== WebSocket.OPEN) return
    const id = ++pushes
    const { topic, message, publishedAt, attestation } = stored
    peer.pushed.add(stored)
    peer.unacked.set(id, stored)
    send(peer, {
      jsonrpc: '2.0',
      id,
      method: 'irn_subscription',
      params: {
        id: peer.subscriptions.get(topic),
        data: { topic, message, publishedAt, ...(attestation === undefined ? {} : { attestation }) },
      },
    })
  }

  const subscribe = (peer: Peer, topic: string): string => {
    let id = peer.subscriptions.get(topic)
    if (id === undefined) {
      id = crypto.randomUUID().replaceAll('-', '')
      peer.subscriptions.set(topic, id)
      subscribers.set(topic, (subscribers.get(topic) ?? new Set()).add(peer))
    }
    return id
  }

  const unsubscribe = (peer: Peer, topic: string) => {
    peer.subscriptions.delete(topic)
    const peers = subscribers.get(topic)
    peers?.delete(peer)
    if (peers?.size === 0) subscribers.delete(topic)
  }

  const publish = (
    peer: Peer,
    p: { topic: string; message: string; ttl: number; attestation?: string | undefined },
  ) => {
    const stored = mailbox.put({ ...p, attestation: p.attestation, sender: peer.client })
    for (const subscriber of subscribers.get(p.topic) ?? []) deliver(subscriber, stored)
  }

  const deliverKept = (peer: Peer, topics: string[]) => {
    for (const topic of topics)
      for (const stored of mailbox.undelivered(topic, peer.client)) deliver(peer, stored)
  }

  /** Answers one call; `after` runs once the answer is sent (the mailbox follows a subscription's id). */
  const serve = (peer: Peer, call: Call): { result: unknown; after?: () => void } => {
    switch (call.method) {
      case 'irn_publish':
        publish(peer, call.params)
        return { result: true }
      case 'irn_subscribe': {
        const { topic } = call.params
        return { result: subscribe(peer, topic), after: () => deliverKept(peer, [topic]) }
      }
      case 'irn_batchSubscribe': {
        const { topics } = call.params
        return {
          result: topics.map((topic) => subscribe(peer, topic)),
          after: () => deliverKept(peer, topics),
        }
      }
      case 'irn_unsubscribe':
        unsubscribe(peer, call.params.topic)
        return { result: true }
      case 'irn_batchFetchMessages': {
        const messages = call.params.topics.flatMap((topic) =>
          mailbox.undelivered(topic, peer.client).map((stored) => {
            stored.acknowledgedBy.add(peer.client)
            const { message, publishedAt, attestation } = stored
            return { topic, message, publishedAt, ...(attestation === undefined ? {} : { attestation }) }
          }),
        )
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl, attestation } = call.params
        subscribe(peer, pairingTopic)
        publish(peer, { topic: pairingTopic, message: sessionProposal, ttl, attestation })
        return { result: true }
      }
      case 'wc_approveSession': {
        const { pairingTopic, sessionTopic, sessionProposalResponse, sessionSettlementRequest, ttl } =
          call.params
        subscribe(peer, sessionTopic)
        publish(peer, { topic: pairingTopic, message: sessionProposalResponse, ttl })
        publish(peer, { topic: sessionTopic, message: sessionSettlementRequest, ttl })
        return { result: true }
      }
    }
  }

  const http = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' }).end(NOTICE)
  })
  const server = new WebSocketServer({ server: http, maxPayload: MAX_FRAME_BYTES })

  server.on('connection', (socket, request) => {
    const peer: Peer = {
      socket,
      client: clientOf(request.url, `connection-${++connections}`),
      subscriptions: new Map(),
      unacked: new Map(),
      pushed: new WeakSet(),
    }
    logger?.info('relay: connected', { client: peer.client })
    socket.on('message', (data, isBinary) => {
      const frame = parseFrame(isBinary ? '' : data.toString())
      if (frame.kind === 'response') {
        peer.unacked.get(frame.id)?.acknowledgedBy.add(peer.client)
        peer.unacked.delete(frame.id)
        return
      }
      if (frame.kind === 'refused') {
        logger?.warn('relay: refused', { client: peer.client, error: frame.response.error.message })
        send(peer, frame.response)
        return
      }
      const { result, after } = serve(peer, frame.call)
      send(peer, { jsonrpc: '2.0', id: frame.id, result })
      after?.()
    })
    socket.on('close', () => {
      // What the client never acknowledged stays in the mailbox for its next subscription.
      for (const topic of [...peer.subscriptions.keys()]) unsubscribe(peer, topic)
      logger?.info('relay: closed', { client: peer.client })
    })
    socket.on('error', (error) =>
      logger?.warn('relay: socket error', { client: peer.client, error: error.message }),
    )
  })

  const ping = setInterval(() => {
    for (const socket of server.clients) socket.ping()
  }, PING_INTERVAL_MS)
  ping.unref()

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = http.address() as { port: number }
  return {
    url: `ws://${host}:${port}`,
    close: async () => {
      clearInterval(ping)
      for (const socket of server.clients) socket.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
