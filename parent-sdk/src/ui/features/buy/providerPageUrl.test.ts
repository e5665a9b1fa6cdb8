import { describe, expect, test } from 'vitest'
import { NOT_A_WEB_PAGE, providerPageUrl } from './providerPageUrl.ts'

describe('providerPageUrl', () => {
  test('default: a web page address passes, normalised', () => {
    expect(providerPageUrl('https://pay.example/sandbox/onramp/abc')).toBe(
      'https://pay.example/sandbox/onramp/abc',
    )
    expect(providerPageUrl('http://127.0.0.1:5177/sandbox/onramp/x')).toBe(
      'http://127.0.0.1:5177/sandbox/onramp/x',
    )
  })

  test('error: a script, data or other scheme, or no URL, is refused', () => {
    for (const text of [
      "javascript:localStorage.setItem('pwned','1')",
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://pay.example/1',
      'file:///etc/passwd',
      '/sandbox/onramp/relative',
      '',
    ])
      expect(() => providerPageUrl(text), text).toThrow(NOT_A_WEB_PAGE)
  })
})
