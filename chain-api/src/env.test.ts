import { describe, expect, it } from 'vitest'
import { ConfigError, DEV_ONRAMP_SANDBOX_KEY, loadChainApiEnv } from './env.ts'

const CHAIN = {
  id: 31337,
  name: 'Local',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [
    {
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'kUSD',
      name: 'Keyframe USD',
      decimals: 6,
    },
  ],
}
const PROD = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db/chain',
  PUBLIC_URL: 'https://chain.example.com',
  CHAINS: JSON.stringify([{ ...CHAIN, rpcUrl: 'https://rpc.example.com/v2/SECRETKEY123' }]),
  PROJECTS: JSON.stringify([{ id: 'acme', allowedOrigins: ['https://app.acme.com'] }]),
}

function problemsOf(env: NodeJS.ProcessEnv, readFile?: (path: string) => string): string[] {
  try {
    loadChainApiEnv(env, readFile ? { readFile } : {})
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadChainApiEnv', () => {
  it('fills development defaults: port 5177, PGlite, the dev project, dev prices and the sandbox key', () => {
    const env = loadChainApiEnv({ CHAINS: JSON.stringify([CHAIN]) })
    expect(env.port).toBe(5177)
    expect(env.databaseUrl).toBeUndefined()
    expect(env.pgliteDir).toMatch(/chain-api\/\.data\/pglite$/)
    expect(env.config.publicUrl).toBe('http://127.0.0.1:5177')
    expect(env.config.projects.map((p) => p.id)).toEqual(['dev'])
    expect(env.config.chains[0]?.caip2).toBe('eip155:31337')
    expect(env.config.prices).toEqual({
      'eip155:31337/slip44:60': 3000,
      'eip155:31337/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3': 1,
    })
    expect(env.config.onrampSandbox?.privateKey).toBe(DEV_ONRAMP_SANDBOX_KEY)
    expect(env.config.nameSuffix).toBe('.keyframe.id')
    expect(env.config.analyticsEnabled).toBe(false)
  })

  it('reads every variable', () => {
    const env = loadChainApiEnv({
      PORT: '6000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://chain.local:6000/',
      PGLITE_DIR: '/tmp/x',
      CHAINS: JSON.stringify([CHAIN]),
      PROJECTS: JSON.stringify([
        { id: 'a', allowedOrigins: ['https://A.test'], rpcRateLimit: { max: 5, windowMs: 100 } },
      ]),
      PRICES: JSON.stringify({ 'eip155:31337/slip44:60': 2500 }),
      SPAM_CONTRACTS: 'eip155:31337:0xAbCdEf0000000000000000000000000000000001, ',
      NAME_SUFFIX: '.example.id',
      ANALYTICS_ENABLED: 'true',
      INDEXER_POLL_INTERVAL_MS: '250',
    })
    expect(env).toMatchObject({ port: 6000, host: '0.0.0.0', pgliteDir: '/tmp/x' })
    expect(env.config).toMatchObject({
      publicUrl: 'http://chain.local:6000',
      projects: [{ id: 'a', allowedOrigins: ['https://a.test'], rpcRateLimit: { max: 5, windowMs: 100 } }],
      prices: { 'eip155:31337/slip44:60': 2500 },
      spamContracts: ['eip155:31337:0xabcdef0000000000000000000000000000000001'],
      nameSuffix: '.example.id',
      analyticsEnabled: true,
      indexer: { pollIntervalMs: 250 },
    })
  })

  it('merges KEYFRAME_PROJECTS_FILE over PROJECTS (the file wins for its ids)', () => {
    const env = loadChainApiEnv(
      {
        PROJECTS: JSON.stringify([
          { id: 'a', allowedOrigins: [] },
          { id: 'b', allowedOrigins: [] },
        ]),
        KEYFRAME_PROJECTS_FILE: '/projects.json',
      },
      { readFile: () => JSON.stringify([{ id: 'b', name: 'Bee', allowedOrigins: ['https://b.test'] }]) },
    )
    expect(env.config.projects).toEqual([
      { id: 'a', allowedOrigins: [], rpcRateLimit: { max: 100, windowMs: 1000 } },
      { id: 'b', allowedOrigins: ['https://b.test'], rpcRateLimit: { max: 100, windowMs: 1000 } },
    ])
  })

  it("reads the frame server's projects file format too", () => {
    const env = loadChainApiEnv(
      { KEYFRAME_PROJECTS_FILE: '/projects.json' },
      {
        readFile: () =>
          JSON.stringify({ projects: [{ id: 'acme', name: 'Acme', allowedOrigins: ['https://a.test'] }] }),
      },
    )
    expect(env.config.projects.map((p) => p.id)).toEqual(['acme'])
  })

  it('starts in production with everything set, with no sandbox key and no dev prices', () => {
    const env = loadChainApiEnv(PROD)
    expect(env.production).toBe(true)
    expect(env.databaseUrl).toBe(PROD.DATABASE_URL)
    expect(env.config.onrampSandbox).toBeUndefined()
    expect(env.config.prices).toEqual({})
    expect(env.config.projects.map((p) => p.id)).toEqual(['acme'])
  })

  it('refuses production without DATABASE_URL, PUBLIC_URL, CHAINS and projects, all at once', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'DATABASE_URL is required in production',
      'PUBLIC_URL is required in production',
      'CHAINS is required in production',
      'PROJECTS or KEYFRAME_PROJECTS_FILE is required in production',
    ])
  })

  it('refuses production with an http PUBLIC_URL or the sandbox key', () => {
    expect(problemsOf({ ...PROD, PUBLIC_URL: 'http://chain.example.com' })).toEqual([
      'PUBLIC_URL must be https in production',
    ])
    expect(problemsOf({ ...PROD, ONRAMP_SANDBOX_KEY: DEV_ONRAMP_SANDBOX_KEY })).toEqual([
      'ONRAMP_SANDBOX_KEY is for development only (it pays test funds)',
    ])
  })

  it.each([
    [{ PORT: 'x' }, 'PORT must be a port number'],
    [{ PUBLIC_URL: 'nope' }, 'PUBLIC_URL is not a URL'],
    [{ CHAINS: '[{' }, 'CHAINS is not valid JSON'],
    [{ CHAINS: '{}' }, 'CHAINS must be a JSON array of chains'],
    [{ PROJECTS: '{}' }, 'PROJECTS must be a JSON array of projects'],
    [{ PRICES: '[1]' }, 'PRICES must be a JSON object of CAIP-19-like keys to USD numbers'],
    [{ ONRAMP_SANDBOX_KEY: '0x12' }, 'ONRAMP_SANDBOX_KEY must be a 0x-prefixed 32-byte hex private key'],
    [{ ANALYTICS_ENABLED: 'yes' }, 'ANALYTICS_ENABLED must be true or false'],
    [{ INDEXER_POLL_INTERVAL_MS: '1' }, 'INDEXER_POLL_INTERVAL_MS must be an integer ≥ 10'],
    [{ CHAINS: JSON.stringify([{ ...CHAIN, rpcUrl: 'ftp://x' }]) }, 'Invalid chain: rpcUrl: Invalid url'],
    [{ CHAINS: JSON.stringify([CHAIN, CHAIN]) }, 'Invalid chains: chain ids must be unique'],
    [
      { PROJECTS: JSON.stringify([{ id: 'a', allowedOrigins: ['*'] }]) },
      'Invalid project "a": allowedOrigins.0:',
    ],
    [
      {
        PROJECTS: JSON.stringify([
          { id: 'a', allowedOrigins: ['http://127.0.0.1:5173', 'http://app.a.test'] },
        ]),
      },
      'Invalid project "a": allowedOrigins.1: Invalid origin "http://app.a.test": only https: origins are allowed',
    ],
    [
      { PROJECTS: JSON.stringify([{ id: 'a', allowedOrigins: ['https://*.github.io'] }]) },
      'Invalid project "a": allowedOrigins.0: Invalid origin "https://*.github.io": github.io is a public suffix',
    ],
    [
      { PRICES: JSON.stringify({ ETH: 1 }) },
      'Invalid prices: ETH: expected eip155:<id>/slip44:60 or eip155:<id>/erc20:0x…',
    ],
    [{ SPAM_CONTRACTS: '0x1234' }, 'Invalid spamContracts: 0x1234: expected eip155:<id>:0x…'],
    [{ NAME_SUFFIX: 'keyframe' }, 'Invalid nameSuffix: keyframe: expected e.g. .keyframe.id'],
    [{ KEYFRAME_PROJECTS_FILE: '/missing.json' }, 'KEYFRAME_PROJECTS_FILE cannot be read'],
  ])('names the problem of %j', (env, problem) => {
    const problems = problemsOf(env as NodeJS.ProcessEnv)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(problem)
  })

  it('never echoes a secret-bearing value in a problem', () => {
    const problems = problemsOf({ ...PROD, CHAINS: PROD.CHAINS.replace('"id":31337', '"id":-1') })
    expect(problems.join('\n')).not.toContain('SECRETKEY123')
    expect(problems.join('\n')).toContain('Invalid chain: id')
  })
})
