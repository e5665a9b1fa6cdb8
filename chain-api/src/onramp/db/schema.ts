/**
 * The on-ramp's table: one row per purchase created by `/v1/generators/onrampurl`, paid at most once through
 * the sandbox page. Amounts are base units in `numeric(78, 0)`; addresses lowercase.
 * @module
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * `open` → `paying` (claimed by one pay request, before anything is sent) → `paid` (the transfer succeeded) or
 * `failed` (it was sent and reverted). A send that fails before reaching the chain returns the row to `open`.
 */
export const ONRAMP_STATUSES = ['open', 'paying', 'paid', 'failed'] as const
export type OnrampStatus = (typeof ONRAMP_STATUSES)[number]

export const onrampSessions = pgTable(
  'onramp_sessions',
  {
    /** 16 random bytes, base64url: the secret part of the sandbox URL. */
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    partnerUserId: text('partner_user_id').notNull(),
    /** CAIP-2 of the network. */
    chain: text('chain').notNull(),
    symbol: text('symbol').notNull(),
    /** The ERC20 bought; null for the native asset. */
    tokenAddress: text('token_address'),
    decimals: integer('decimals').notNull(),
    /** What the destination receives, in base units. */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** What the user pays in USD, fees included (display only); null when unknown (no price). */
    fiatTotal: text('fiat_total'),
    destination: text('destination').notNull(),
    status: text('status').$type<OnrampStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    txHash: text('tx_hash'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('onramp_sessions_status', sql`${t.status} in ('open', 'paying', 'paid', 'failed')`),
    index('onramp_sessions_destination').on(t.destination),
  ],
)
export type OnrampSession = typeof onrampSessions.$inferSelect
