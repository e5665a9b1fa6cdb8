import { describe, expect, test } from 'vitest'
import { randomSecrets } from './keys.ts'
import { codeMatches, generateLinkToken, generateOtp, hashCode, hashEmail } from './otp.ts'

const secrets = randomSecrets()

describe('one-time codes', () => {
  test('default: 6 digits, zero-padded, spread over the whole range', () => {
    const codes = Array.from({ length: 5000 }, generateOtp)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    // Every leading digit shows up (a biased or truncated generator would miss some).
    expect(new Set(codes.map((c) => c[0])).size).toBe(10)
    expect(new Set(codes).size).toBeGreaterThan(4900)
  })

  test('behavior: the stored hash binds the code to its challenge and to the pepper', () => {
    const hash = hashCode(secrets, 'challenge-a', '123456')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(codeMatches(secrets, 'challenge-a', '123456', hash)).toBe(true)
    expect(codeMatches(secrets, 'challenge-b', '123456', hash)).toBe(false)
    expect(codeMatches(secrets, 'challenge-a', '123457', hash)).toBe(false)
    expect(codeMatches(randomSecrets(), 'challenge-a', '123456', hash)).toBe(false)
    expect(codeMatches(secrets, 'challenge-a', '123456', 'abcd')).toBe(false)
  })

  test('behavior: e-mail hashes are keyed (no plain address, no rainbow table)', () => {
    expect(hashEmail(secrets, 'a@b.c')).toBe(hashEmail(secrets, 'a@b.c'))
    expect(hashEmail(secrets, 'a@b.c')).not.toBe(hashEmail(randomSecrets(), 'a@b.c'))
  })

  test('default: link tokens are 256-bit base64url', () => {
    expect(generateLinkToken()).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
