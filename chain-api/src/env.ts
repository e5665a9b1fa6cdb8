/**
 * chain-api's configuration from the environment (`main.ts`). In production (`NODE_ENV=production`) it refuses
 * to start without what a deployment needs and refuses the dev-only sandbox key; in development it fills the
 * gaps (PGlite in `chain-api/.data/pglite`, a `dev` project for the demo dApp, the dev price table, anvil's
 * account #9 paying sandbox purchases).
 * @module
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { devPrices } from './chains/devChains.ts'
import { type ChainApiConfig, type ChainInput, createConfig, type ProjectInput } from './config.ts'

export type ChainApiEnvConfig = {
  production: boolean
  port: number
  host: string
  databaseUrl: string | undefined
  /** PGlite folder when there is no `databaseUrl`. */
  pgliteDir: string
  config: ChainApiConfig
}

export const DEFAULT_PORT = 5177
export const DEFAULT_PGLITE_DIR = fileURLToPath(new URL('../.data/pglite', import.meta.url))
/** What `NODE_ENV=production` refuses to start without (PROJECTS or KEYFRAME_PROJECTS_FILE for the projects). */
export const PRODUCTION_REQUIRED = ['DATABASE_URL', 'PUBLIC_URL', 'CHAINS'] as const
/** The demo dApp's origins (devstack serves it on 5173). */
export const DEV_PROJECT: ProjectInput = {
  id: 'dev',
  allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
}
/**
 * Anvil's well-known dev account #9 (mnemonic `test test … junk`, public knowledge): pays sandbox purchases in
 * development. Address 0xa0Ee7A142d267C1f36714E4a8F75612F20a79720.
 */
export const DEV_ONRAMP_SANDBOX_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

/** Thrown when the environment cannot run chain-api; lists every problem at once, never a value. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Cannot start chain-api:\n  ${problems.join('\n  ')}`)
    this.problems = problems
  }
}

/**
 * Reads and checks the environment.
 * @throws ConfigError listing every missing or invalid variable.
 * @example
 * const { port, config } = loadChainApiEnv(process.env)
 */
