/**
 * Reorgs: finding where the stored chain and the node's chain part, and removing what the node no longer has.
 * @module
 */
import type { Db } from '@keyframe/server-kit'
import { and, eq, gt, min } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import {
  idxAccountTransactions,
  idxApprovals,
  idxBlocks,
  idxCursors,
  idxTransactions,
  idxTransfers,
} from './db/schema.ts'
import { type ChainCursor, lockChain } from './writeBlock.ts'

/** The node's hash of block `number`, or undefined when the node has no such block (its chain is shorter). */
async function nodeHash(client: PublicClient, number: number): Promise<string | undefined> {
  try {
    const block = await client.getBlock({ blockNumber: BigInt(number) })
    return block.hash?.toLowerCase()
  } catch (error) {
    if ((error as { name?: string }).name === 'BlockNotFoundError') return undefined
    throw error
  }
}

/**
 * The highest stored block, at or below `below`, that the node still has (same hash), or undefined when none
 * is. Stored blocks are hash-linked (each was written onto its parent), so "still on the node's chain" holds
 * for every block up to the ancestor and for none above. Steps back 1, 2, 4 … blocks, then bisects: a
 * reorg of depth d costs about 2·log2(d) calls.
 */
export async function findCommonAncestor(
  db: Db,
  client: PublicClient,
  chainId: number,
  below: number,
): Promise<ChainCursor | undefined> {
  const [range] = await db
    .select({ lowest: min(idxBlocks.number) })
    .from(idxBlocks)
    .where(eq(idxBlocks.chainId, chainId))
  const lowest = range?.lowest
  if (lowest === null || lowest === undefined || below < lowest) return undefined
  const kept = async (number: number): Promise<ChainCursor | undefined> => {
    const [row] = await db
      .select({ hash: idxBlocks.hash })
      .from(idxBlocks)
      .where(and(eq(idxBlocks.chainId, chainId), eq(idxBlocks.number, number)))
    if (!row) return undefined
    return (await nodeHash(client, number)) === row.hash ? { number, hash: row.hash } : undefined
  }
  let gone = below + 1
  let step = 1
  let probe = below
  let good: ChainCursor | undefined
  for (;;) {
    good = await kept(probe)
    if (good) break
    gone = probe
    if (probe === lowest) return undefined
    probe = Math.max(lowest, below - step)
    step *= 2
  }
  while (gone - good.number > 1) {
    const middle = Math.floor((good.number + gone) / 2)
    const found = await kept(middle)
    if (found) good = found
    else gone = middle
  }
  return good
}

/**
 * Deletes every row of the chain above `to` and moves the cursor there (or removes it, `to` undefined), in
 * one transaction.
 */
export async function rewind(db: Db, chainId: number, to: ChainCursor | undefined): Promise<void> {
  const above = to?.number ?? -1
  await db.transaction(async (tx) => {
    await lockChain(tx, chainId)
    await tx.delete(idxBlocks).where(and(eq(idxBlocks.chainId, chainId), gt(idxBlocks.number, above)))
    for (const table of [idxTransactions, idxTransfers, idxApprovals, idxAccountTransactions])
      await tx.delete(table).where(and(eq(table.chainId, chainId), gt(table.blockNumber, above)))
    if (to)
      await tx
        .update(idxCursors)
        .set({ blockNumber: to.number, blockHash: to.hash })
        .where(eq(idxCursors.chainId, chainId))
    else await tx.delete(idxCursors).where(eq(idxCursors.chainId, chainId))
  })
}
