import { describe, expect, test } from 'vitest'
import {
  formatCaip2,
  formatCaip10,
  InvalidCaip2Error,
  InvalidCaip10Error,
  isCaip2,
  isChainInNamespaces,
  parseCaip2,
  parseCaip10,
  toCaip2,
} from './caip.ts'

const evmAddress = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('parseCaip2', () => {
  test('default', () => {
    expect(parseCaip2('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
  })

  test('behavior: 32-character references of solana, bip122 and polkadot', () => {
    expect(parseCaip2(solanaMainnet)).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(parseCaip2('bip122:000000000019d6689c085ae165831e93').namespace).toBe('bip122')
    expect(parseCaip2('polkadot:91b171bb158e2d3848fa23a9f1c25182').namespace).toBe('polkadot')
  })

  test('error: not exactly two parts', () => {
    expect(() => parseCaip2('eip155')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaip2Error: Invalid CAIP-2 network id: eip155]`,
    )
    expect(() => parseCaip2(`eip155:1:${evmAddress}`)).toThrow('Invalid CAIP-2 network id: eip155:1:0xab')
  })

  test('error: empty, uppercase or over-long parts', () => {
    for (const id of [
      '',
      ':',
      'eip155:',
      ':1',
      'EIP155:1',
      'ab:1',
      'abcdefghi:1',
      `eip155:${'1'.repeat(33)}`,
      'eip155:1.0',
    ])
      expect(() => parseCaip2(id), id).toThrow(InvalidCaip2Error)
  })

  test('behavior: the error has a literal name, code -32602 and the value', () => {
    const error = (() => {
      try {
        parseCaip2('nope')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'InvalidCaip2Error', code: -32602, value: 'nope' })
  })
})

describe('formatCaip2', () => {
  test('default', () => {
    expect(formatCaip2({ namespace: 'eip155', reference: '137' })).toBe('eip155:137')
  })

  test('error: invalid parts', () => {
    expect(() => formatCaip2({ namespace: 'eip155', reference: 'a:b' })).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaip2Error: Invalid CAIP-2 network id: eip155:a:b]`,
    )
  })
})

describe('isCaip2', () => {
  test('default', () => {
    expect(isCaip2('eip155:1')).toBe(true)
    expect(isCaip2(solanaMainnet)).toBe(true)
  })

  test('behavior: false for non-strings and malformed ids', () => {
    expect([1, null, undefined, {}, 'eip155', 'eip155:1:0x1', 'Eip155:1'].map(isCaip2)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('parseCaip10', () => {
  test('default', () => {
    expect(parseCaip10(`eip155:1:${evmAddress}`)).toMatchInlineSnapshot(`
      {
        "address": "0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb",
        "chainId": "eip155:1",
        "namespace": "eip155",
        "reference": "1",
      }
    `)
  })

  test('behavior: solana account', () => {
    expect(parseCaip10(`${solanaMainnet}:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv`).chainId).toBe(
      solanaMainnet,
    )
  })

  test('error: not exactly three non-empty parts', () => {
    expect(() => parseCaip10('eip155:1')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaip10Error: Invalid CAIP-10 address: eip155:1]`,
    )
    for (const address of [
      '',
      'eip155:1:',
      ':1:0xab',
      'eip155::0xab',
      'eip155:1:0xab:extra',
      'eip155:1:0x ab',
    ])
      expect(() => parseCaip10(address), address).toThrow(InvalidCaip10Error)
  })

  test('behavior: the error has a literal name, code -32602 and the spec wording', () => {
    expect(() => parseCaip10('x')).toThrow(
      expect.objectContaining({
        name: 'InvalidCaip10Error',
        code: -32602,
        message: 'Invalid CAIP-10 address: x',
      }),
    )
  })
})

describe('formatCaip10', () => {
  test('default', () => {
    expect(formatCaip10({ namespace: 'eip155', reference: '1', address: evmAddress })).toBe(
      `eip155:1:${evmAddress}`,
    )
  })

  test('error: invalid address', () => {
    expect(() =>
      formatCaip10({ namespace: 'eip155', reference: '1', address: '' }),
    ).toThrowErrorMatchingInlineSnapshot(`[InvalidCaip10Error: Invalid CAIP-10 address: eip155:1:]`)
  })
})

describe('toCaip2', () => {
  test('default', () => {
    expect(toCaip2(137)).toBe('eip155:137')
  })

  test('parameters: namespace', () => {
    expect(toCaip2('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana')).toBe(solanaMainnet)
  })

  test('behavior: decimal, hex and CAIP-2 strings', () => {
    expect(toCaip2('10')).toBe('eip155:10')
    expect(toCaip2('0x89')).toBe('eip155:137')
    expect(toCaip2('eip155:8453')).toBe('eip155:8453')
    expect(toCaip2(solanaMainnet, 'eip155')).toBe(solanaMainnet)
  })

  test('error: not a chain id', () => {
    expect(() => toCaip2(-1)).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaip2Error: Invalid CAIP-2 network id: eip155:-1]`,
    )
    expect(() => toCaip2(1.5)).toThrow(InvalidCaip2Error)
    expect(() => toCaip2('mainnet')).toThrowErrorMatchingInlineSnapshot(
      `[InvalidCaip2Error: Invalid CAIP-2 network id: eip155:mainnet]`,
    )
    expect(() => toCaip2('eip155:1:0xab')).toThrow(InvalidCaip2Error)
    expect(() => toCaip2('0x20000000000000')).toThrow(InvalidCaip2Error)
  })
})

describe('isChainInNamespaces', () => {
  test('default', () => {
    expect(isChainInNamespaces('eip155:1', ['eip155', 'solana'])).toBe(true)
  })

  test('behavior: a chain of a namespace not configured at connect time', () => {
    expect(isChainInNamespaces(solanaMainnet, ['eip155'])).toBe(false)
    expect(isChainInNamespaces('eip155:1', [])).toBe(false)
  })

  test('behavior: invalid chain ids belong to no namespace', () => {
    expect(isChainInNamespaces('eip155', ['eip155'])).toBe(false)
    expect(isChainInNamespaces('1', ['eip155'])).toBe(false)
  })
})
