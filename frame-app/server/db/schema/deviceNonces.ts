import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The nonces that device-signed requests have used (`auth/deviceProof.ts`), each kept until it expires. In
 * the database, not in memory, so a nonce is used once across every server instance; the sweep drops the
 * expired ones (an expired nonce is refused by its own expiry).
 */
export const deviceNonces = pgTable(
  'device_nonces',
  {
    nonce: text('nonce').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_nonces_expires').on(t.expiresAt)],
)
