/**
 * The URL of one chain API call: the endpoint's path template filled with its path params, its query, and
 * what the endpoint's `auth` requires of every call (SPEC §7: projectId, sdk type `st`, sdk version `sv`).
 * @module
 */
import type { Endpoint } from '@keyframe/protocol/chain-api/endpoint'

/** Where and as whom calls are made: the part of a chain API instance that URLs need. */
export type ChainApiTarget = {
  /** Where chain-api is reached, e.g. `http://127.0.0.1:5177`; a path prefix is kept. */
  readonly baseUrl: string
  readonly projectId: string
  /** Sent as `st`. */
  readonly sdkType: string
  /** Sent as `sv`. */
  readonly sdkVersion: string
}

/** A query value as the clients pass it; arrays are sent as comma lists (`chains=eip155:1,eip155:10`). */
export type QueryValue = string | number | boolean | bigint | readonly (string | number)[] | null | undefined

/**
 * Builds the URL of a call. `params` fill the `{name}` placeholders (URL-encoded); `query` values that are
 * undefined or null are left out.
 * @example
 * endpointUrl(api, getIdentity, { params: { address: '0x…' }, query: { sender: '0x…' } })
 */
export function endpointUrl(
  target: ChainApiTarget,
  endpoint: Pick<Endpoint, 'path' | 'auth'>,
  input: { params?: object | undefined; query?: object | undefined } = {},
): URL {
  const params = (input.params ?? {}) as Record<string, unknown>
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '')
      throw new TypeError(`${endpoint.path}: path param \`${name}\` is missing`)
    return encodeURIComponent(String(value))
  })
  // Relative to the base with a trailing slash, so a base path such as `https://host/chain` is kept.
  const base = target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`
  const url = new URL(path.replace(/^\//, ''), base)
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  if (endpoint.auth !== 'public') url.searchParams.set('projectId', target.projectId)
  if (endpoint.auth === 'project') {
    url.searchParams.set('st', target.sdkType)
    url.searchParams.set('sv', target.sdkVersion)
  }
  return url
}
