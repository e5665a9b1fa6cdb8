import { describe, expect, test } from 'vitest'
import { type BootInput, bootFrame } from './boot.ts'

const config = JSON.stringify({
  projectId: 'dev',
  allowedOrigins: ['http://127.0.0.1:5173', 'https://*.example.com'],
})

function input(overrides: Partial<BootInput> & { query?: Record<string, string> } = {}): BootInput {
  const query = new URLSearchParams(
    overrides.query ?? {
      projectId: 'dev',
      chainId: 'eip155:31337',
      version: '1',
      origin: 'http://127.0.0.1:5173',
    },
  )
  return {
    search: `?${query}`,
    configText: config,
    isTopLevel: false,
    ancestorOrigins: ['http://127.0.0.1:5173'],
    ...overrides,
  }
}

describe('default', () => {
  test('parameters: the logins the project turned on come from the config (READY.logins)', () => {
    const configText = JSON.stringify({ ...JSON.parse(config), logins: ['github', 'farcaster'] })
    expect(bootFrame(input({ configText }))).toMatchObject({ ok: true, logins: ['github', 'farcaster'] })
    expect(bootFrame(input())).toMatchObject({ ok: true, logins: undefined })
  })

  test('pins the allowed parent origin', () => {
    expect(bootFrame(input())).toEqual({
      ok: true,
      projectId: 'dev',
      parentOrigin: 'http://127.0.0.1:5173',
      chainId: 'eip155:31337',
      chains: [],
      addableChains: [],
      approvalTimeoutMs: 300_000,
    })
  })

  test('parameters: the chains and the approval timeout come from the config', () => {
    const chain = {
      id: 31337,
      name: 'Keyframe Local',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    }
    const addableChains = [{ rpcOrigin: 'http://127.0.0.1:8546', chainIds: [1338] }]
    const configText = JSON.stringify({
      ...JSON.parse(config),
      chains: [chain],
      addableChains,
      approvalTimeoutMs: 2000,
    })
    expect(bootFrame(input({ configText }))).toMatchObject({
      ok: true,
      chains: [chain],
      addableChains,
      approvalTimeoutMs: 2000,
    })
  })

  test('error: a config with an invalid chain or approval timeout does not start', () => {
    for (const extra of [
      { chains: [{ id: 1, name: 'x', rpcUrl: 'javascript:alert(1)', nativeCurrency: {} }] },
      { approvalTimeoutMs: 0 },
      // A policy origin with a path: the CSP lists origins exactly.
      { addableChains: [{ rpcOrigin: 'http://127.0.0.1:8546/rpc' }] },
      { approvalTimeoutMs: 10 * 60_000 },
    ]) {
      const configText = JSON.stringify({ ...JSON.parse(config), ...extra })
      expect(bootFrame(input({ configText }))).toEqual({
        ok: false,
        reason: 'the project config is missing or invalid',
      })
    }
  })

  test('parameters: origin is normalised with new URL().origin', () => {
    const boot = bootFrame(
      input({
        query: { projectId: 'dev', origin: 'HTTPS://App.Example.com:443/some/path?x' },
        ancestorOrigins: ['https://app.example.com'],
      }),
    )
    expect(boot).toMatchObject({ ok: true, parentOrigin: 'https://app.example.com' })
  })

  test('parameters: chainId defaults to eip155:1 (missing or invalid)', () => {
    expect(bootFrame(input({ query: { projectId: 'dev', origin: 'http://127.0.0.1:5173' } }))).toMatchObject({
      chainId: 'eip155:1',
    })
    expect(
      bootFrame(input({ query: { projectId: 'dev', origin: 'http://127.0.0.1:5173', chainId: '<x>' } })),
    ).toMatchObject({ chainId: 'eip155:1' })
  })

  test('parameters: browsers without ancestorOrigins rely on the origin param and the guard', () => {
    expect(bootFrame(input({ ancestorOrigins: undefined }))).toMatchObject({ ok: true })
  })
})

describe('error: the bridge never starts', () => {
  test.each<[string, Partial<BootInput> & { query?: Record<string, string> }, string]>([
    ['top-level', { isTopLevel: true }, 'the frame is not embedded'],
    ['no config', { configText: null }, 'the project config is missing or invalid'],
    ['config not JSON', { configText: '{' }, 'the project config is missing or invalid'],
    [
      'config of another shape',
      { configText: '{"projectId":"dev"}' },
      'the project config is missing or invalid',
    ],
    [
      'projectId differs from the config',
      { query: { projectId: 'other', origin: 'http://127.0.0.1:5173' } },
      'projectId does not match the config',
    ],
    ['no origin param', { query: { projectId: 'dev' } }, 'the origin parameter is missing'],
    [
      'origin param not a URL',
      { query: { projectId: 'dev', origin: 'nope' } },
      'the origin parameter is not an origin',
    ],
    [
      'origin param null',
      { query: { projectId: 'dev', origin: 'null' } },
      'the origin parameter is not an origin',
    ],
    [
      'origin param file:',
      { query: { projectId: 'dev', origin: 'file:///etc/passwd' } },
      'the origin parameter is not an origin',
    ],
    [
      'origin not allowed',
      {
        query: { projectId: 'dev', origin: 'https://evil.example' },
        ancestorOrigins: ['https://evil.example'],
      },
      'origin https://evil.example is not allowed for project dev',
    ],
    [
      'wildcard is one label only',
      {
        query: { projectId: 'dev', origin: 'https://a.b.example.com' },
        ancestorOrigins: ['https://a.b.example.com'],
      },
      'origin https://a.b.example.com is not allowed for project dev',
    ],
    [
      'same host, other port',
      {
        query: { projectId: 'dev', origin: 'http://127.0.0.1:5174' },
        ancestorOrigins: ['http://127.0.0.1:5174'],
      },
      'origin http://127.0.0.1:5174 is not allowed for project dev',
    ],
    [
      'the embedder lies about its origin',
      { ancestorOrigins: ['https://evil.example'] },
      'the embedding page is not http://127.0.0.1:5173',
    ],
    [
      'ancestorOrigins masked to null',
      { ancestorOrigins: ['null'] },
      'the embedding page is not http://127.0.0.1:5173',
    ],
    ['ancestorOrigins empty', { ancestorOrigins: [] }, 'the embedding page is not http://127.0.0.1:5173'],
  ])('%s', (_name, overrides, reason) => {
    expect(bootFrame(input(overrides))).toEqual({ ok: false, reason })
  })
})
