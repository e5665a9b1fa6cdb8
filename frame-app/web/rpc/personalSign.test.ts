import { describe, expect, test } from 'vitest'
import { messageBytes, printableText } from './personalSign.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('messageBytes', () => {
  test('default: whole 0x bytes are bytes; anything else is UTF-8 text', () => {
    expect(messageBytes('0x6869')).toEqual(utf8('hi'))
    expect(messageBytes('0x')).toEqual(new Uint8Array())
    expect(messageBytes('0x123')).toEqual(utf8('0x123'))
    expect(messageBytes('hello')).toEqual(utf8('hello'))
  })
})

describe('printableText', () => {
  test('default: printable UTF-8, line breaks and emoji included, reads as text', () => {
    expect(printableText(utf8('Sign in to example.com\nNonce: 42\t✓ 👨‍👩‍👧'))).toBe(
      'Sign in to example.com\nNonce: 42\t✓ 👨‍👩‍👧',
    )
  })

  test('behavior: invalid UTF-8, control characters and bidirectional overrides show as bytes (null)', () => {
    expect(printableText(new Uint8Array([0xff, 0x00]))).toBeNull()
    expect(printableText(utf8('pay \u0007'))).toBeNull()
    expect(printableText(utf8('pay \u202Egnp.exe'))).toBeNull()
    expect(printableText(utf8('\u0085'))).toBeNull()
  })
})
