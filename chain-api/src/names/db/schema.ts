/**
 * The name registry's tables. A name belongs to the address that first registered it (`owner`); its addresses
 * are kept per ENSIP-11 coin type. Labels are stored lowercase, without the suffix, so that the suffix can be
 * configured without touching the data.
 * @module
 */
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const namesAccounts = pgTable(
  'names_accounts',
  {
    /** Lowercase label (`alice` of `alice.keyframe.id`). */
    label: text('label').primaryKey(),
    /** Lowercase 0x address that registered the name; only it may update the name. */
    owner: text('owner').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** `timestamp` of the last accepted registration message: an older message cannot roll the name back. */
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('names_accounts_owner').on(t.owner)],
)

export const namesAddresses = pgTable(
  'names_addresses',
  {
    label: text('label')
      .notNull()
      .references(() => namesAccounts.label, { onDelete: 'cascade' }),
    /** ENSIP-11 coin type (chain id | 0x80000000). */
    coinType: bigint('coin_type', { mode: 'number' }).notNull(),
    /** Lowercase 0x address (answers use the checksum form). */
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.label, t.coinType] }), index('names_addresses_address').on(t.address)],
)
