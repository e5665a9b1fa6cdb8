/**
 * Writes one block's rows and moves the chain's cursor, in one transaction: a crash never leaves half a
 * block. Under a per-chain advisory lock, the block is written only if it extends the block the cursor
 * points at, so two indexers on one database (several chain-api processes) never write a block twice or onto
 * a stale fork.
 * @module
 */
import type { Db } from '@keyframe/server-kit'
import { eq, sql } from 'drizzle-orm'
import type { PgTable, TableConfig } from 'drizzle-orm/pg-core'
import {
  idxAccountTransactions,
  idxApprovals,
  idxBlocks,
  idxCursors,
  idxTransactions,
  idxTransfers,
} from './db/schema.ts'
import type { IndexedBlock } from './fetchBlock.ts'

/** The last block written on a chain. */
export type ChainCursor = { number: number; hash: string }

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'
/** Rows per insert statement (PostgreSQL takes at most 65 535 parameters per statement). */
const CHUNK = 1000

/** Any number, the same for every chain-api process: the first key of the per-chain write lock. */
const WRITE_LOCK = 0x6b66_6978

/** Takes the chain's write lock until the end of the current transaction. */
export async function lockChain(tx: Db, chainId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK}, ${chainId})`)
}

/** The chain's cursor, or undefined before its first block. */
export async function readCursor(db: Db, chainId: number): Promise<ChainCursor | undefined> {
  const [row] = await db.select().from(idxCursors).where(eq(idxCursors.chainId, chainId))
  return row ? { number: row.blockNumber, hash: row.blockHash } : undefined
}

/**
 * The (address, transaction) pairs of a block: sender, called address (or created contract), both sides of
 * every transfer, the owner of every approval. The zero address is left out: it is on every mint and burn
 * and nobody's account.
 */
export function accountRows(
  chainId: number,
  block: IndexedBlock,
): (typeof idxAccountTransactions.$inferInsert)[] {
  const byTx = new Map(
    block.transactions.map((tx) => [tx.hash, { tx, addresses: new Set([tx.from, tx.to]) }]),
  )
  for (const t of block.transfers) {
    byTx.get(t.txHash)?.addresses.add(t.from).add(t.to)
  }
  for (const a of block.approvals) byTx.get(a.txHash)?.addresses.add(a.owner)
  const rows: (typeof idxAccountTransactions.$inferInsert)[] = []
  for (const { tx, addresses } of byTx.values()) {
    for (const address of addresses) {
      if (!address || address === ZERO_ADDRESS) continue
      rows.push({
        address,
        chainId,
        blockNumber: block.number,
        txIndex: tx.txIndex,
        blockTime: block.timestamp,
        txHash: tx.hash,
      })
    }
  }
  return rows
}

async function insertChunked<T extends PgTable<TableConfig>>(db: Db, table: T, rows: T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing()
}

/**
 * Writes `block` if the chain's cursor is at its parent (or, for the first block, there is no cursor and
 * `block.number` is `startBlock`). Rows already present are kept (`on conflict do nothing`).
 * @returns true when written; false when the cursor is elsewhere (another indexer moved it, or a reorg):
 * the caller reads the cursor again.
 */
export async function writeBlock(
  db: Db,
  chainId: number,
  block: IndexedBlock,
  startBlock = 0,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Writers of the same chain take turns here (the lock ends with the transaction), so the one that comes
    // second sees the cursor the first moved, also before the chain's very first block.
    await lockChain(tx, chainId)
    const [cursor] = await tx.select().from(idxCursors).where(eq(idxCursors.chainId, chainId))
    const extends_ = cursor
      ? cursor.blockNumber === block.number - 1 && cursor.blockHash === block.parentHash
      : block.number === startBlock
    if (!extends_) return false

    await tx
      .insert(idxBlocks)
      .values({
        chainId,
        number: block.number,
        hash: block.hash,
        parentHash: block.parentHash,
        timestamp: block.timestamp,
      })
      .onConflictDoNothing()
    const at = { chainId, blockNumber: block.number }
    await insertChunked(
      tx,
      idxTransactions,
      block.transactions.map((t) => ({ ...at, ...t })),
    )
    await insertChunked(
      tx,
      idxTransfers,
      block.transfers.map((t) => ({ ...at, ...t })),
    )
    await insertChunked(
      tx,
      idxApprovals,
      block.approvals.map((a) => ({ ...at, ...a })),
    )
    await insertChunked(tx, idxAccountTransactions, accountRows(chainId, block))
    const next = { blockNumber: block.number, blockHash: block.hash }
    if (cursor) await tx.update(idxCursors).set(next).where(eq(idxCursors.chainId, chainId))
    else await tx.insert(idxCursors).values({ chainId, ...next })
    return true
  })
}
