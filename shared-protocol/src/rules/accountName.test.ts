import { describe, expect, test } from 'vitest'
import { ACCOUNT_NAME_ERROR, canRegisterAccountName, isValidAccountName } from './accountName.ts'

describe('isValidAccountName', () => {
  test('default', () => {
    expect(isValidAccountName('alice')).toBe(true)
  })

  test('behavior: letters, digits and hyphens, at least 4 characters', () => {
    expect(['abcd', 'Ab-9', 'my-name-2024', '----', '1234'].map(isValidAccountName)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
  })

  test('behavior: refused names', () => {
    expect(
      ['abc', '', 'alice.reown.id', 'al ice', 'alice_1', 'ålice', 'alice!', 'alice\n'].map(
        isValidAccountName,
      ),
    ).toEqual([false, false, false, false, false, false, false, false])
  })

  test('error: message', () => {
    expect(ACCOUNT_NAME_ERROR).toMatchInlineSnapshot(
      `"Name must be at least 4 characters and use only letters, digits and hyphens"`,
    )
  })
})

describe('canRegisterAccountName', () => {
  test('default', () => {
    expect(canRegisterAccountName('eip155')).toBe(true)
  })

  test('behavior: only EVM networks can register names', () => {
    expect(['solana', 'polkadot', 'bip122', ''].map(canRegisterAccountName)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})
