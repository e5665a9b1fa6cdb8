import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * The ERC20 tokens an account keeps (`wallet_watchAsset`), shown by the wallet views. Public data (a
 * contract, its symbol and decimals), kept per account; deleting the user deletes them.
 */
export const watchedTokens = pgTable(
  'watched_tokens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    /** Lower-case hex: one row per contract, whatever case the dApp wrote. */
    address: text('address').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chainId, t.address] })],
)
