import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Single-use nonces for device-signed requests (`auth/deviceProof.ts`). In the database, not in memory, so
 * a nonce issued by one server instance is used once across all of them. Deleted when used; the sweep
 * drops the expired ones.
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
