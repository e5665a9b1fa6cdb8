import { describe, expect, test } from 'vitest'
import { duplicateMembers } from './duplicateMembers.ts'

describe('duplicateMembers', () => {
  test('default: a request without duplicates has none', () => {
    expect(duplicateMembers('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}')).toEqual(new Map())
  })

  test('behavior: two same-named members of one object, in a single request or a batch item', () => {
    expect(duplicateMembers('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","method":"anvil_mine"}')).toEqual(
      new Map([[0, 'method']]),
    )
    expect(
      duplicateMembers(
        '[{"id":1,"method":"a"}, {"id":2,"method":"b","id":3}, {"id":4}, {"params":[{"to":"0x1","to":"0x2"}]}]',
      ),
    ).toEqual(
      new Map([
        [1, 'id'],
        [3, 'to'],
      ]),
    )
  })

  test('behavior: names are compared as JSON.parse reads them (escapes)', () => {
    expect(duplicateMembers('{"method":"a","meth\\u006fd":"b"}')).toEqual(new Map([[0, 'method']]))
    expect(duplicateMembers('{"a\\"b":1,"a\\u0022b":2}')).toEqual(new Map([[0, 'a"b']]))
    // Case differs: two members (an unknown one is the schema's business, not a duplicate).
    expect(duplicateMembers('{"method":"a","Method":"b"}')).toEqual(new Map())
  })

  test('behavior: the same name in different objects, or in strings, is not a duplicate', () => {
    const texts = [
      '{"a":{"a":1},"b":{"a":2}}',
      '[{"method":"x"},{"method":"y"}]',
      '{"params":["\\"method\\":1,\\"method\\":2", "{\\"a\\":1,\\"a\\":2}"],"method":"m"}',
      '{"a":"\\\\","b":"\\\\\\"","c":[{},[],{"a":[{"a":1}]}],"d":"{\\"d\\":1}"}',
      '{"__proto__":1,"constructor":2,"toString":3}',
      ' [ { "id" : 1 , "x" : [ 1 , 2 ] } , { "id" : 2 } ] ',
    ]
    for (const text of texts) {
      JSON.parse(text)
      expect(duplicateMembers(text), text).toEqual(new Map())
    }
  })

  test('behavior: what JSON.stringify writes never has duplicates (strings full of quotes and escapes)', () => {
    const nasty = ['"', '\\', '\\"', '"}', '",', '{"a":', '\u2028', '\u0000', 'é', '\ud83d\ude00']
    const value = {
      a: nasty,
      b: Object.fromEntries(nasty.map((s, i) => [s, { [s]: i, [`${s}${s}`]: [s, { [s]: s }] }])),
      c: [[[{ a: 1, b: [{ a: 2 }] }]]],
    }
    expect(duplicateMembers(JSON.stringify(value))).toEqual(new Map())
    expect(duplicateMembers(JSON.stringify([value, value, value], null, 2))).toEqual(new Map())
  })

  test('behavior: a duplicate after nested strings and containers is still found, in the right item', () => {
    const item = (extra: string) => `{"a":"\\\\","b":[{"c":"]}"},{}],"d":{"e":"\\"}"}${extra}}`
    const text = `[${item('')},${item(',"a":1')},${item('')},${item(',"b":2')}]`
    expect(duplicateMembers(text)).toEqual(
      new Map([
        [1, 'a'],
        [3, 'b'],
      ]),
    )
  })
})
