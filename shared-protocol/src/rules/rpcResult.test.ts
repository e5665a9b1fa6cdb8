import { describe, expect, test } from 'vitest'
import { isSignedMessageResult, isTransactionHashResult } from './rpcResult.ts'

const hash = `0x${'a1'.repeat(32)}`
const signature = `0x${'Bc'.repeat(65)}`

describe('isTransactionHashResult', () => {
  test('default', () => {
    expect(isTransactionHashResult(hash)).toBe(true)
  })

  test('behavior: exactly 64 hex digits after 0x', () => {
    expect(isTransactionHashResult(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(isTransactionHashResult(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(isTransactionHashResult(signature)).toBe(false)
    expect(isTransactionHashResult(`0x${'g'.repeat(64)}`)).toBe(false)
    expect(isTransactionHashResult(`${'a'.repeat(66)}`)).toBe(false)
    expect(isTransactionHashResult(`0X${'a'.repeat(64)}`)).toBe(false)
  })

  test('behavior: non-strings', () => {
    expect([undefined, null, 1, { hash }].map(isTransactionHashResult)).toEqual([false, false, false, false])
  })
})

describe('isSignedMessageResult', () => {
  test('default', () => {
    expect(isSignedMessageResult(signature)).toBe(true)
  })

  test('behavior: 62 or more hex digits after 0x', () => {
    expect(isSignedMessageResult(`0x${'a'.repeat(62)}`)).toBe(true)
    expect(isSignedMessageResult(`0x${'a'.repeat(61)}`)).toBe(false)
    expect(isSignedMessageResult(hash)).toBe(true)
    expect(isSignedMessageResult(`0x${'a'.repeat(61)}z`)).toBe(false)
    expect(isSignedMessageResult('0x')).toBe(false)
    expect(isSignedMessageResult(42)).toBe(false)
  })
})
