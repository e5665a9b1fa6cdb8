/**
 * The server's configuration from the environment. In production (`NODE_ENV=production`) it refuses to start
 * without what a safe deployment needs; in development it fills the gaps (PGlite, dropped mail, secrets
 * generated once into frame-app/.data/dev-secrets.json).
 * @module
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type FarcasterConfig, parseFarcasterConfig } from './auth/farcaster/config.ts'
import { type AddableChain, type FrameChain, parseAddableChains, parseChains } from './chains.ts'
import type { Project } from './config.ts'
import { type KeyRef, parseKey, parseKeyId, type ServerSecrets } from './crypto/keys.ts'
import { parseFrom } from './mail/createMailer.ts'

export type ServerConfig = {
  production: boolean
  port: number
  host: string
  /** Where the frame is reached (`https://wallet.example.com`); mail links and cookie mode derive from it. */
  publicUrl: string | undefined
  databaseUrl: string | undefined
  /** PGlite folder when there is no `databaseUrl`. */
  pgliteDir: string | undefined
  smtpUrl: string | undefined
  mailFrom: string | undefined
  secrets: ServerSecrets
  adminToken: string | undefined
  /** `ACCESS_LOG=1`: one log line per API call (no query strings, bodies or headers). */
  accessLog: boolean
  /** A projects JSON file imported at start. */
  projectsFile: string | undefined
  /** `CHAINS`: the chains the frame signs and proxies for, a JSON array of {@link FrameChain} (default []). */
  chains: FrameChain[]
  /**
   * `ADDABLE_CHAINS`: which chains a dApp may add with wallet_addEthereumChain, a JSON array of
   * `{ rpcOrigin, chainIds? }` (default []: none).
   */
  addableChains: AddableChain[]
  /** `TRUSTED_PROXY_HOPS`: proxies of the operator's own that append to `X-Forwarded-For` (default 0). */
  trustedProxyHops: number
  /**
   * Sign In With Farcaster, on once `FARCASTER_RPC_URL` (an Optimism JSON-RPC) is set: `FARCASTER_RELAY_URL`
   * (default Farcaster's relay) and `FARCASTER_ID_REGISTRY` (default Farcaster's IdRegistry on Optimism).
   */
  farcaster: FarcasterConfig | undefined
  /** `SOCIAL_REDIRECT_FALLBACK=1`: a social login may come back by full-page redirect (auth/social/FLOW.md). */
  socialRedirectFallback: boolean
}

/** Farcaster's own auth relay and IdRegistry (on Optimism): the defaults of the FARCASTER_* variables. */
export const FARCASTER_DEFAULTS = {
  relayUrl: 'https://relay.farcaster.xyz',
  idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
} as const

/** Where development secrets are kept between runs (gitignored). */
export const DEV_SECRETS_FILE = fileURLToPath(new URL('../.data/dev-secrets.json', import.meta.url))

/** What `NODE_ENV=production` refuses to start without (the operator recovery key is checked per project). */
export const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'KEK',
  'OTP_PEPPER',
  'PUBLIC_URL',
] as const

/** Thrown when the environment cannot run the server; lists every problem at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Cannot start the frame server:\n  ${problems.join('\n  ')}`)
    this.problems = problems
  }
}

function devSecrets(file: string): { kek: string; pepper: string; operator: string } {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  const secrets = {
    kek: randomBytes(32).toString('base64'),
    pepper: randomBytes(32).toString('base64'),
    operator: randomBytes(32).toString('base64'),
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  return secrets
}

/**
 * Reads and checks the environment.
 * @throws ConfigError listing every missing or invalid variable (values are never echoed).
 */
