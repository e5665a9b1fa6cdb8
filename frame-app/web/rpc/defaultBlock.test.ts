import { describe, expect, test } from 'vitest'
import { withDefaultBlock } from './defaultBlock.ts'

const address = '0x000000000000000000000000000000000000bEEF'

describe('withDefaultBlock', () => {
  test("default: a read without its block tag gets 'latest'", () => {
    expect(withDefaultBlock('eth_getBalance', [address])).toEqual([address, 'latest'])
    expect(withDefaultBlock('eth_getStorageAt', [address, '0x0'])).toEqual([address, '0x0', 'latest'])
    expect(withDefaultBlock('eth_call', [{ to: address }, undefined])).toEqual([{ to: address }, 'latest'])
  })

  test('behavior: a given block tag and methods without one are left alone', () => {
    const params = [address, '0x10']
    expect(withDefaultBlock('eth_getBalance', params)).toBe(params)
    expect(withDefaultBlock('eth_blockNumber', undefined)).toBeUndefined()
    expect(withDefaultBlock('eth_getTransactionReceipt', ['0x01'])).toEqual(['0x01'])
  })
})
