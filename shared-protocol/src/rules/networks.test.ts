import { describe, expect, test } from 'vitest'
import { removeNetwork, unsupportedNetwork } from './networks.ts'

const mainnet = { caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum' }
const polygon = { caipNetworkId: 'eip155:137', chainNamespace: 'eip155', name: 'Polygon' }
const solana = {
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
}

describe('removeNetwork', () => {
  test('default', () => {
    expect(removeNetwork([mainnet, polygon, solana], 'eip155:137')).toEqual([mainnet, solana])
  })

  test('behavior: an unknown id leaves the list as it was, in a new array', () => {
    const networks = [mainnet, solana]
    const result = removeNetwork(networks, 'eip155:10')
    expect(result).toEqual(networks)
    expect(result).not.toBe(networks)
  })

  test('error: last network of a namespace', () => {
    expect(() =>
      removeNetwork([mainnet, polygon, solana], solana.caipNetworkId),
    ).toThrowErrorMatchingInlineSnapshot(`[Error: Cannot remove last network for a namespace]`)
    expect(() => removeNetwork([mainnet], 'eip155:1')).toThrow('Cannot remove last network for a namespace')
  })
})

describe('unsupportedNetwork', () => {
  test('default', () => {
    expect(unsupportedNetwork('eip155:999')).toMatchInlineSnapshot(`
      {
        "caipNetworkId": "eip155:999",
        "chainNamespace": "eip155",
        "id": 999,
        "name": "Unknown Network",
        "nativeCurrency": {
          "decimals": 0,
          "name": "",
          "symbol": "",
        },
        "rpcUrls": {
          "default": {
            "http": [],
          },
        },
      }
    `)
  })

  test('behavior: non-EVM references stay strings', () => {
    expect(unsupportedNetwork('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toMatchObject({
      id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      chainNamespace: 'solana',
      name: 'Unknown Network',
    })
  })

  test('error: not CAIP-2', () => {
    expect(() => unsupportedNetwork('999')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaip2Error: Invalid CAIP-2 network id: 999]`,
    )
  })
})