export function loadServerConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { devSecretsFile?: string } = {},
): ServerConfig {
  const production = env.NODE_ENV === 'production'
  const problems: string[] = []
  if (production)
    for (const name of PRODUCTION_REQUIRED) if (!env[name]) problems.push(`${name} is required in production`)

  const port = Number(env.PORT ?? 5174)
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT must be a port number')

  let publicUrl: string | undefined
  if (env.PUBLIC_URL) {
    try {
      const url = new URL(env.PUBLIC_URL)
      if (url.pathname !== '/' || url.search || url.hash)
        problems.push('PUBLIC_URL must be an origin (no path)')
      if (production && url.protocol !== 'https:') problems.push('PUBLIC_URL must be https in production')
      publicUrl = url.origin
    } catch {
      problems.push('PUBLIC_URL is not a URL')
    }
  }

  // Named, never echoed: the URL may hold a password.
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL')
  if (env.MAIL_FROM) {
    try {
      parseFrom(env.MAIL_FROM)
    } catch {
      problems.push('MAIL_FROM must be an address (`no-reply@example.com` or `Name <no-reply@example.com>`)')
    }
  }

  const fallback = production ? undefined : () => devSecrets(options.devSecretsFile ?? DEV_SECRETS_FILE)
  let generated: ReturnType<NonNullable<typeof fallback>> | undefined
  const secret = (
    name: string,
    value: string | undefined,
    pick: 'kek' | 'pepper' | 'operator',
    minBytes = 32,
  ) => {
    try {
      if (value) return parseKey(name, value, { minBytes, exact: pick !== 'pepper' })
      if (!fallback) return undefined
      generated ??= fallback()
      return parseKey(name, generated[pick], { minBytes, exact: pick !== 'pepper' })
    } catch (error) {
      problems.push((error as Error).message)
      return undefined
    }
  }
  const keyId = (name: string, value: string | undefined, fallbackId: string) => {
    try {
      return parseKeyId(name, value ?? fallbackId)
    } catch (error) {
      problems.push((error as Error).message)
      return fallbackId
    }
  }

  const kek = secret('KEK', env.KEK, 'kek')
  const pepper = secret('OTP_PEPPER', env.OTP_PEPPER, 'pepper')
  // The operator key is optional even in production: required only once a project uses operator recovery.
  const operator = env.OPERATOR_RECOVERY_KEY
    ? secret('OPERATOR_RECOVERY_KEY', env.OPERATOR_RECOVERY_KEY, 'operator')
    : production
      ? undefined
      : secret('OPERATOR_RECOVERY_KEY', undefined, 'operator')
  if (kek && operator && timingSafeEqual(kek, operator))
    problems.push('OPERATOR_RECOVERY_KEY must differ from KEK (the two keys are kept apart)')
  if (env.ADMIN_TOKEN !== undefined && env.ADMIN_TOKEN.length < 32)
    problems.push('ADMIN_TOKEN must be at least 32 characters')
  const chains = parseJsonVariable('CHAINS', env.CHAINS, parseChains, CHAINS_SHAPE, problems)
  const addableChains = parseJsonVariable(
    'ADDABLE_CHAINS',
    env.ADDABLE_CHAINS,
    parseAddableChains,
    'rules ({ rpcOrigin, chainIds? })',
    problems,
  )
  let farcaster: FarcasterConfig | undefined
  if (env.FARCASTER_RPC_URL) {
    try {
      farcaster = parseFarcasterConfig({
        relayUrl: env.FARCASTER_RELAY_URL || FARCASTER_DEFAULTS.relayUrl,
        rpcUrl: env.FARCASTER_RPC_URL,
        idRegistry: env.FARCASTER_ID_REGISTRY || FARCASTER_DEFAULTS.idRegistry,
      })
    } catch {
      // Named, never echoed: an RPC URL may hold an API key.
      problems.push(
        'FARCASTER_RPC_URL and FARCASTER_RELAY_URL must be http(s) URLs, FARCASTER_ID_REGISTRY an address',
      )
    }
  }
  const redirectFallback = env.SOCIAL_REDIRECT_FALLBACK ?? '0'
  if (redirectFallback !== '0' && redirectFallback !== '1')
    problems.push('SOCIAL_REDIRECT_FALLBACK must be 0 or 1')
  const trustedProxyHops = Number(env.TRUSTED_PROXY_HOPS ?? 0)
  if (!Number.isInteger(trustedProxyHops) || trustedProxyHops < 0 || trustedProxyHops > 10)
    problems.push('TRUSTED_PROXY_HOPS must be a whole number from 0 to 10')

  if (problems.length > 0 || !kek || !pepper) throw new ConfigError(problems)
  const kekRef: KeyRef = { id: keyId('KEK_ID', env.KEK_ID, 'kek-1'), key: kek }
  const operatorRef: KeyRef | undefined = operator
    ? { id: keyId('OPERATOR_RECOVERY_KEY_ID', env.OPERATOR_RECOVERY_KEY_ID, 'operator-1'), key: operator }
    : undefined
  if (problems.length > 0) throw new ConfigError(problems)

  return {
    production,
    port,
    host: env.HOST || 'localhost',
    publicUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    secrets: { kek: kekRef, pepper, ...(operatorRef && { operatorRecoveryKey: operatorRef }) },
    adminToken: env.ADMIN_TOKEN || undefined,
    accessLog: env.ACCESS_LOG === '1',
    projectsFile: env.KEYFRAME_PROJECTS_FILE || undefined,
    chains,
    addableChains,
    trustedProxyHops,
    farcaster,
    socialRedirectFallback: redirectFallback === '1',
  }
}

const CHAINS_SHAPE = 'chains ({ id, name, rpcUrl, nativeCurrency })'

/**
 * A variable holding a JSON array (`CHAINS`, `ADDABLE_CHAINS`); each problem is named with where it is
 * (`CHAINS: chains[0].rpcUrl: …`).
 */
function parseJsonVariable<T>(
  name: string,
  value: string | undefined,
  parse: (json: unknown) => T[],
  shape: string,
  problems: string[],
): T[] {
  if (!value) return []
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    problems.push(`${name} must be a JSON array of ${shape}`)
    return []
  }
  try {
    return parse(json)
  } catch (error) {
    problems.push(`${name}: ${(error as Error).message}`)
    return []
  }
}

/**
 * Refuses to run operator-mode projects without the operator recovery key.
 * @throws ConfigError naming the projects.
 */
export function assertOperatorKey(config: Pick<ServerConfig, 'secrets'>, projects: readonly Project[]): void {
  const operator = projects.filter((p) => p.recoveryMode === 'operator').map((p) => p.id)
  if (operator.length > 0 && !config.secrets.operatorRecoveryKey)
    throw new ConfigError([
      `OPERATOR_RECOVERY_KEY is required: project(s) ${operator.join(', ')} use operator recovery`,
    ])
}

/**
 * Refuses to serve a frame that was never built (production: `npm run build -w frame-app` first).
 * @throws ConfigError naming the missing file.
 */
export function assertWebBuilt(webRoot: string): void {
  const index = join(webRoot, 'index.html')
  if (!existsSync(index))
    throw new ConfigError([
      `The frame web app is not built (no ${index}): run \`npm run build -w frame-app\``,
    ])
}
