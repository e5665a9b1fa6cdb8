/**
 * A real chain-api (the core's test harness: real HTTP, a fresh PGlite database, the given dev chains) and a
 * client instance pointed at it, whose fetch records every request so tests can tell a cache hit (no request)
 * from a call.
 * @module
 */
import {
  type StartTestChainApiOptions,
  startTestChainApi,
  type TestChainApi,
} from '@keyframe/chain-api/testing'
import { type ChainApi, type ChainApiOptions, createChainApi } from '../createChainApi.ts'

export { anvilChain } from '@keyframe/chain-api/testing'

export type TestApi = {
  api: ChainApi
  server: TestChainApi
  /** Every request the client made, as `METHOD /path` (no query), in order. */
  requests: string[]
  /** Requests whose path starts with `prefix` (e.g. `GET /v1/account/`). */
  count(prefix: string): number
  close(): Promise<void>
}

/**
 * Starts chain-api with `options` and a client for its test project.
 * @example
 * const t = await startTestApi({ modules: [supportedModule] })
 * await getSupportedChains(t.api)
 * expect(t.count('GET /v1/supported-chains')).toBe(1)
 */
export async function startTestApi(
  options: StartTestChainApiOptions = {},
  client: Partial<ChainApiOptions> = {},
): Promise<TestApi> {
  const server = await startTestChainApi(options)
  const requests: string[] = []
  const api = createChainApi({
    baseUrl: server.url,
    projectId: server.project.id,
    ...client,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      requests.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`)
      return fetch(input, init)
    },
  })
  return {
    api,
    server,
    requests,
    count: (prefix) => requests.filter((r) => r.startsWith(prefix)).length,
    close: () => server.close(),
  }
}
