/**
 * What every route and background task of chain-api works with, built once per server by `serve.ts` (or the
 * test harness) and handed to each module.
 * @module
 */
import type { Database, Db } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import type { ChainRegistry } from './chains/registry.ts'
import type { ChainApiConfig } from './config.ts'
import type { Logger } from './logger.ts'

export type ChainApiContext = {
  /** Drizzle over PGlite or PostgreSQL; each area queries its own tables. */
  db: Db
  /** A session advisory lock on the database (the indexer's: one process indexes, the others wait). */
  tryAdvisoryLock: Database['tryAdvisoryLock']
  config: ChainApiConfig
  chains: ChainRegistry
  /** The clock; tests may move it. */
  now(): Date
  /** Never log secrets (keys, signatures, RPC URLs with credentials): the logger redacts, do not rely on it. */
  log: Logger
}

/** Hono's environment of chain-api's app: routes reach the context through `c.get('ctx')`. */
export type ChainApiEnv = { Variables: { ctx: ChainApiContext } }

/** chain-api's Hono app type. */
export type ChainApiApp = Hono<ChainApiEnv>
