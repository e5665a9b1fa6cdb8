import { describe, expect, test } from 'vitest'
import { hasSufficientGas } from './gas.ts'

describe('hasSufficientGas', () => {
  test('default', () => {
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: 5, gasCostInUsd: 0.4 })).toBe(true)
  })

  test('behavior: a smart account always counts as sufficient', () => {
    expect(hasSufficientGas({ isSmartAccount: true, networkBalanceInUsd: 0, gasCostInUsd: 10 })).toBe(true)
    expect(
      hasSufficientGas({ isSmartAccount: true, networkBalanceInUsd: undefined, gasCostInUsd: undefined }),
    ).toBe(true)
  })

  test('behavior: insufficient when the network balance is zero', () => {
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: 0, gasCostInUsd: 0 })).toBe(false)
    expect(
      hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: '0', gasCostInUsd: undefined }),
    ).toBe(false)
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: undefined, gasCostInUsd: 0 })).toBe(
      false,
    )
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: '', gasCostInUsd: 0 })).toBe(false)
  })

  test('behavior: insufficient when the balance is below the gas cost', () => {
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: '0.39', gasCostInUsd: 0.4 })).toBe(
      false,
    )
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: 0.4, gasCostInUsd: '0.4' })).toBe(
      true,
    )
  })

  test('behavior: an unknown gas cost counts as zero', () => {
    expect(
      hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: '1.5', gasCostInUsd: undefined }),
    ).toBe(true)
    expect(hasSufficientGas({ isSmartAccount: false, networkBalanceInUsd: 1, gasCostInUsd: 'n/a' })).toBe(
      true,
    )
  })
})
