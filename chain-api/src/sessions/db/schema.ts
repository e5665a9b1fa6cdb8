/**
 * Sessions granted by accounts to projects. The session text's hash is unique, so each signed creation makes at
 * most one session (a replay after a revoke is refused).
 * @module
 */

import type { SessionItem } from '@keyframe/protocol/chain-api/sessions'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const sessionsPcis = pgTable(
  'sessions_pcis',
  {
    pci: uuid('pci').primaryKey(),
    /** CAIP-2 of the account (`eip155:31337`). */
    chainId: text('chain_id').notNull(),
    /** Lowercase 0x address of the account. */
    address: text('address').notNull(),
    projectId: text('project_id').notNull(),
    permissions: jsonb('permissions').$type<SessionItem[]>().notNull(),
    policies: jsonb('policies').$type<SessionItem[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** SHA-256 hex of the signed session text. */
    messageHash: text('message_hash').notNull().unique(),
  },
  (t) => [index('sessions_pcis_account').on(t.chainId, t.address, t.projectId, t.createdAt)],
)
