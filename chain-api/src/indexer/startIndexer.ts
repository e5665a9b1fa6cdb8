/**
 * The indexer's background work: one loop per configured chain, each calling `syncOnce` every poll interval
 * (at once again while it is behind), backing off while the node fails. A chain indexed for the first time
 * starts at its `indexFromBlock` (default 0).
 * @module
 */
import type { ChainApiContext } from '../context.ts'
import { syncOnce } from './syncOnce.ts'

export type StartIndexerOptions = {
  /** Blocks written per round before the loop checks whether it should stop (default 200). */
  blocksPerRound?: number
}

/** Longest wait between rounds while a node keeps failing. */
const MAX_BACKOFF_MS = 30_000

/**
 * Starts following every configured chain.
 * @returns stop: ends the loops after their current round and resolves once they have.
 * @example
 * const stop = startIndexer(ctx)
 * await stop()
 */
export function startIndexer(ctx: ChainApiContext, options: StartIndexerOptions = {}): () => Promise<void> {
  const { pollIntervalMs } = ctx.config.indexer
  const blocksPerRound = options.blocksPerRound ?? 200
  let stopped = false
  const sleepers = new Set<() => void>()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        sleepers.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      sleepers.add(wake)
    })

  const loops = ctx.chains.list().map(async ({ caip2 }) => {
    const chain = ctx.chains.get(caip2)
    if (!chain) return
    let failures = 0
    while (!stopped) {
      let behind = false
      try {
        const result = await syncOnce(ctx, chain, {
          maxBlocks: blocksPerRound,
          ...(chain.indexFromBlock === undefined ? {} : { startBlock: chain.indexFromBlock }),
        })
        behind = result.cursor !== undefined && result.cursor < result.head
        if (failures > 0) ctx.log.info('indexer: chain reachable again', { chain: caip2 })
        failures = 0
      } catch (error) {
        failures++
        // The first failure and then every doubling: a node that is down does not flood the log.
        if ((failures & (failures - 1)) === 0)
          ctx.log.warn('indexer: sync failed', { chain: caip2, failures, error })
      }
      if (stopped) break
      if (!behind) await sleep(Math.min(pollIntervalMs * 2 ** Math.min(failures, 10), MAX_BACKOFF_MS))
    }
  })

  return async () => {
    stopped = true
    for (const wake of [...sleepers]) wake()
    await Promise.allSettled(loops)
  }
}
