import { describe, expect, test } from 'vitest'
import { isValidCall } from './sendCalls.ts'

const to = '0x00000000000000000000000000000000000000aa'

describe('isValidCall', () => {
  test('default', () => {
    expect(isValidCall({ to, data: '0xa9059cbb', value: '0x1' })).toBe(true)
  })

  test('behavior: data is optional', () => {
    expect(isValidCall({ to })).toBe(true)
    expect(isValidCall({ to, data: undefined })).toBe(true)
  })

  test('behavior: to must start with 0x', () => {
    expect(isValidCall({ to: 'vitalik.eth' })).toBe(false)
    expect(isValidCall({ to: '0X00000000000000000000000000000000000000aa' })).toBe(false)
    expect(isValidCall({ data: '0x' })).toBe(false)
    expect(isValidCall({ to: 1 })).toBe(false)
  })

  test('behavior: data, if present, must start with 0x', () => {
    expect(isValidCall({ to, data: 'a9059cbb' })).toBe(false)
    expect(isValidCall({ to, data: null })).toBe(false)
    expect(isValidCall({ to, data: '' })).toBe(false)
  })

  test('behavior: not an object', () => {
    expect([null, undefined, to, []].map(isValidCall)).toEqual([false, false, false, false])
  })
})
