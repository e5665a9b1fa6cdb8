/**
 * One area of chain-api (gateway, history, balances, …): its routes, its tables' migrations and its
 * background work. `modules.ts` lists them; `serve.ts` migrates, mounts and starts them in that order.
 * @module
 */
import type { Migrations } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from './context.ts'

export type { ChainApiContext, ChainApiEnv } from './context.ts'

export type ChainApiModule = {
  /** Short and unique, e.g. `history` (logs, errors). */
  name: string
  /** Registers the area's endpoints with `route(app, endpoint, handler)` from `http/route.ts`. */
  routes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void
  /** `{ folder: fileURLToPath(new URL('./drizzle', import.meta.url)), table: '__drizzle_migrations_<area>' }`. */
  migrations?: Migrations
  /** Background work (the indexer); returns its stop function, awaited on close. */
  start?(ctx: ChainApiContext): () => Promise<void>
}

/** The migration folders of `modules`, in order (tables of different areas never reference each other). */
export function moduleMigrations(modules: readonly ChainApiModule[]): Migrations[] {
  return modules.flatMap((m) => (m.migrations ? [m.migrations] : []))
}

/**
 * Checks that module names and migration tables are unique, so that two areas never share bookkeeping.
 * @throws Error naming the duplicate.
 */
export function checkModules(modules: readonly ChainApiModule[]): void {
  const names = new Set<string>()
  const tables = new Set<string>()
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`Duplicate chain-api module: ${m.name}`)
    names.add(m.name)
    if (!m.migrations) continue
    if (tables.has(m.migrations.table)) throw new Error(`Duplicate migrations table: ${m.migrations.table}`)
    tables.add(m.migrations.table)
  }
}
