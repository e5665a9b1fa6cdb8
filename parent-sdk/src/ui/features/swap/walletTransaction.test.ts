import { describe, expect, test } from 'vitest'
import { gasOf, walletTransaction } from './walletTransaction.ts'

const ACCOUNT = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const swap = {
  from: ACCOUNT,
  to: ROUTER,
  data: '0x7ff36ab5000000',
  value: '100000000000000000',
  eip155: { gas: '180000', gasPrice: '1000000000' },
}

describe('walletTransaction', () => {
  test('default: the built swap as eth_sendTransaction takes it (hex quantities, no fee price)', () => {
    expect(walletTransaction(swap, ACCOUNT)).toEqual({
      from: ACCOUNT,
      to: ROUTER,
      data: '0x7ff36ab5000000',
      value: '0x16345785d8a0000',
      gas: '0x2bf20',
    })
    expect(walletTransaction({ ...swap, value: '0' }, ACCOUNT).value).toBe('0x0')
    expect(gasOf(swap)).toBe(180_000n)
  })

  test('behavior: the account matches whatever the case chain-api writes it in', () => {
    expect(walletTransaction({ ...swap, from: ACCOUNT.toLowerCase() }, ACCOUNT).from).toBe(ACCOUNT)
  })

  test('error: a transaction from another account is never sent', () => {
    expect(() => walletTransaction(swap, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toThrow(
      /from 0x2361.*not the connected 0x7099/,
    )
  })

  test('error: malformed fields (no calldata, a bad address, a negative or hex value, a fractional gas)', () => {
    for (const bad of [
      { data: '0x' },
      { data: '0x123' },
      { to: '0x1234' },
      { value: '-1' },
      { value: '0x10' },
      { eip155: { gas: '1.5', gasPrice: '1' } },
    ])
      expect(() => walletTransaction({ ...swap, ...bad }, ACCOUNT), JSON.stringify(bad)).toThrow(
        /malformed transaction/,
      )
  })
})
