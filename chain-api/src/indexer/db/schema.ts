/**
 * The indexer's tables. Every row carries its chain and block number, so that a reorg removes everything
 * above the common ancestor with one delete per table. Addresses and hashes are stored lowercase; amounts
 * are `numeric(78, 0)` (a uint256 fits).
 * @module
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/** Where the indexer stands on each chain: the last block written, with its hash. */
export const idxCursors = pgTable('idx_cursors', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
})

/** The blocks indexed, to find the common ancestor after a reorg. */
export const idxBlocks = pgTable(
  'idx_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
)

/** Every transaction of the indexed blocks. */
export const idxTransactions = pgTable(
  'idx_transactions',
  {
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    from: text('from_address').notNull(),
    /** The called address, or the created contract. */
    to: text('to_address').notNull(),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    /** `success` or `reverted`. */
    status: text('status').$type<'success' | 'reverted'>().notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    /** First 4 bytes of the input (`0x` for a plain transfer). */
    selector: text('selector').notNull(),
    /** gas used × effective gas price, in wei. */
    fee: numeric('fee', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.hash] }),
    index('idx_transactions_block').on(t.chainId, t.blockNumber),
    check('idx_transactions_status', sql`${t.status} in ('success', 'reverted')`),
  ],
)

export const TRANSFER_KINDS = ['native', 'erc20', 'erc721'] as const
export type TransferKind = (typeof TRANSFER_KINDS)[number]

/**
 * Movements of value: native (a transaction's value or an internal call's, `log_index` negative: −1, −2 … in
 * call order) and ERC20 / ERC721 `Transfer` logs (`log_index` of the log). `amount` is the token id for ERC721.
 */
export const idxTransfers = pgTable(
  'idx_transfers',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    kind: text('kind').$type<TransferKind>().notNull(),
    /** The token contract; empty for native. */
    contract: text('contract').notNull(),
    from: text('from_address').notNull(),
    to: text('to_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    index('idx_transfers_block').on(t.chainId, t.blockNumber),
    // tokenContractsOf: the contracts an address sent or received.
    index('idx_transfers_from').on(t.from, t.chainId, t.kind, t.contract),
    index('idx_transfers_to').on(t.to, t.chainId, t.kind, t.contract),
    check('idx_transfers_kind', sql`${t.kind} in ('native', 'erc20', 'erc721')`),
  ],
)

/** ERC20 and ERC721 `Approval` logs (`amount`: base units, or the approved token id). */
export const idxApprovals = pgTable(
  'idx_approvals',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    contract: text('contract').notNull(),
    owner: text('owner').notNull(),
    spender: text('spender').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    index('idx_approvals_block').on(t.chainId, t.blockNumber),
  ],
)

/**
 * Which transactions concern which address (sender, called address, either side of a transfer, owner of an
 * approval): one row per (address, transaction). The history reads a page of these per chain as one range
 * of the primary key, keyset on (block time, block, position): never an offset.
 */
export const idxAccountTransactions = pgTable(
  'idx_account_transactions',
  {
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    txHash: text('tx_hash').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'idx_account_transactions_pk',
      columns: [t.address, t.chainId, t.blockTime, t.blockNumber, t.txIndex],
    }),
    index('idx_account_transactions_block').on(t.chainId, t.blockNumber),
  ],
)

export const TOKEN_STANDARDS = ['erc20', 'erc721'] as const
export type TokenStandard = (typeof TOKEN_STANDARDS)[number]

/**
 * Token metadata read once from the contract (`name`, `symbol`, `decimals`); not tied to a block, so a
 * reorg keeps it. Empty strings / 0 where the contract does not answer.
 */
export const idxTokens = pgTable(
  'idx_tokens',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    standard: text('standard').$type<TokenStandard>().notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address] }),
    check('idx_tokens_standard', sql`${t.standard} in ('erc20', 'erc721')`),
  ],
)
