/**
 * chain-api's configuration: the chains it serves (with their well-known tokens and Uniswap V2 deployment),
 * the projects allowed to call it, the dev price table, the spam list and the few switches. Built from the
 * environment by `env.ts`, or directly by devstack and the test harness through {@link createConfig}.
 * @module
 */
import { allowedOriginSchema, parseAllowedOrigin, schemas } from '@keyframe/protocol'
import { projectOriginCheck } from '@keyframe/server-kit'
import * as z from 'zod/mini'

export type ChainConfig = {
  id: number
  caip2: `eip155:${number}`
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl?: string
  testnet: boolean
  /** Well-known ERC20s of the chain (balances, swaps, on-ramp). */
  tokens: { address: `0x${string}`; symbol: string; name: string; decimals: number }[]
  uniswapV2?: { factory: `0x${string}`; router: `0x${string}`; weth: `0x${string}` }
  bundlerUrl?: string
  /**
   * The first block the indexer reads on a chain it has not indexed yet (default 0): a long-lived chain is
   * followed from the deployment on, not from genesis. History and indexer-found tokens start there.
   */
  indexFromBlock?: number
}

export type ProjectConfig = {
  id: string
  /** Canonical origins (`parseAllowedOrigin`): exact, or one leading `*.` label. */
  allowedOrigins: string[]
  /** RPC gateway limit: `max` requests (each batch item counts) per `windowMs`. */
  rpcRateLimit: { max: number; windowMs: number }
}

export type ChainApiConfig = {
  /** Where chain-api is reached (image URLs, on-ramp URLs, sandbox page); no trailing slash. */
  publicUrl: string
  chains: ChainConfig[]
  projects: ProjectConfig[]
  /** USD; key `eip155:31337/slip44:60` (native) or `eip155:31337/erc20:0x…` (lowercase address). */
  prices: Record<string, number>
  /** CAIP-10 of contracts whose transfers are spam (`eip155:31337:0x…`, lowercase). */
  spamContracts: string[]
  /** Label + suffix = full name (default `.keyframe.id`). */
  nameSuffix: string
  /** Dev only: pays sandbox purchases; absent → the sandbox cannot pay (400). */
  onrampSandbox?: { privateKey: `0x${string}` }
  /** `/getAnalyticsConfig` (default false). */
  analyticsEnabled: boolean
  /** Default poll interval 1000 ms (tests call `syncOnce` instead). */
  indexer: { pollIntervalMs: number }
}

/** A chain as given in `CHAINS` / by devstack: `caip2` is derived from `id`, `testnet` and `tokens` default. */
export type ChainInput = Omit<ChainConfig, 'caip2' | 'testnet' | 'tokens'> &
  Partial<Pick<ChainConfig, 'testnet' | 'tokens'>>
/** A project as given in `PROJECTS`: `rpcRateLimit` defaults to {@link DEFAULT_RPC_RATE_LIMIT}. */
export type ProjectInput = Omit<ProjectConfig, 'rpcRateLimit'> & Partial<Pick<ProjectConfig, 'rpcRateLimit'>>

/** What {@link createConfig} takes: every field optional, chains and projects in their input form. */
export type ChainApiConfigInput = Partial<Omit<ChainApiConfig, 'chains' | 'projects'>> & {
  chains?: readonly (ChainInput | ChainConfig)[]
  projects?: readonly ProjectInput[]
}

export const DEFAULT_NAME_SUFFIX = '.keyframe.id'
export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:5177'
export const DEFAULT_RPC_RATE_LIMIT = { max: 100, windowMs: 1000 }
export const DEFAULT_POLL_INTERVAL_MS = 1000

const hexAddress = schemas.evmAddress as unknown as z.ZodMiniType<`0x${string}`, `0x${string}`>
const httpUrl = z.url({ protocol: /^(https?|wss?)$/, error: 'Invalid url' })
const positiveInt = z.int().check(z.positive())
/** The protocol's rules, then the deployment's: https only (loopback excepted), no wildcard over a public suffix. */
const allowedOrigin = allowedOriginSchema.check(projectOriginCheck)

const tokenSchema = z.object({
  address: hexAddress,
  symbol: z.string().check(z.minLength(1), z.maxLength(32)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  decimals: z.int().check(z.gte(0), z.lte(255)),
})

export const chainInputSchema = z.object({
  id: positiveInt,
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  rpcUrl: httpUrl,
  nativeCurrency: z.object({
    name: z.string().check(z.minLength(1)),
    symbol: z.string().check(z.minLength(1)),
    decimals: z.int().check(z.gte(0), z.lte(255)),
  }),
  blockExplorerUrl: z.optional(httpUrl),
  testnet: z.optional(z.boolean()),
  tokens: z.optional(z.array(tokenSchema)),
  uniswapV2: z.optional(z.object({ factory: hexAddress, router: hexAddress, weth: hexAddress })),
  bundlerUrl: z.optional(httpUrl),
  indexFromBlock: z.optional(z.int().check(z.gte(0))),
})

export const projectInputSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'Expected 1-128 letters, digits, "_" or "-"')),
  allowedOrigins: z.array(allowedOrigin).check(z.maxLength(100)),
  rpcRateLimit: z.optional(z.object({ max: positiveInt, windowMs: positiveInt })),
})

