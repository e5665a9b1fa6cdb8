/**
 * The indexer's background work: one loop per configured chain, each calling `syncOnce` every poll interval
 * (at once again while it is behind), backing off while the node fails. A chain indexed for the first time
 * starts at its `indexFromBlock` (default 0). Several chain-api processes on one database index once: the
 * loops run only in the process holding the indexer's advisory lock; the others try again every
 * `leaderRetryMs` and one of them takes over when the holder stops or dies.
 * @module
 */
import type { AdvisoryLock } from '@keyframe/server-kit'
import type { ChainApiContext } from '../context.ts'
import { syncOnce } from './syncOnce.ts'

export type StartIndexerOptions = {
  /** Blocks written per round before the loop checks whether it should stop (default 200). */
  blocksPerRound?: number
  /** How often a process without the indexer's lock tries to take it (default 1000 ms). */
  leaderRetryMs?: number
}

/** Any number, the same for every chain-api process: the key of the indexer's lock (`writeBlock` has its own). */
export const INDEXER_LOCK = 0x6b66_6c64

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
  const leaderRetryMs = options.leaderRetryMs ?? 1000
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

  /** Follows every chain until `stopped` or `until()` says to stop. */
  const followChains = (until: () => boolean) =>
    ctx.chains.list().map(async ({ caip2 }) => {
      const chain = ctx.chains.get(caip2)
      if (!chain) return
      let failures = 0
      while (!stopped && !until()) {
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

  /** Waits for the lock, follows the chains while holding it, and starts over if its connection is lost. */
  const lead = async () => {
    let lockFailures = 0
    while (!stopped) {
      let lock: AdvisoryLock | undefined
      try {
        lock = await ctx.tryAdvisoryLock(INDEXER_LOCK, 0)
        lockFailures = 0
      } catch (error) {
        if (lockFailures++ === 0) ctx.log.warn('indexer: cannot take the lock', { error })
      }
      if (!lock) {
        await sleep(leaderRetryMs)
        continue
      }
      let lost = false
      void lock.lost.then(() => {
        lost = true
        for (const wake of [...sleepers]) wake()
      })
      ctx.log.info('indexer: leading')
      await Promise.allSettled(followChains(() => lost))
      // Lost: another process may be indexing already; writeBlock's per-chain lock keeps the overlap safe.
      if (lost) ctx.log.warn('indexer: lock lost')
      await lock.release()
    }
  }
  const running = lead()

  return async () => {
    stopped = true
    for (const wake of [...sleepers]) wake()
    await running
  }
}
