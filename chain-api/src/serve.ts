/**
 * Starts chain-api: opens (and migrates) the database for the given modules, builds the context, serves the
 * app, and starts the modules' background work. Used by `main.ts`, devstack and the test harness.
 * @module
 */
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { type Database, openDatabase, SERVER_TIMEOUTS } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import { createChainApiApp } from './app.ts'
import { createChainRegistry } from './chains/registry.ts'
import type { ChainApiConfig } from './config.ts'
import type { ChainApiContext, ChainApiEnv } from './context.ts'
import { createLogger, type Logger } from './logger.ts'
import { type ChainApiModule, checkModules, moduleMigrations } from './module.ts'

export type StartChainApiOptions = {
  config: ChainApiConfig
  /** 0 picks a free port (default 0). */
  port?: number
  /** Default `127.0.0.1`. */
  hostname?: string
  /**
   * Where the data lives: `{ url }` PostgreSQL, `{ dataDir }` PGlite (`memory://` for a throwaway one), or an
   * already opened and migrated database (kept open on close). Default: in-memory PGlite.
   */
  database?: { url?: string; dataDir?: string } | Database
  /**
   * Use the URL it listens on as `config.publicUrl` (devstack and tests with port 0, where the URL is only
   * known once listening). Default false.
   */
  selfPublicUrl?: boolean
  /** Default: every area (`MODULES` of `modules.ts`). */
  modules?: readonly ChainApiModule[]
  /** Start each module's background work (the indexer). Default true. */
  background?: boolean
  /** Default: JSON lines on stderr with `source: 'chain-api'`. */
  logger?: Logger
  /** The clock (tests). */
  now?: () => Date
}

export type ChainApi = {
  /** Where it listens, e.g. `http://127.0.0.1:5177` (no trailing slash). */
  url: string
  ctx: ChainApiContext
  database: Database
  /** The Hono app (its `routes` list what is mounted). */
  app: Hono<ChainApiEnv>
  /** Stops the background work, the server and (unless it was given open) the database. */
  close(): Promise<void>
}

function isOpen(database: StartChainApiOptions['database']): database is Database {
  return database !== undefined && 'db' in database
}

/**
 * Every area, imported on demand: a test that passes only its own modules does not load (or depend on the
 * health of) the other areas' code.
 */
export async function allModules(): Promise<readonly ChainApiModule[]> {
  return (await import('./modules.ts')).MODULES
}

/** The database for `modules` (default: every area) with their migrations applied. */
export async function openChainApiDatabase(
  where: { url?: string; dataDir?: string },
  modules?: readonly ChainApiModule[],
): Promise<Database> {
  modules ??= await allModules()
  checkModules(modules)
  return openDatabase(
    { ...(where.url ? { url: where.url } : {}), dataDir: where.dataDir ?? 'memory://' },
    { schema: {}, migrations: moduleMigrations(modules) },
  )
}

/**
 * Starts chain-api.
 * @throws Error when the modules clash, the database cannot be opened or migrated, or the port is taken;
 *   nothing keeps running then.
 * @example
 * const api = await startChainApi({ config: createConfig({ chains, projects }), port: 5177 })
 * console.log(api.url)
 */
export async function startChainApi(options: StartChainApiOptions): Promise<ChainApi> {
  const modules = options.modules ?? (await allModules())
  checkModules(modules)
  const log = options.logger ?? createLogger({ base: { source: 'chain-api' } })
  const given = isOpen(options.database) ? options.database : undefined
  const database =
    given ?? (await openChainApiDatabase(isOpen(options.database) ? {} : (options.database ?? {}), modules))
  const closeDatabase = async () => {
    if (!given) await database.close()
  }

  // Listen first so that a port of 0 is known before the context is built (`selfPublicUrl`); no request
  // reaches the app before this function returns the URL.
  let app: ReturnType<typeof createChainApiApp> | undefined
  const hostname = options.hostname ?? '127.0.0.1'
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      {
        fetch: (request, env) => (app ? app.fetch(request, env) : new Response('Starting', { status: 503 })),
        port: options.port ?? 0,
        hostname,
        // A request whose headers or body never arrive is closed (408) after a few seconds.
        serverOptions: SERVER_TIMEOUTS,
      },
      () => {
        s.off('error', reject)
        resolve(s as Server)
      },
    ) as Server
    s.once('error', reject)
  }).catch(async (error: unknown) => {
    await closeDatabase()
    throw error
  })
  const closeServer = () =>
    new Promise<void>((done, failed) => {
      server.close((error) => (error ? failed(error) : done()))
      server.closeAllConnections()
    })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`

  const config = options.selfPublicUrl ? { ...options.config, publicUrl: url } : options.config
  const ctx: ChainApiContext = {
    db: database.db,
    tryAdvisoryLock: database.tryAdvisoryLock,
    config,
    chains: createChainRegistry(config.chains),
    now: options.now ?? (() => new Date()),
    log,
  }
  const stops: (() => Promise<void>)[] = []
  const stopAll = async () => {
    const stopped = await Promise.allSettled(stops.map((stop) => stop()))
    for (const s of stopped)
      if (s.status === 'rejected') log.warn('chain-api: stop failed', { error: s.reason })
  }
  try {
    app = createChainApiApp({ ctx, modules, ping: database.ping })
    if (options.background ?? true) for (const m of modules) if (m.start) stops.push(m.start(ctx))
  } catch (error) {
    await stopAll()
    await closeServer()
    await closeDatabase()
    throw error
  }
  log.info('chain-api: started', {
    url,
    publicUrl: config.publicUrl,
    chains: config.chains.map((c) => c.caip2),
    modules: modules.map((m) => m.name),
  })
  let closing: Promise<void> | undefined
  const mounted = app
  return {
    url,
    ctx,
    database,
    app: mounted,
    close() {
      closing ??= (async () => {
        await stopAll()
        await closeServer()
        await closeDatabase()
      })()
      return closing
    },
  }
}
