import { describe, expect, test } from 'vitest'
import { operationTypeOf } from './operationType.ts'

const me = '0x00000000000000000000000000000000000000aa'
const other = '0x00000000000000000000000000000000000000bb'
const zero = '0x0000000000000000000000000000000000000000'
const kusd = '0x00000000000000000000000000000000000000c1'
const kft = '0x00000000000000000000000000000000000000c2'

describe('operationTypeOf', () => {
  test('default: sending and receiving', () => {
    expect(operationTypeOf(me, [{ from: me, to: other, asset: 'native' }], 0)).toBe('send')
    expect(operationTypeOf(me, [{ from: other, to: me, asset: kusd }], 0)).toBe('receive')
  })

  test('behavior: a different asset back is a trade, the same asset back is not', () => {
    const swap = [
      { from: me, to: other, asset: 'native' },
      { from: other, to: me, asset: kusd },
    ]
    expect(operationTypeOf(me, swap, 0)).toBe('trade')
    const refund = [
      { from: me, to: other, asset: kft },
      { from: other, to: me, asset: kft },
    ]
    expect(operationTypeOf(me, refund, 0)).toBe('send')
  })

  test('behavior: from the zero address is a mint, to it a burn', () => {
    expect(operationTypeOf(me, [{ from: zero, to: me, asset: kft }], 0)).toBe('mint')
    expect(operationTypeOf(me, [{ from: me, to: zero, asset: kft }], 0)).toBe('burn')
    // Minted to me and to someone else in one call: still a mint for me.
    expect(
      operationTypeOf(
        me,
        [
          { from: zero, to: me, asset: kft },
          { from: zero, to: other, asset: kft },
        ],
        0,
      ),
    ).toBe('mint')
  })

  test('behavior: nothing moved is an approve when it approved, else an execute', () => {
    expect(operationTypeOf(me, [], 1)).toBe('approve')
    expect(operationTypeOf(me, [], 0)).toBe('execute')
    expect(operationTypeOf(me, [{ from: me, to: me, asset: 'native' }], 0)).toBe('send')
  })
})
