/**
 * Allowed dApp origins at the frame boundary (SECURITY.md §3).
 *
 * An allowed entry is an exact origin (`https://app.example.com`, `http://localhost:5173`) or an origin whose host
 * starts with one `*.` label (`https://*.example.com`). The wildcard stands for exactly ONE DNS label: it matches
 * `https://a.example.com` but not `https://a.b.example.com`, `https://example.com` or `https://evil-example.com`.
 * Scheme and port always match exactly. CSP `frame-ancestors` treats `*.` as any depth, so the frame may render in
 * a deeper subdomain, but its messages still get no answer. `*`, `null`, `file:` and other schemes, paths,
 * credentials and RegExps are refused. A wildcard base needs two labels (`*.com` is refused). The servers add
 * the deployment's rules where projects are accepted (`projectOriginCheck` of server-kit): https only, loopback
 * excepted, and no wildcard over a public suffix (`*.co.uk`, `*.github.io`); the public suffix list stays
 * out of this browser-side module.
 * @module
 */

/** Thrown when a string cannot be an origin or an allowed-origin entry. */
export class InvalidOriginError extends Error {
  override readonly name = 'InvalidOriginError'
  /** JSON-RPC invalid params. */
  readonly code = -32602
  /** The rejected value. */
  readonly value: string
  /** Why it was rejected. */
  readonly reason: string
  constructor(value: string, reason: string) {
    super(`Invalid origin ${JSON.stringify(value)}: ${reason}`)
    this.value = value
    this.reason = reason
  }
}

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/
const IPV6 = /^\[[0-9a-f:.]+\]$/
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u
/** scheme `://` optional `*.` host[:port] optional `/`; no path, query, fragment, credentials or other `*`. */
const ENTRY = /^(https?):\/\/(\*\.)?([^/?#@*\\]+)\/?$/i
const EXAMPLE = 'expected an origin such as "https://app.example.com" or "https://*.example.com"'

function isValidHostname(hostname: string): boolean {
  return IPV6.test(hostname) || hostname.split('.').every((label) => LABEL.test(label))
}

function refuseSpecialValues(value: string): void {
  if (typeof value !== 'string') throw new InvalidOriginError(String(value), 'expected a string')
  if (value === '*') throw new InvalidOriginError(value, '"*" would allow every site; list exact origins')
  if (value.trim().toLowerCase() === 'null')
    throw new InvalidOriginError(value, '"null" is the origin of sandboxed frames and local files')
  if (WHITESPACE_OR_CONTROL.test(value))
    throw new InvalidOriginError(value, 'it contains whitespace or control characters')
  if (/^file:/i.test(value))
    throw new InvalidOriginError(value, 'file: pages have no origin that can be trusted')
}

/**
 * The serialized origin (`new URL(x).origin`) of an http or https URL: lowercase host, punycode, default port
 * dropped, no path.
 * @throws {InvalidOriginError} for `*`, `null`, `file:`, any other scheme, credentials, whitespace, a host that
 * is not a domain or IP address, or a string that is not a URL.
 * @example
 * import { normalizeOrigin } from '@keyframe/protocol'
 * normalizeOrigin('HTTPS://App.Example.com:443/path') // 'https://app.example.com'
 */
export function normalizeOrigin(x: string): string {
  refuseSpecialValues(x)
  let url: URL
  try {
    url = new URL(x)
  } catch {
    throw new InvalidOriginError(x, `it is not a URL; ${EXAMPLE}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidOriginError(x, `only http: and https: origins are allowed, got ${url.protocol}`)
  if (url.username !== '' || url.password !== '')
    throw new InvalidOriginError(x, 'an origin cannot carry credentials')
  if (url.hostname.includes('*'))
    throw new InvalidOriginError(
      x,
      'a wildcard is only accepted in an allowed-origin entry, not in an origin',
    )
  if (!isValidHostname(url.hostname))
    throw new InvalidOriginError(x, 'the host is not a valid domain name or IP address')
  return url.origin
}

/**
 * Checks one allowed-origin entry and returns its canonical form (lowercase, default port dropped, no trailing
 * slash), e.g. to store it or to build `frame-ancestors`.
 * @throws {InvalidOriginError} for `*`, `null`, `file:`, paths, queries, credentials, RegExp-like text, a `*`
 * anywhere but a leading `*.` label, or a wildcard over an IP address or a single label (`*.com`).
 * @example
 * import { parseAllowedOrigin } from '@keyframe/protocol'
 * parseAllowedOrigin('https://*.Example.com/') // 'https://*.example.com'
 */
export function parseAllowedOrigin(entry: string): string {
  refuseSpecialValues(entry)
  const match = ENTRY.exec(entry)
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(entry)?.[1]?.toLowerCase()
  if (!match && scheme !== undefined && scheme !== 'http' && scheme !== 'https')
    throw new InvalidOriginError(entry, `only http: and https: origins are allowed, got ${scheme}:`)
  if (!match) throw new InvalidOriginError(entry, `${EXAMPLE}, with no path, query, fragment or credentials`)
  const [, protocol = '', wildcard, hostAndPort = ''] = match
  let origin: string
  try {
    origin = normalizeOrigin(`${protocol}://${hostAndPort}`)
  } catch (cause) {
    throw new InvalidOriginError(entry, cause instanceof InvalidOriginError ? cause.reason : EXAMPLE)
  }
  if (wildcard === undefined) return origin
  const url = new URL(origin)
  if (IPV4.test(url.hostname) || IPV6.test(url.hostname))
    throw new InvalidOriginError(entry, 'a wildcard cannot stand for part of an IP address')
  if (!url.hostname.includes('.'))
    throw new InvalidOriginError(
      entry,
      'a wildcard needs a base domain of at least two labels, e.g. *.example.com',
    )
  return `${url.protocol}//*.${url.host}`
}

type Pattern = { exact: string } | { protocol: string; port: string; base: string }

function compile(entry: string): Pattern {
  const canonical = parseAllowedOrigin(entry)
  if (!canonical.includes('://*.')) return { exact: canonical }
  const url = new URL(canonical.replace('://*.', '://'))
  return { protocol: url.protocol, port: url.port, base: url.hostname }
}

function matches(origin: string, patterns: readonly Pattern[]): boolean {
  // Only a serialized origin (what MessageEvent.origin holds) is compared; anything else is refused.
  let canonical: string
  try {
    canonical = normalizeOrigin(origin)
  } catch {
    return false
  }
  if (canonical !== origin) return false
  const url = new URL(origin)
  return patterns.some((pattern) => {
    if ('exact' in pattern) return pattern.exact === origin
    if (url.protocol !== pattern.protocol || url.port !== pattern.port) return false
    const suffix = `.${pattern.base}`
    if (!url.hostname.endsWith(suffix)) return false
    const label = url.hostname.slice(0, -suffix.length)
    return label !== '' && !label.includes('.')
  })
}

/**
 * Whether `origin` (a serialized origin, as in `MessageEvent.origin`) is allowed by one of `allowed`.
 * Comparison is exact; a `*.` entry matches exactly one extra label. An origin that is not already serialized
 * (uppercase, a path, a default port) is refused, and entries that are not valid are skipped (fail closed):
 * validate configuration with {@link parseAllowedOrigin} or {@link createOriginMatcher}.
 * @example
 * import { isOriginAllowed } from '@keyframe/protocol'
 * isOriginAllowed('https://a.example.com', ['https://*.example.com']) // true
 */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  const patterns: Pattern[] = []
  for (const entry of allowed) {
    try {
      patterns.push(compile(entry))
    } catch {
      // An invalid entry allows nothing.
    }
  }
  return matches(origin, patterns)
}

/**
 * Checks every entry once and returns a predicate like {@link isOriginAllowed} for that list.
 * @throws {InvalidOriginError} for the first invalid entry.
 * @example
 * import { createOriginMatcher } from '@keyframe/protocol'
 * const isAllowed = createOriginMatcher(['http://localhost:5173'])
 * isAllowed('http://localhost:5173') // true
 */
export function createOriginMatcher(allowed: readonly string[]): (origin: string) => boolean {
  const patterns = allowed.map(compile)
  return (origin) => matches(origin, patterns)
}
