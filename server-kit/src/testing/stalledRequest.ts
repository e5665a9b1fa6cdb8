/**
 * A client that starts a request and never finishes it (a slow-loris): for tests of the servers' request
 * timeouts.
 * @module
 */
import { connect } from 'node:net'

export type Stalled = {
  /** What the server wrote before closing (e.g. `HTTP/1.1 408 Request Timeout…`), or '' for nothing. */
  answer: string
  /** From the first byte sent to the server closing the connection. */
  ms: number
}

export type StalledOptions = {
  /** Default `application/json`. */
  contentType?: string
  /** Default 30 s. */
  giveUpMs?: number
}

/**
 * POSTs to `path` on `url`'s host with `Content-Length: 100`, sends 10 bytes of the body and waits, without
 * ever closing its side, until the server closes the connection (or `giveUpMs` passes: then rejects).
 * @example
 * const { answer, ms } = await stalledRequest('http://127.0.0.1:5174', '/api/auth/email/start')
 */
export function stalledRequest(
  url: string,
  path: string,
  { contentType = 'application/json', giveUpMs = 30_000 }: StalledOptions = {},
): Promise<Stalled> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) })
    let answer = ''
    let started = 0
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server still held the connection after ${giveUpMs} ms`))
    }, giveUpMs)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ answer, ms: performance.now() - started })
    })
    socket.on('connect', () => {
      started = performance.now()
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: 100\r\n\r\n{"a":"xxx"`,
      )
    })
  })
}