export function loadChainApiEnv(
  env: NodeJS.ProcessEnv = process.env,
  options: { readFile?: (path: string) => string } = {},
): ChainApiEnvConfig {
  const production = env.NODE_ENV === 'production'
  const read = options.readFile ?? ((path: string) => readFileSync(path, 'utf8'))
  const problems: string[] = []
  if (production) {
    for (const name of PRODUCTION_REQUIRED) if (!env[name]) problems.push(`${name} is required in production`)
    if (!env.PROJECTS && !env.KEYFRAME_PROJECTS_FILE)
      problems.push('PROJECTS or KEYFRAME_PROJECTS_FILE is required in production')
    if (env.ONRAMP_SANDBOX_KEY)
      problems.push('ONRAMP_SANDBOX_KEY is for development only (it pays test funds)')
  }

  const port = Number(env.PORT ?? DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT must be a port number')

  let publicUrl: string | undefined
  if (env.PUBLIC_URL) {
    try {
      const url = new URL(env.PUBLIC_URL)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') problems.push('PUBLIC_URL must be http(s)')
      else if (production && url.protocol !== 'https:')
        problems.push('PUBLIC_URL must be https in production')
      if (url.search || url.hash || url.username || url.password)
        problems.push('PUBLIC_URL must not have a query, fragment or credentials')
      publicUrl = `${url.origin}${url.pathname}`.replace(/\/+$/, '')
    } catch {
      problems.push('PUBLIC_URL is not a URL')
    }
  }

  // JSON variables: named in the problem, never echoed (CHAINS may hold RPC URLs with provider keys).
  const json = <T>(name: string, text: string | undefined, fallback: T): T => {
    if (text === undefined || text.trim() === '') return fallback
    try {
      return JSON.parse(text) as T
    } catch {
      problems.push(`${name} is not valid JSON`)
      return fallback
    }
  }
  const chains = json<unknown>('CHAINS', env.CHAINS, [])
  if (!Array.isArray(chains)) problems.push('CHAINS must be a JSON array of chains')

  let projects: unknown = json<unknown>('PROJECTS', env.PROJECTS, undefined)
  if (env.KEYFRAME_PROJECTS_FILE) {
    let text: string | undefined
    try {
      text = read(env.KEYFRAME_PROJECTS_FILE)
    } catch {
      problems.push('KEYFRAME_PROJECTS_FILE cannot be read')
    }
    const parsed = json<unknown>('KEYFRAME_PROJECTS_FILE', text, [])
    // The frame server's file (`{ "projects": [...] }`) works as it is, so one file can configure both.
    const fromFile =
      parsed !== null && typeof parsed === 'object' && 'projects' in parsed ? parsed.projects : parsed
    // PROJECTS and the file add up; the file wins for the ids it lists.
    if (Array.isArray(fromFile)) {
      const ids = new Set(fromFile.map((p: { id?: unknown }) => p?.id))
      projects = [
        ...(Array.isArray(projects) ? projects : []).filter((p: { id?: unknown }) => !ids.has(p?.id)),
        ...fromFile,
      ]
    } else problems.push('KEYFRAME_PROJECTS_FILE must hold a JSON array of projects or { "projects": [...] }')
  }
  if (projects !== undefined && !Array.isArray(projects))
    problems.push('PROJECTS must be a JSON array of projects')
  const projectList = Array.isArray(projects) ? (projects as ProjectInput[]) : production ? [] : [DEV_PROJECT]

  const prices = json<unknown>('PRICES', env.PRICES, undefined)
  if (prices !== undefined && (typeof prices !== 'object' || prices === null || Array.isArray(prices)))
    problems.push('PRICES must be a JSON object of CAIP-19-like keys to USD numbers')

  const sandboxKey = env.ONRAMP_SANDBOX_KEY || (production ? undefined : DEV_ONRAMP_SANDBOX_KEY)
  if (sandboxKey && !/^0x[0-9a-fA-F]{64}$/.test(sandboxKey))
    problems.push('ONRAMP_SANDBOX_KEY must be a 0x-prefixed 32-byte hex private key')

  let analyticsEnabled = false
  if (env.ANALYTICS_ENABLED !== undefined && env.ANALYTICS_ENABLED !== '') {
    if (!/^(true|false|1|0)$/.test(env.ANALYTICS_ENABLED))
      problems.push('ANALYTICS_ENABLED must be true or false')
    analyticsEnabled = /^(true|1)$/.test(env.ANALYTICS_ENABLED)
  }

  let pollIntervalMs: number | undefined
  if (env.INDEXER_POLL_INTERVAL_MS) {
    pollIntervalMs = Number(env.INDEXER_POLL_INTERVAL_MS)
    if (!Number.isInteger(pollIntervalMs) || pollIntervalMs < 10)
      problems.push('INDEXER_POLL_INTERVAL_MS must be an integer ≥ 10')
  }

  if (problems.length > 0) throw new ConfigError(problems)
  const chainList = chains as ChainInput[]
  let config: ChainApiConfig
  try {
    config = createConfig({
      ...(publicUrl ? { publicUrl } : { publicUrl: `http://${hostForUrl(env.HOST)}:${port}` }),
      chains: chainList,
      projects: projectList,
      prices: (prices as Record<string, number> | undefined) ?? (production ? {} : devPrices(chainList)),
      spamContracts: (env.SPAM_CONTRACTS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      ...(env.NAME_SUFFIX ? { nameSuffix: env.NAME_SUFFIX } : {}),
      ...(sandboxKey ? { onrampSandbox: { privateKey: sandboxKey as `0x${string}` } } : {}),
      analyticsEnabled,
      ...(pollIntervalMs ? { indexer: { pollIntervalMs } } : {}),
    })
  } catch (error) {
    // createConfig names the field and the entry id, never a URL or key.
    throw new ConfigError([error instanceof Error ? error.message : String(error)])
  }
  return {
    production,
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || DEFAULT_PGLITE_DIR,
    config,
  }
}

function hostForUrl(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}