/** Throws a readable Error for the first issue (configuration is checked at start, not per request). */
function parseOrThrow<S extends z.ZodMiniType>(what: string, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const path = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : ''
  throw new Error(`Invalid ${what}: ${path}${issue?.message ?? 'invalid'}`)
}

/** One chain in its final form (caip2 derived, addresses kept as given). */
export function parseChain(input: ChainInput): ChainConfig {
  const c = parseOrThrow('chain', chainInputSchema, input)
  return {
    id: c.id,
    caip2: `eip155:${c.id}`,
    name: c.name,
    rpcUrl: c.rpcUrl,
    nativeCurrency: c.nativeCurrency,
    ...(c.blockExplorerUrl ? { blockExplorerUrl: c.blockExplorerUrl } : {}),
    testnet: c.testnet ?? false,
    tokens: c.tokens ?? [],
    ...(c.uniswapV2 ? { uniswapV2: c.uniswapV2 } : {}),
    ...(c.bundlerUrl ? { bundlerUrl: c.bundlerUrl } : {}),
    ...(c.indexFromBlock === undefined ? {} : { indexFromBlock: c.indexFromBlock }),
  }
}

/** One project with canonical origins and its rate limit. */
export function parseProject(input: ProjectInput): ProjectConfig {
  const p = parseOrThrow(`project ${JSON.stringify(input?.id ?? '')}`, projectInputSchema, input)
  return {
    id: p.id,
    allowedOrigins: p.allowedOrigins.map(parseAllowedOrigin),
    rpcRateLimit: p.rpcRateLimit ?? { ...DEFAULT_RPC_RATE_LIMIT },
  }
}

/**
 * The full configuration with defaults, checked: chain ids and project ids unique, URLs valid, origins
 * canonical, prices finite and ≥ 0, CAIP-10 spam entries lowercased.
 * @throws Error naming the first invalid field.
 * @example
 * const config = createConfig({ chains: [{ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545',
 *   nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }], projects: [{ id: 'dev', allowedOrigins: [] }] })
 */
export function createConfig(input: ChainApiConfigInput = {}): ChainApiConfig {
  const chains = (input.chains ?? []).map((chain) => parseChain(chain))
  const chainIds = new Set(chains.map((c) => c.id))
  if (chainIds.size !== chains.length) throw new Error('Invalid chains: chain ids must be unique')
  const projects = (input.projects ?? []).map((project) => parseProject(project))
  if (new Set(projects.map((p) => p.id)).size !== projects.length)
    throw new Error('Invalid projects: project ids must be unique')
  const publicUrl = parseOrThrow('publicUrl', httpUrl, input.publicUrl ?? DEFAULT_PUBLIC_URL).replace(
    /\/+$/,
    '',
  )
  const prices: Record<string, number> = {}
  for (const [key, value] of Object.entries(input.prices ?? {})) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      throw new Error(`Invalid prices: ${key}: expected a number ≥ 0`)
    if (!/^eip155:\d+\/(slip44:\d+|erc20:0x[0-9a-fA-F]{40})$/.test(key))
      throw new Error(`Invalid prices: ${key}: expected eip155:<id>/slip44:60 or eip155:<id>/erc20:0x…`)
    prices[key.toLowerCase()] = value
  }
  const spamContracts = (input.spamContracts ?? []).map((entry) => {
    if (!/^eip155:\d+:0x[0-9a-fA-F]{40}$/.test(entry))
      throw new Error(`Invalid spamContracts: ${entry}: expected eip155:<id>:0x…`)
    return entry.toLowerCase()
  })
  const nameSuffix = input.nameSuffix ?? DEFAULT_NAME_SUFFIX
  if (!/^\.[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(nameSuffix))
    throw new Error(`Invalid nameSuffix: ${nameSuffix}: expected e.g. .keyframe.id`)
  const onrampSandbox = input.onrampSandbox
  if (onrampSandbox && !/^0x[0-9a-fA-F]{64}$/.test(onrampSandbox.privateKey))
    throw new Error('Invalid onrampSandbox: expected a 32-byte hex private key')
  const pollIntervalMs = input.indexer?.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  if (!Number.isInteger(pollIntervalMs) || pollIntervalMs < 10)
    throw new Error('Invalid indexer.pollIntervalMs: expected an integer ≥ 10')
  return {
    publicUrl,
    chains,
    projects,
    prices,
    spamContracts,
    nameSuffix,
    ...(onrampSandbox ? { onrampSandbox: { privateKey: onrampSandbox.privateKey } } : {}),
    analyticsEnabled: input.analyticsEnabled ?? false,
    indexer: { pollIntervalMs },
  }
}
