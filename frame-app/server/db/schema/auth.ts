import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { projects } from './projects.ts'
import { identities } from './social.ts'
import { devices, users } from './users.ts'

/** What a mailed code is for. `device` is the VERIFY_DEVICE approval link; `reauth` refreshes a factor. */
export const CHALLENGE_PURPOSES = ['login', 'device', 'update_primary', 'update_secondary', 'reauth'] as const
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number]

/**
 * One mailed code. Only HMAC(OTP_PEPPER, id ‖ code) is stored, so a code is bound to its challenge and a
 * database dump reveals no code. Single use (`used_at`), 5 tries, 10 minutes.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').$type<ChallengePurpose>().notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The address the code was sent to (normalized). */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The device the code is bound to (login, device, reauth). */
    devicePublicKey: text('device_public_key'),
    /** The account it acts on (device, update_*, reauth). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session that asked (device, update_*, reauth). */
    sessionId: uuid('session_id'),
    /** The address being moved to (update_primary, update_secondary). */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    /** Approved from the mail (device): the waiting frame may now take its session. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'otp_challenges_purpose',
      sql`${t.purpose} in ('login', 'device', 'update_primary', 'update_secondary', 'reauth')`,
    ),
    index('otp_challenges_email_created').on(t.email, t.createdAt),
    index('otp_challenges_lookup').on(t.email, t.purpose, t.devicePublicKey),
  ],
)

/**
 * A login session. Only SHA-256 of the token is stored. `last_factor_at` is the last time the user proved
 * their mailbox (OTP, device approval, re-auth): share release checks it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** The provider account this session logged in with; null for an e-mail login. */
    identityId: uuid('identity_id').references(() => identities.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastFactorAt: timestamp('last_factor_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId)],
)
