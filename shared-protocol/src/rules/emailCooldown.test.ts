import { describe, expect, test } from 'vitest'
import { emailCooldownMessage, emailCooldownRemaining } from './emailCooldown.ts'

const last = 1_700_000_000_000

describe('emailCooldownRemaining', () => {
  test('default', () => {
    expect(emailCooldownRemaining(last, last + 10_000)).toBe(20)
  })

  test('behavior: no previous login is allowed', () => {
    expect(emailCooldownRemaining(undefined, last)).toBe(0)
  })

  test('behavior: seconds are rounded up', () => {
    expect(emailCooldownRemaining(last, last)).toBe(30)
    expect(emailCooldownRemaining(last, last + 1)).toBe(30)
    expect(emailCooldownRemaining(last, last + 28_001)).toBe(2)
    expect(emailCooldownRemaining(last, last + 29_999)).toBe(1)
  })

  test('behavior: allowed from 30 seconds on', () => {
    expect(emailCooldownRemaining(last, last + 30_000)).toBe(0)
    expect(emailCooldownRemaining(last, last + 600_000)).toBe(0)
  })

  test('behavior: a last login in the future waits the full cooldown', () => {
    expect(emailCooldownRemaining(last + 3_600_000, last)).toBe(30)
  })

  test('behavior: an unreadable stored time is ignored', () => {
    expect(emailCooldownRemaining(Number.NaN, last)).toBe(0)
  })
})

describe('emailCooldownMessage', () => {
  test('default', () => {
    expect(emailCooldownMessage(emailCooldownRemaining(last, last + 10_500))).toBe(
      'Please try again after 20 seconds',
    )
  })
})
