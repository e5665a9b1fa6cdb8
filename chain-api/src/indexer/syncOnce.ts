/**
 * One round of the indexer on one chain: undo what the node no longer has, then write the new blocks up to
 * its head.
 * @module
 */
import type { Db } from '@keyframe/server-kit'
import type { PublicClient } from 'viem'
import type { Logger } from '../logger.ts'
import { fetchBlock, type IndexedBlock } from './fetchBlock.ts'
import { findCommonAncestor, rewind } from './rewind.ts'
import { ensureTokens } from './tokenMetadata.ts'
import { type ChainCursor, readCursor, writeBlock } from './writeBlock.ts'

/** A configured chain with its client (what `ctx.chains.get()` gives). */
export type IndexedChain = { id: number; caip2: string; client: PublicClient }

export type SyncOptions = {
  /** The first block indexed on a chain with no cursor yet (default 0). */
  startBlock?: number
  /** Stop after writing this many blocks (default: up to the head). */
  maxBlocks?: number
}

export type SyncResult = {
  /** The node's head when the round started. */
  head: number
  /** The last block written, after the round. */
  cursor: number | undefined
  written: number
  /** Set when stored blocks were removed: the block they were rewound to (undefined = all removed). */
  rewoundTo?: number | undefined
}

/** Blocks fetched ahead of the writer, in parallel. */
const PREFETCH = 8

/** Removes what the node no longer has, starting the search at `from`; returns the new cursor. */
async function undoReorg(
  ctx: { db: Db; log: Logger },
  chain: IndexedChain,
  from: number,
): Promise<ChainCursor | undefined> {
  const ancestor = await findCommonAncestor(ctx.db, chain.client, chain.id, from)
  await rewind(ctx.db, chain.id, ancestor)
  ctx.log.warn('indexer: reorg', { chain: chain.caip2, from, to: ancestor?.number ?? null })
  return ancestor
}

/**
 * Brings the index of `chain` up to the node's head (or `maxBlocks` further). After a reorg (anvil's
 * `anvil_revert`, a replaced tip) the blocks the node no longer has are deleted with everything in them
 * before the new ones are written, so nothing is listed twice and nothing reverted away stays.
 * @example
 * await syncOnce(ctx, ctx.chains.get('eip155:31337')!)
 */
export async function syncOnce(
  ctx: { db: Db; log: Logger },
  chain: IndexedChain,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { db } = ctx
  const startBlock = options.startBlock ?? 0
  const maxBlocks = options.maxBlocks ?? Number.POSITIVE_INFINITY
  // viem caches the block number for the client's polling interval: the indexer wants the node's head now.
  const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }))
  let cursor = await readCursor(db, chain.id)
  let rewound = false
  let rewoundTo: number | undefined

  // The stored tip must still be the node's block at that height (a revert to a snapshot, then as many new
  // blocks or fewer, leaves no other trace).
  if (cursor) {
    const tip =
      cursor.number <= head ? await chain.client.getBlock({ blockNumber: BigInt(cursor.number) }) : undefined
    if (tip?.hash?.toLowerCase() !== cursor.hash) {
      cursor = await undoReorg(ctx, chain, Math.min(cursor.number, head))
      rewound = true
      rewoundTo = cursor?.number
    }
  }

  let written = 0
  let next = cursor ? cursor.number + 1 : startBlock
  while (next <= head && written < maxBlocks) {
    const count = Math.min(PREFETCH, head - next + 1, maxBlocks - written)
    const blocks: IndexedBlock[] = await Promise.all(
      Array.from({ length: count }, (_, i) => fetchBlock(chain.client, next + i)),
    )
    for (const block of blocks) {
      if (cursor && block.parentHash !== cursor.hash) {
        // The node's chain changed between our reads: undo from our tip and fetch again from there.
        cursor = await undoReorg(ctx, chain, cursor.number)
        rewound = true
        rewoundTo = cursor?.number
        break
      }
      await ensureTokens(db, chain.client, chain.id, block.tokens)
      if (!(await writeBlock(db, chain.id, block, startBlock))) {
        // Another indexer wrote it (or rewound): continue from wherever the cursor now is.
        cursor = await readCursor(db, chain.id)
        break
      }
      cursor = { number: block.number, hash: block.hash }
      written++
    }
    next = cursor ? cursor.number + 1 : startBlock
  }
  return { head, cursor: cursor?.number, written, ...(rewound ? { rewoundTo } : {}) }
}
