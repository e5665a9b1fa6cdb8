import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { projects } from './projects.ts'

/**
 * A Sign In With Farcaster login between GET_FARCASTER_URI and CONNECT_FARCASTER (`auth/farcaster/FLOW.md`):
 * the nonce the server issued and the relay channel it opened, one per device key and project (a new start
 * replaces it, so an earlier nonce is dead). Single use: `used_at` is set by the first verification, good
 * or bad.
 */
export const farcasterLogins = pgTable(
  'farcaster_logins',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    devicePublicKey: text('device_public_key').notNull(),
    nonce: text('nonce').notNull(),
    /** The relay channel's bearer token (reads the channel's status). */
    channelToken: text('channel_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.devicePublicKey] }),
    index('farcaster_logins_expires').on(t.expiresAt),
  ],
)
