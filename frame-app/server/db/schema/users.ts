import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { projects } from './projects.ts'

/**
 * A person. Created only after a login proved them: an OTP for the address, or a provider's login (then the
 * address only when the provider says it is verified: `auth/social/FLOW.md`).
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  /** Normalized (trimmed, lower-case); null for an account that never proved an address. */
  email: text('email').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

/** A user's one wallet: what the frame derived from the entropy it generated. No key material. */
export const wallets = pgTable('wallets', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** EVM address (m/44'/60'/0'/0/0), EIP-55 checksummed. */
  address: text('address').notNull(),
  /** secp256k1 public key of that address, 0x + compressed (33 bytes) hex. */
  publicKey: text('public_key').notNull(),
  /** Solana address (m/44'/501'/0'/0'), base58. */
  solanaAddress: text('solana_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})

/**
 * A browser storage partition holding a device share. Its key pair lives in the frame (non-extractable);
 * the public key binds login and approval codes to it. Revoked rows stay as history.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    /** Where it was verified (mail branding of later notices). */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('devices_active_key').on(t.userId, t.publicKey).where(sql`${t.revokedAt} is null`),
    index('devices_user_verified').on(t.userId, t.verifiedAt),
  ],
)

/**
 * Consecutive OTP failures per address, kept apart from `users` on purpose: an address without an account
 * must lock exactly like one with an account, or the lockout itself would reveal which addresses exist.
 * Keyed by HMAC(pepper, e-mail) so it holds no plain address.
 */
export const loginGuards = pgTable('login_guards', {
  emailHash: text('email_hash').primaryKey(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
})
