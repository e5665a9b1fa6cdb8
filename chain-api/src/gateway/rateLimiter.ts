/**
 * Per-project limits on gateway calls (`ProjectConfig.rpcRateLimit`: at most `max` calls per fixed window
 * of `windowMs`; each item of a batch is a call).
 *
 * The counters are kept in this process's memory, so checking a call costs no database round trip, and
 * shared through PostgreSQL (`gw_rate_counts`): about once a second each process adds what it counted since
 * its last flush and reads back the total of all processes. So several processes share one limit
 * APPROXIMATELY: between two flushes a process does not see the others' calls, and N processes can let
 * through up to N × (calls per flush interval) more than `max` near the end of a window. One process alone
 * enforces the limit exactly.
 * @module
 */
import type { Db } from '@keyframe/server-kit'
import { lt, sql } from 'drizzle-orm'
import { gwRateCounts } from './db/schema.ts'

export type RateLimit = { max: number; windowMs: number }
export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number }

export type RpcRateLimiter = {
  /** Counts `calls` calls of `projectId` if they fit in the current window; else says when it ends. */
  take(projectId: string, limit: RateLimit, calls: number): RateDecision
  /** Adds the calls counted since the last flush to the shared counts and reads back the totals. */
  flush(): Promise<void>
}

export type RpcRateLimiterOptions = {
  db: Db
  now(): Date
  /** How often `take` starts a flush (default 1000 ms). */
  flushEveryMs?: number
  /** A flush failed (the database is away): the counts stay pending and the next flush tries again. */
  onFlushError?(error: unknown): void
}

type Counter = {
  projectId: string
  windowMs: number
  windowStart: number
  /** The shared total at the last flush (all processes, this one's flushed calls included). */
  shared: number
  /** Calls of this process being written by the running flush. */
  writing: number
  /** Calls of this process not yet flushed. */
  pending: number
}

/** Rows of windows that ended longer ago than this are deleted. */
const KEEP_ENDED_MS = 60_000
const SWEEP_EVERY_MS = 60_000

/**
 * A rate limiter for one process.
 * @example
 * const limiter = createRpcRateLimiter({ db: ctx.db, now: ctx.now })
 * const decision = limiter.take(project.id, project.rpcRateLimit, payload.count)
 * if (!decision.ok) failRetryAfter('rate_limited', decision.retryAfterMs)
 */
export function createRpcRateLimiter(options: RpcRateLimiterOptions): RpcRateLimiter {
  const { db, now } = options
  const flushEveryMs = options.flushEveryMs ?? 1000
  const counters = new Map<string, Counter>()
  let lastFlushAt = now().getTime()
  let lastSweepAt = lastFlushAt
  let running: Promise<void> | undefined
  let queued: Promise<void> | undefined

  const flushOnce = async (): Promise<void> => {
    const at = now().getTime()
    lastFlushAt = at
    // Ended windows with nothing left to write are forgotten; the others are written (a window still
    // running is written even with nothing pending, to read the other processes' calls).
    const batch: Counter[] = []
    for (const [key, counter] of counters) {
      const ended = counter.windowStart + counter.windowMs <= at
      if (ended && counter.pending === 0) counters.delete(key)
      else batch.push(counter)
    }
    // One order for every process, so that two multi-row upserts never wait on each other's rows.
    batch.sort(
      (a, b) =>
        a.projectId.localeCompare(b.projectId) || a.windowMs - b.windowMs || a.windowStart - b.windowStart,
    )
    for (const counter of batch) {
      counter.writing = counter.pending
      counter.pending = 0
    }
    try {
      if (batch.length > 0) {
        const rows = await db
          .insert(gwRateCounts)
          .values(
            batch.map((counter) => ({
              projectId: counter.projectId,
              windowMs: counter.windowMs,
              windowStart: new Date(counter.windowStart),
              windowEnd: new Date(counter.windowStart + counter.windowMs),
              count: counter.writing,
            })),
          )
          .onConflictDoUpdate({
            target: [gwRateCounts.projectId, gwRateCounts.windowMs, gwRateCounts.windowStart],
            set: { count: sql`${gwRateCounts.count} + excluded.count` },
          })
          .returning({
            projectId: gwRateCounts.projectId,
            windowMs: gwRateCounts.windowMs,
            windowStart: gwRateCounts.windowStart,
            count: gwRateCounts.count,
          })
        for (const row of rows) {
          const counter = counters.get(keyOf(row.projectId, row.windowMs, row.windowStart.getTime()))
          if (counter) counter.shared = row.count
        }
        for (const counter of batch) counter.writing = 0
      }
      if (at - lastSweepAt >= SWEEP_EVERY_MS) {
        lastSweepAt = at
        await db.delete(gwRateCounts).where(lt(gwRateCounts.windowEnd, new Date(at - KEEP_ENDED_MS)))
      }
    } catch (error) {
      for (const counter of batch) {
        counter.pending += counter.writing
        counter.writing = 0
      }
      options.onFlushError?.(error)
    }
  }

  /** Starts a flush unless one is running (the hot path never waits for it). */
  const kick = (): Promise<void> => {
    running ??= flushOnce().finally(() => {
      running = undefined
    })
    return running
  }

  /** Writes everything counted so far: after the running flush (which may have missed the latest calls), one more. */
  const flush = (): Promise<void> => {
    if (!running) return kick()
    queued ??= running.then(() => {
      queued = undefined
      return kick()
    })
    return queued
  }

  return {
    take(projectId, limit, calls) {
      const at = now().getTime()
      const windowStart = Math.floor(at / limit.windowMs) * limit.windowMs
      const key = keyOf(projectId, limit.windowMs, windowStart)
      let counter = counters.get(key)
      if (!counter) {
        counter = { projectId, windowMs: limit.windowMs, windowStart, shared: 0, writing: 0, pending: 0 }
        counters.set(key, counter)
      }
      if (at - lastFlushAt >= flushEveryMs) void kick()
      if (counter.shared + counter.writing + counter.pending + calls > limit.max)
        return { ok: false, retryAfterMs: windowStart + limit.windowMs - at }
      counter.pending += calls
      return { ok: true }
    },
    flush,
  }
}

function keyOf(projectId: string, windowMs: number, windowStart: number): string {
  return `${windowMs}:${windowStart}:${projectId}`
}
