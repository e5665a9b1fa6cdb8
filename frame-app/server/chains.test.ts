import { describe, expect, test } from 'vitest'
import { parseApprovalTimeout, parseChains, rpcOrigins } from './chains.ts'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const local = { id: 31337, name: 'Keyframe Local', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: ether }

describe('parseChains', () => {
  test('default: a valid list is returned as given', () => {
    const op = {
      ...local,
      id: 10,
      name: 'OP',
      rpcUrl: 'https://op.example/rpc',
      blockExplorerUrl: 'https://x.example',
    }
    expect(parseChains([local, op])).toEqual([local, op])
    expect(parseChains([])).toEqual([])
  })

  test('error: each problem names where it is', () => {
    const cases: [unknown, string][] = [
      [{}, 'chains: Expected an array of chains'],
      [[{ ...local, id: 1.5 }], 'chains[0].id: Expected a positive whole chain id'],
      [[{ ...local, id: 0 }], 'chains[0].id: Expected a positive whole chain id'],
      [['x'], 'chains[0]: Expected { id, name, rpcUrl, nativeCurrency, blockExplorerUrl? } and nothing else'],
      [
        [local, { ...local, rpcUrl: 'ws://127.0.0.1:8545' }],
        'chains[1].rpcUrl: Expected an http(s) URL without credentials',
      ],
      [
        [{ ...local, rpcUrl: 'https://user:pw@rpc.example' }],
        'chains[0].rpcUrl: Expected an http(s) URL without credentials',
      ],
      [
        [{ ...local, blockExplorerUrl: 'javascript:alert(1)' }],
        'chains[0].blockExplorerUrl: Expected an http(s) URL without credentials',
      ],
      [[{ ...local, name: '' }], 'chains[0].name: Expected 1 to 64 characters'],
      [
        [{ ...local, nativeCurrency: { ...ether, decimals: 37 } }],
        'chains[0].nativeCurrency.decimals: Expected a whole number from 0 to 36',
      ],
      [
        [{ ...local, extra: 1 }],
        'chains[0]: Expected { id, name, rpcUrl, nativeCurrency, blockExplorerUrl? } and nothing else',
      ],
      [[local, local], 'chains: Chain ids must be unique'],
    ]
    for (const [input, message] of cases) expect(() => parseChains(input)).toThrow(message)
  })
})

test('rpcOrigins: the distinct origins, without paths or queries', () => {
  expect(
    rpcOrigins([
      local,
      { ...local, id: 1, rpcUrl: 'http://127.0.0.1:8545/other' },
      { ...local, id: 2, rpcUrl: 'https://RPC.example.com:443/v1?key=x' },
    ]),
  ).toEqual(['http://127.0.0.1:8545', 'https://rpc.example.com'])
})

test('parseApprovalTimeout: a whole number of ms up to 5 minutes', () => {
  expect(parseApprovalTimeout(1)).toBe(1)
  expect(parseApprovalTimeout(300_000)).toBe(300_000)
  for (const bad of [0, -1, 1.5, 300_001, '1000'])
    expect(() => parseApprovalTimeout(bad)).toThrow(
      /^approvalTimeoutMs must be a whole number of ms in \(0, 300000\]/,
    )
})
