/**
 * POSTs JSON to the chains' nodes and bundlers over one pool of keep-alive connections per process.
 * `node:http` with a keep-alive Agent rather than `fetch`: on the gateway's hot path (a few hundred bytes
 * each way to a node on the same network) fetch's streams cost more than the call itself.
 * @module
 */
import http from 'node:http'
import https from 'node:https'

export type UpstreamAnswer = { status: number; contentType: string; body: string }

/**
 * The upstream could not be reached, did not answer in time, or answered too much. The message never holds
 * the URL: node URLs often carry a provider's key.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError' as const
}

export type Upstream = {
  /** POSTs `body` (JSON text) to `url` and reads the whole answer. Throws UpstreamError. */
  post(url: string, body: string): Promise<UpstreamAnswer>
  /** Closes the pooled connections. */
  close(): void
}

export type UpstreamOptions = {
  /** Per request, from sending to the last byte of the answer (default 30 s). */
  timeoutMs?: number
  /** Connections per upstream host (default 64). */
  maxSockets?: number
  /** Largest answer read (default 32 MiB: an eth_getLogs over a wide range); larger → UpstreamError. */
  maxAnswerBytes?: number
}

/**
 * A pool of keep-alive connections to upstream JSON-RPC servers.
 * @example
 * const upstream = createUpstream()
 * const answer = await upstream.post(chain.rpcUrl, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
 */
export function createUpstream(options: UpstreamOptions = {}): Upstream {
  const timeoutMs = options.timeoutMs ?? 30_000
  const maxAnswerBytes = options.maxAnswerBytes ?? 32 * 1024 * 1024
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
    maxFreeSockets: options.maxSockets ?? 64,
    // Reuse the most recently used connection: the one least likely to have been closed by the server.
    scheduling: 'lifo' as const,
  }
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) }
  const urls = new Map<string, URL>()

  const send = (target: URL, body: string, retried: boolean): Promise<UpstreamAnswer> =>
    new Promise((resolve, reject) => {
      const secure = target.protocol === 'https:'
      const request = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
        },
      })
      let settled = false
      // Settles once; a connection given up on is destroyed without an error of its own, so the only
      // error anyone sees is the one settled here (the listeners below stay to swallow late ones).
      const settle = (outcome: () => void, giveUp = false) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        outcome()
        if (giveUp) request.destroy()
      }
      const timer = setTimeout(
        () => settle(() => reject(new UpstreamError('Upstream timed out')), true),
        timeoutMs,
      )
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A pooled connection the server closed while idle fails on first use; Node's documented remedy is
        // to send again on a fresh one (once). Resending is harmless for what passes here: reads, and raw
        // transactions, which a node accepts only once by hash.
        if (!settled && !retried && request.reusedSocket && error.code === 'ECONNRESET') {
          settled = true
          clearTimeout(timer)
          send(target, body, true).then(resolve, reject)
          return
        }
        settle(() => reject(new UpstreamError(`Upstream unreachable: ${error.code ?? 'connection failed'}`)))
      })
      request.on('response', (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxAnswerBytes)
            settle(() => reject(new UpstreamError('Upstream answer too large')), true)
          else chunks.push(chunk)
        })
        response.on('error', () => settle(() => reject(new UpstreamError('Upstream answer cut off'))))
        response.on('end', () =>
          settle(() =>
            resolve({
              status: response.statusCode ?? 502,
              contentType: response.headers['content-type'] ?? '',
              body: Buffer.concat(chunks, size).toString('utf8'),
            }),
          ),
        )
      })
      request.end(body)
    })

  return {
    post(url, body) {
      let target = urls.get(url)
      if (!target) {
        target = new URL(url)
        urls.set(url, target)
      }
      return send(target, body, false)
    },
    close() {
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}
