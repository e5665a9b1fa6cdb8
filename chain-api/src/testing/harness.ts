/**
 * A real chain-api for tests: a fresh database (PGlite in memory, or a new PostgreSQL database), the given
 * dev chains configured with their tokens, Uniswap addresses and dev prices, one test project, and a real
 * HTTP server on a free port. `get` / `post` send what the SDK sends: projectId, st, sv and the test
 * project's Origin.
 * @module
 */
import type { Backend } from '@keyframe/server-kit/testing'
import { createTestDatabase } from '@keyframe/server-kit/testing'
import { chainFromDevChain, type DevChainLike, devPrices } from '../chains/devChains.ts'
import { type ChainApiConfigInput, createConfig } from '../config.ts'
import type { ChainApiContext } from '../context.ts'
import { type Logger, silentLogger } from '../logger.ts'
import type { ChainApiModule } from '../module.ts'
import { allModules, openChainApiDatabase, type StartChainApiOptions, startChainApi } from '../serve.ts'

/**
 * A bare anvil as a dev chain: ether only unless `tokens` are given (e.g. those `deployDevContracts` deployed).
 * @example
 * const api = await startTestChainApi({ chains: [anvilChain(anvil.rpcUrl)], modules: [namesModule] })
 */
export function anvilChain(
  rpcUrl: string,
  { chainId = 31337, tokens = [] }: { chainId?: number; tokens?: DevChainLike['tokens'] } = {},
): DevChainLike {
  return {
    chainId,
    name: 'Keyframe Local',
    rpcUrl,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens,
  }
}

/** The project every harness request carries (unless `config.projects` says otherwise: then its first). */
export const TEST_PROJECT = { id: 'test-project', origin: 'https://dapp.test' } as const
/** What the harness sends as `st` / `sv`. */
export const TEST_SDK = { type: 'keyframe', version: '0.1.0' } as const

/** Query values: `undefined` drops a key (also a default one, e.g. `{ projectId: undefined }`). */
export type TestQuery = Record<string, string | number | boolean | undefined>
/** `origin: null` sends no Origin (server-to-server); a string sends that one instead of the project's. */
export type TestInit = { origin?: string | null; headers?: Record<string, string> }

export type TestChainApi = {
  url: string
  ctx: ChainApiContext
  project: { id: string; origin: string }
  /** GET `path` (a path template already filled in) with projectId, st, sv, Origin, then `query`. */
  get(path: string, query?: TestQuery, init?: TestInit): Promise<Response>
  /** POST `body` as JSON (a string is sent as it is, to test malformed bodies). */
  post(path: string, body: unknown, query?: TestQuery, init?: TestInit): Promise<Response>
  close(): Promise<void>
}

export type StartTestChainApiOptions = {
  /** Default `pglite` (in memory). `postgres` needs TEST_DATABASE_URL (see `testBackends()`). */
  backend?: Backend
  /** Started by the test with `startChains()` from devstack (default: no chains). */
  chains?: readonly DevChainLike[]
  /** Overrides; `chains` here replace the dev chains, `prices` are merged over the dev prices. */
  config?: ChainApiConfigInput
  /** Default: every area. Pass only yours to keep a test small. */
  modules?: readonly ChainApiModule[]
  /**
   * Reuse data across restarts: a PGlite folder or a PostgreSQL URL (not dropped on close). Overrides
   * `backend`. Default: a fresh database, dropped on close.
   */
  database?: { dataDir: string } | { url: string }
  /** Start the modules' background work (the indexer). Default false: tests call `syncOnce` themselves. */
  background?: boolean
  /** Default: silent. */
  logger?: Logger
  now?: () => Date
}

function buildUrl(base: string, path: string, defaults: TestQuery, query: TestQuery): string {
  const url = new URL(path, base)
  for (const [key, value] of Object.entries({ ...defaults, ...query })) {
    if (value === undefined) url.searchParams.delete(key)
    else url.searchParams.set(key, String(value))
  }
  return url.href
}

/**
 * Starts chain-api for one test file or test.
 * @example
 * const chains = await startChains()
 * const api = await startTestChainApi({ chains: chains.chains, modules: [historyModule] })
 * const res = await api.get(`/v1/account/${DEV_ACCOUNTS[0]}/history`, { chainId: 'eip155:31337' })
 * await api.close(); await chains.close()
 */
export async function startTestChainApi(options: StartTestChainApiOptions = {}): Promise<TestChainApi> {
  const devChains = options.chains ?? []
  const overrides = options.config ?? {}
  const chains = devChains.map(chainFromDevChain)
  const config = createConfig({
    ...overrides,
    chains: overrides.chains ?? chains,
    prices: { ...devPrices(chains), ...overrides.prices },
    projects: overrides.projects ?? [
      {
        id: TEST_PROJECT.id,
        allowedOrigins: [TEST_PROJECT.origin],
        rpcRateLimit: { max: 100_000, windowMs: 1000 },
      },
    ],
  })
  const first = config.projects[0]
  const project = first
    ? { id: first.id, origin: first.allowedOrigins[0] ?? TEST_PROJECT.origin }
    : { ...TEST_PROJECT }
  const modules = options.modules ?? (await allModules())
  const start = (database: StartChainApiOptions['database']) =>
    startChainApi({
      config,
      modules,
      database,
      background: options.background ?? false,
      // Links the server builds (sandbox pages, images) point at this very server unless a test says otherwise.
      selfPublicUrl: overrides.publicUrl === undefined,
      logger: options.logger ?? silentLogger,
      ...(options.now ? { now: options.now } : {}),
    })

  let close: () => Promise<void>
  let api: Awaited<ReturnType<typeof start>>
  if (options.database) {
    api = await start(options.database)
    close = api.close
  } else {
    const database = await createTestDatabase(options.backend ?? 'pglite', (url) =>
      openChainApiDatabase(url ? { url } : { dataDir: 'memory://' }, modules),
    )
    try {
      api = await start(database)
    } catch (error) {
      await database.close()
      throw error
    }
    close = async () => {
      await api.close()
      await database.close()
    }
  }

  const defaults: TestQuery = { projectId: project.id, st: TEST_SDK.type, sv: TEST_SDK.version }
  const headersOf = (init: TestInit | undefined, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extra, ...init?.headers }
    const origin = init?.origin === undefined ? project.origin : init.origin
    if (origin !== null) headers.Origin = origin
    return headers
  }
  return {
    url: api.url,
    ctx: api.ctx,
    project,
    get: (path, query = {}, init) =>
      fetch(buildUrl(api.url, path, defaults, query), { headers: headersOf(init) }),
    post: (path, body, query = {}, init) =>
      fetch(buildUrl(api.url, path, defaults, query), {
        method: 'POST',
        headers: headersOf(init, { 'Content-Type': 'application/json' }),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close,
  }
}
