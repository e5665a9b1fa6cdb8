import type { SocialProvider } from '@keyframe/protocol/core'
import type { LoginProvider } from '@keyframe/protocol/frame-api/login'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { projects } from './projects.ts'
import { users } from './users.ts'

/**
 * A login account at a provider (a social provider, or Farcaster with the fid as subject), owned by one user.
 * Which user it joins on its first login is the linking rule of `auth/social/FLOW.md`.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider').$type<LoginProvider>().notNull(),
    /** The provider's stable account id (`sub`, the numeric id, the fid). */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's display/user name at the last login. */
    username: text('username'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject').on(t.provider, t.subject),
    index('identities_user').on(t.userId),
  ],
)

/**
 * A social login between its start and the provider's callback (10 minutes, single use). Keyed by SHA-256 of
 * `state`, so a database read alone cannot finish someone's flow; bound to the device key that started it.
 */
export const socialFlows = pgTable(
  'social_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    devicePublicKey: text('device_public_key').notNull(),
    /** The frame's pinned parent origin: the only target the callback page posts to. */
    parentOrigin: text('parent_origin').notNull(),
    /** The redirect fallback's page on `parentOrigin`; null for a popup. */
    returnTo: text('return_to'),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_flows_expires').on(t.expiresAt)],
)

/**
 * What a finished flow proved (the provider's account), waiting 60 s for the frame to redeem it once with the
 * flow's device key. Keyed by SHA-256 of the ticket.
 */
export const socialTickets = pgTable(
  'social_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    devicePublicKey: text('device_public_key').notNull(),
    provider: text('provider').$type<SocialProvider>().notNull(),
    subject: text('subject').notNull(),
    username: text('username'),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_tickets_expires').on(t.expiresAt)],
)
