import { describe, expect, test } from 'vitest'
import type { Eip1193Provider } from '../../../connectors/types.ts'
import { waitForReceipt } from './waitForReceipt.ts'

const HASH = `0x${'ab'.repeat(32)}` as const

/** A provider whose node mines the transaction after `pending` reads, with `status`. */
function node(pending: number, status: string) {
  const asked: unknown[] = []
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      asked.push([method, params])
      return asked.length > pending ? { status, transactionHash: HASH, blockNumber: '0x5' } : null
    },
    on() {},
    removeListener() {},
  } as unknown as Eip1193Provider
  return { provider, asked }
}

describe('waitForReceipt', () => {
  test('default: reads the receipt until the transaction is mined', async () => {
    const { provider, asked } = node(2, '0x1')
    expect(await waitForReceipt(provider, HASH, { intervalMs: 1 })).toBe('success')
    expect(asked).toEqual(Array(3).fill(['eth_getTransactionReceipt', [HASH]]))
  })

  test('behavior: a reverted transaction says so', async () => {
    expect(await waitForReceipt(node(0, '0x0').provider, HASH)).toBe('reverted')
  })

  test('error: gives up after the timeout; stops when aborted', async () => {
    await expect(
      waitForReceipt(node(1e9, '0x1').provider, HASH, { intervalMs: 1, timeoutMs: 20 }),
    ).rejects.toThrow(/not mined after 20 ms/)
    const controller = new AbortController()
    controller.abort(new Error('closed'))
    await expect(
      waitForReceipt(node(0, '0x1').provider, HASH, { signal: controller.signal }),
    ).rejects.toThrow('closed')
  })
})
