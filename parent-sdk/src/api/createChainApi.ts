/**
 * A chain API instance: where chain-api is, as which project and SDK calls are made, the fetch to use, and
 * the cache its calls share. The typed calls (`getBalance(api, …)`, `getWallets(api, …)` …) take it first.
 * @module
 */
import type { Endpoint } from '@keyframe/protocol/chain-api/endpoint'
import { SDK_VERSION } from '../version.ts'
import { type RequestArgs, type ResponseOf, request } from './request.ts'
import { createTtlCache, type TtlCache } from './ttlCache.ts'

export type ChainApiOptions = {
  /** Where chain-api is reached, e.g. `https://chain.example.com` (a path prefix is kept). */
  baseUrl: string
  /** The project id sent with every call. */
  projectId: string
  /** Sent as `st`. Default `'keyframe'`. */
  sdkType?: string
  /** Sent as `sv`. Default the SDK's version. */
  sdkVersion?: string
  /** Default: the global `fetch`, read at call time. */
  fetch?: typeof fetch
  /** Clock of the cache, in ms (tests move it). Default `Date.now`. */
  now?: () => number
}

export type ChainApi = {
  readonly baseUrl: string
  readonly projectId: string
  readonly sdkType: string
  readonly sdkVersion: string
  readonly fetch: typeof fetch | undefined
  /** The cache the instance's calls share (SPEC §9 lifetimes). */
  readonly cache: TtlCache
  /** Calls any endpoint of `@keyframe/protocol/chain-api/*` and resolves with its checked answer. */
  request<E extends Endpoint>(endpoint: E, ...args: RequestArgs<E>): Promise<ResponseOf<E>>
}

/**
 * Creates a chain API instance.
 * @example
 * import { createChainApi } from './api/createChainApi.ts'
 * import { getSupportedChains } from './api/getSupportedChains.ts'
 * const api = createChainApi({ baseUrl: 'http://127.0.0.1:5177', projectId: 'dev' })
 * const { http } = await getSupportedChains(api)
 */
export function createChainApi(options: ChainApiOptions): ChainApi {
  const api: ChainApi = {
    baseUrl: options.baseUrl,
    projectId: options.projectId,
    sdkType: options.sdkType ?? 'keyframe',
    sdkVersion: options.sdkVersion ?? SDK_VERSION,
    fetch: options.fetch,
    cache: createTtlCache(options.now ? { now: options.now } : {}),
    request: (endpoint, ...args) => request(api, endpoint, ...args),
  }
  return api
}
