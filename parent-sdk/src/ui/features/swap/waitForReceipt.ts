/**
 * Waits for a transaction to be mined, asking the connected wallet's provider (`eth_getTransactionReceipt`,
 * a read every wallet forwards to its node), as a wallet's own activity list does.
 * @module
 */
import * as z from 'zod/mini'
import type { Eip1193Provider } from '../../../connectors/types.ts'

const receipt = z.nullable(z.object({ status: z.string() }))

export type WaitOptions = {
  /** Between two reads. Default 1000 ms. */
  intervalMs?: number
  /** Gives up after. Default 3 minutes. */
  timeoutMs?: number
  signal?: AbortSignal
}

/**
 * 'success' or 'reverted' once the transaction is in a block.
 * @throws Error after `timeoutMs` without a receipt; the signal's reason when aborted; a read's own error.
 * @example
 * if ((await waitForReceipt(provider, hash)) === 'reverted') throw new Error('The approve failed')
 */
export async function waitForReceipt(
  provider: Eip1193Provider,
  hash: `0x${string}`,
  { intervalMs = 1000, timeoutMs = 180_000, signal }: WaitOptions = {},
): Promise<'success' | 'reverted'> {
  const until = Date.now() + timeoutMs
  for (;;) {
    signal?.throwIfAborted()
    const found = receipt.parse(
      await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] }),
    )
    if (found) return BigInt(found.status) === 1n ? 'success' : 'reverted'
    if (Date.now() >= until) throw new Error(`Keyframe: transaction ${hash} not mined after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
