/**
 * The v1 digest against eth-sig-util's published vectors (its `typedSignatureHash` tests), and the values
 * it is refused for rather than signed differently.
 */
import { describe, expect, test } from 'vitest'
import { typedSignatureHash } from './signTypedDataV1.ts'

describe('typedSignatureHash', () => {
  test("default: eth-sig-util's vectors (text, text and a number, bytes)", () => {
    expect(typedSignatureHash([{ type: 'string', name: 'message', value: 'Hi, Alice!' }])).toBe(
      '0x14b9f24872e28cc49e72dc104d7380d8e0ba84a3fe2e712704bcac66a5702bd5',
    )
    expect(
      typedSignatureHash([
        { type: 'string', name: 'message', value: 'Hi, Alice!' },
        { type: 'uint8', name: 'value', value: 10 },
      ]),
    ).toBe('0xf7ad23226db5c1c00ca0ca1468fd49c8f8bbc1489bc1c382de5adc557a69c229')
    expect(typedSignatureHash([{ type: 'bytes', name: 'message', value: '0xdeadbeaf' }])).toBe(
      '0x6c69d03412450b174def7d1e48b3bcbbbd8f51df2e76e2c5b3a5d951125be3a9',
    )
  })

  test('parameters: a number given as decimal text, hex text or a number packs the same', () => {
    const withValue = (value: unknown) =>
      typedSignatureHash([
        { type: 'string', name: 'message', value: 'Hi, Alice!' },
        { type: 'uint8', name: 'value', value },
      ])
    expect(withValue('10')).toBe(withValue(10))
    expect(withValue('0x0a')).toBe(withValue(10))
  })

  test('error: values the screen could not show as signed are refused, naming the field', () => {
    const one = (type: string, value: unknown) => () => typedSignatureHash([{ type, name: 'x', value }])
    expect(one('bool', 'false')).toThrow('Expected true or false for field x')
    expect(one('uint32', undefined)).toThrow('Missing value for field x of type uint32')
    expect(one('uint32', 'twelve')).toThrow('Expected an integer for field x')
    expect(one('address', '0x1234')).toThrow('Expected a 20-byte 0x address for field x')
    expect(one('uint256[]', [1, 2])).toThrow('Field x is an array')
    expect(one('bytes2', '0x123456')).toThrow('Expected at most 2 bytes of 0x hex for field x')
    expect(one('uint8', 256)).toThrow()
  })
})
