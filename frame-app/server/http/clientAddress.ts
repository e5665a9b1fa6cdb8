/**
 * Who is calling, for the per-client limits on login (SECURITY.md §2): the connection's peer address, or,
 * behind proxies the operator declares (`TRUSTED_PROXY_HOPS`), the address the nearest of them saw. A
 * client-sent `X-Forwarded-For` is never believed otherwise: anyone can write one.
 * @module
 */
import { isIP } from 'node:net'
import type { Context } from 'hono'

/** The peer of the socket under the request, as `@hono/node-server` hands it over in `c.env`. */
function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress
}

/**
 * The client's address as a limit key: IPv4 as is, IPv6 as its /64 (one host usually holds a whole /64),
 * `unknown` when there is none (an in-process request).
 * @param trustedProxyHops How many proxies of the operator's own append to `X-Forwarded-For` (0: none; the
 *   socket's peer is the client). With 1, the client is the last entry the nearest proxy appended.
 * @example
 * clientAddress(c, 0) // '203.0.113.7', or '2001:db8:1:2::/64'
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  let address = peerAddress(c)
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim())
    const entry =
      forwarded.length >= trustedProxyHops ? forwarded[forwarded.length - trustedProxyHops] : undefined
    // A chain shorter than the declared proxies reached us around them: key it by the peer.
    if (entry && isIP(entry)) address = entry
  }
  return address ? limitKey(address) : 'unknown'
}

function limitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (isIP(address) !== 6) return address
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight hextets of an IPv6 address (zone and embedded IPv4 tails are rare here and end up in the host half). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? ['']
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill('0')
  return [...left, ...zeros, ...right].map((hextet) => hextet.replace(/^0+(?=.)/, '').toLowerCase())
}
