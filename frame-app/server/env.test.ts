import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import {
  assertOperatorKey,
  assertWebBuilt,
  ConfigError,
  loadServerConfig,
  PRODUCTION_REQUIRED,
} from './env.ts'

const key = () => randomBytes(32).toString('base64')
const dir = mkdtempSync(join(tmpdir(), 'keyframe-env-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db/keyframe',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.com',
  MAIL_FROM: 'Acme Wallet <wallet@acme.example>',
  KEK: key(),
  OTP_PEPPER: key(),
  PUBLIC_URL: 'https://wallet.example.com',
}

describe('loadServerConfig', () => {
  test('default: production with everything set', () => {
    const config = loadServerConfig({ ...production, KEK_ID: 'kek-2024' })
    expect(config).toMatchObject({
      production: true,
      publicUrl: 'https://wallet.example.com',
      databaseUrl: production.DATABASE_URL,
      smtpUrl: production.SMTP_URL,
    })
    expect(config.secrets.kek.id).toBe('kek-2024')
    expect(config.secrets.operatorRecoveryKey).toBeUndefined()
  })

  test('error: production refuses to start without DATABASE_URL, SMTP_URL, MAIL_FROM, KEK, OTP_PEPPER, PUBLIC_URL', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrowErrorMatchingInlineSnapshot(`
      [ConfigError: Cannot start the frame server:
        DATABASE_URL is required in production
        SMTP_URL is required in production
        MAIL_FROM is required in production
        KEK is required in production
        OTP_PEPPER is required in production
        PUBLIC_URL is required in production]
    `)
    expect(Object.keys(production).filter((n) => n !== 'NODE_ENV')).toEqual([...PRODUCTION_REQUIRED])
    for (const name of PRODUCTION_REQUIRED) {
      const env: Record<string, string> = { ...production }
      delete env[name]
      expect(() => loadServerConfig(env)).toThrow(`${name} is required in production`)
    }
  })

  test('error: bad values are named, never echoed', () => {
    const secret = 'c2hvcnQ='
    const run = () =>
      loadServerConfig({
        ...production,
        KEK: secret,
        PUBLIC_URL: 'http://wallet.example.com',
        SMTP_URL: 'https://mailer:pw@smtp.example.com',
        MAIL_FROM: 'nobody',
        ADMIN_TOKEN: 'short',
        OPERATOR_RECOVERY_KEY: production.KEK,
      })
    expect(run).toThrow(ConfigError)
    try {
      run()
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PUBLIC_URL must be https in production',
        'SMTP_URL must be an smtp:// or smtps:// URL',
        'MAIL_FROM must be an address (`no-reply@example.com` or `Name <no-reply@example.com>`)',
        'KEK must be exactly 32 bytes (base64), got 5',
        'ADMIN_TOKEN must be at least 32 characters',
      ])
      expect((error as Error).message).not.toContain(secret)
      expect((error as Error).message).not.toContain(':pw@')
    }
    expect(() => loadServerConfig({ ...production, OPERATOR_RECOVERY_KEY: production.KEK })).toThrow(
      'OPERATOR_RECOVERY_KEY must differ from KEK',
    )
  })

  test('parameters: CHAINS, a JSON array of chains (default none)', () => {
    const chain = {
      id: 31337,
      name: 'Keyframe Local',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
    expect(loadServerConfig(production).chains).toEqual([])
    expect(loadServerConfig({ ...production, CHAINS: JSON.stringify([chain]) }).chains).toEqual([chain])
  })

  test('parameters: ADDABLE_CHAINS, the wallet_addEthereumChain policy (default none); a bad rule is named', () => {
    const rules = [{ rpcOrigin: 'https://rpc.example.org', chainIds: [8453] }]
    expect(loadServerConfig(production).addableChains).toEqual([])
    expect(loadServerConfig({ ...production, ADDABLE_CHAINS: JSON.stringify(rules) }).addableChains).toEqual(
      rules,
    )
    const problems = (ADDABLE_CHAINS: string) => {
      try {
        loadServerConfig({ ...production, ADDABLE_CHAINS })
      } catch (error) {
        return (error as ConfigError).problems
      }
      return []
    }
    expect(problems('{')).toEqual(['ADDABLE_CHAINS must be a JSON array of rules ({ rpcOrigin, chainIds? })'])
    expect(problems(JSON.stringify([{ rpcOrigin: 'https://rpc.example.org/v1' }]))).toEqual([
      'ADDABLE_CHAINS: addableChains[0].rpcOrigin: Expected an http(s) origin such as https://rpc.example.org, without a path',
    ])
  })

  test("parameters: FARCASTER_RPC_URL turns Sign In With Farcaster on, with Farcaster's relay and IdRegistry unless told others; a bad value is named, never echoed", () => {
    expect(loadServerConfig(production).farcaster).toBeUndefined()
    const rpcUrl = 'https://optimism.example/v1/secret-key'
    expect(loadServerConfig({ ...production, FARCASTER_RPC_URL: rpcUrl }).farcaster).toEqual({
      rpcUrl,
      relayUrl: 'https://relay.farcaster.xyz',
      idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
    })
    const own = {
      FARCASTER_RELAY_URL: 'http://127.0.0.1:5180',
      FARCASTER_ID_REGISTRY: `0x${'ab'.repeat(20)}`,
    }
    expect(loadServerConfig({ ...production, FARCASTER_RPC_URL: rpcUrl, ...own }).farcaster).toEqual({
      rpcUrl,
      relayUrl: own.FARCASTER_RELAY_URL,
      idRegistry: own.FARCASTER_ID_REGISTRY,
    })
    let problems: string[] = []
    try {
      loadServerConfig({ ...production, FARCASTER_RPC_URL: 'ftp://secret-key@optimism.example' })
    } catch (error) {
      problems = (error as ConfigError).problems
    }
    expect(problems).toEqual([
      'FARCASTER_RPC_URL and FARCASTER_RELAY_URL must be http(s) URLs, FARCASTER_ID_REGISTRY an address',
    ])
  })

  test('error: CHAINS that is not JSON, or a chain that is invalid, is named with where it is', () => {
    const problems = (CHAINS: string) => {
      try {
        loadServerConfig({ ...production, CHAINS })
      } catch (error) {
        return (error as ConfigError).problems
      }
      return []
    }
    expect(problems('[{')).toEqual([
      'CHAINS must be a JSON array of chains ({ id, name, rpcUrl, nativeCurrency })',
    ])
    const leaky = {
      id: 1,
      name: 'Mainnet',
      rpcUrl: 'https://user:s3cret@rpc.example.com',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
    expect(problems(JSON.stringify([leaky]))).toEqual([
      'CHAINS: chains[0].rpcUrl: Expected an http(s) URL without credentials',
    ])
    expect(
      problems(
        JSON.stringify([
          {
            ...leaky,
            rpcUrl: 'https://rpc.example.com',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: -1 },
          },
        ]),
      ),
    ).toEqual(['CHAINS: chains[0].nativeCurrency.decimals: Expected a whole number from 0 to 36'])
    expect(problems('{}')).toEqual(['CHAINS: chains: Expected an array of chains'])
  })

  test('parameters: TRUSTED_PROXY_HOPS, proxies that append to X-Forwarded-For (default 0); anything else is named', () => {
    expect(loadServerConfig(production).trustedProxyHops).toBe(0)
    expect(loadServerConfig({ ...production, TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2)
    for (const value of ['-1', '1.5', 'yes', '11'])
      expect(() => loadServerConfig({ ...production, TRUSTED_PROXY_HOPS: value })).toThrow(
        'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10',
      )
  })

  test('behavior: development fills in secrets once and keeps them (0600)', () => {
    const file = join(dir, 'dev-secrets.json')
    const a = loadServerConfig({}, { devSecretsFile: file })
    const b = loadServerConfig({}, { devSecretsFile: file })
    expect(a.production).toBe(false)
    expect(a.secrets.kek.key.equals(b.secrets.kek.key)).toBe(true)
    expect(a.secrets.operatorRecoveryKey?.key.equals(a.secrets.kek.key)).toBe(false)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')))).toEqual(['kek', 'pepper', 'operator'])
  })

  test('error: operator-mode projects need OPERATOR_RECOVERY_KEY', () => {
    const config = loadServerConfig(production)
    const project = {
      id: 'ops',
      name: 'Ops',
      allowedOrigins: ['https://a.example'],
      loginMethods: ['email' as const],
    }
    expect(() => assertOperatorKey(config, [{ ...project, recoveryMode: 'passphrase' }])).not.toThrow()
    expect(() => assertOperatorKey(config, [{ ...project, recoveryMode: 'operator' }])).toThrow(
      'OPERATOR_RECOVERY_KEY is required: project(s) ops use operator recovery',
    )
  })
})

describe('assertWebBuilt', () => {
  test('error: refuses a web root without index.html, accepts a built one', () => {
    const web = join(dir, 'web')
    expect(() => assertWebBuilt(web)).toThrow(ConfigError)
    expect(() => assertWebBuilt(web)).toThrow('run `npm run build -w frame-app`')
    mkdirSync(web, { recursive: true })
    writeFileSync(join(web, 'index.html'), '<!doctype html>')
    expect(() => assertWebBuilt(web)).not.toThrow()
  })
})

test('behavior: `NODE_ENV=production node server/main.ts` exits 1 and says what is missing', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { PATH: process.env.PATH, NODE_ENV: 'production', KEK: production.KEK },
    encoding: 'utf8',
    timeout: 30_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('Cannot start the frame server')
  for (const name of PRODUCTION_REQUIRED.filter((n) => n !== 'KEK'))
    expect(result.stderr).toContain(`${name} is required in production`)
  expect(result.stderr).not.toContain('KEK is required')
  expect(result.stderr).not.toContain(production.KEK)
}, 30_000)
