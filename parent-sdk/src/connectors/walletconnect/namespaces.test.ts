import { expect, test } from 'vitest'
import { caip2Of, evmChainIdFrom, requestedNamespaces } from './namespaces.ts'

test("default: the proposal asks for the dApp's eip155 chains in order, with their RPC URLs for reads", () => {
  const namespaces = requestedNamespaces([
    { id: 31337, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } },
    { id: 'eip155:31338', rpcUrls: { default: { http: ['http://127.0.0.1:8546', 'http://backup'] } } },
    { id: 1 },
  ])
  expect(Object.keys(namespaces)).toEqual(['eip155'])
  expect(namespaces.eip155).toMatchObject({
    chains: ['eip155:31337', 'eip155:31338', 'eip155:1'],
    events: ['chainChanged', 'accountsChanged'],
    // A network without an RPC URL has none: never WalletConnect's own RPC service by our choice.
    rpcMap: { '31337': 'http://127.0.0.1:8545', '31338': 'http://127.0.0.1:8546' },
  })
  expect(namespaces.eip155?.methods).toEqual(
    expect.arrayContaining([
      'personal_sign',
      'eth_sendTransaction',
      'eth_signTypedData_v4',
      'wallet_switchEthereumChain',
    ]),
  )
})

test('behavior: a namespace without a connector (solana for now) and invalid ids ask for nothing; duplicates once', () => {
  expect(
    requestedNamespaces([{ id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, { id: 0 }, { id: 'x' }]),
  ).toEqual({})
  expect(requestedNamespaces([{ id: 1 }, { id: 'eip155:1' }]).eip155?.chains).toEqual(['eip155:1'])
})

test('parameters: CAIP-2 ids from a network id', () => {
  expect(caip2Of(137)).toBe('eip155:137')
  expect(caip2Of('eip155:10')).toBe('eip155:10')
  expect(caip2Of(-1)).toBeUndefined()
  expect(caip2Of(1.5)).toBeUndefined()
  expect(caip2Of('not a chain')).toBeUndefined()
})

test("parameters: a wallet's chain id as a number, decimal, hex or CAIP-2 string", () => {
  for (const value of [31338, '31338', '0x7a6a', 'eip155:31338', 'eip155:0x7a6a']) {
    expect(evmChainIdFrom(value), String(value)).toBe(31338)
  }
  for (const value of [0, -1, 'abc', 'solana:1', undefined, null, {}]) {
    expect(evmChainIdFrom(value), String(value)).toBeUndefined()
  }
})
