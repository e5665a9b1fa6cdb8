import type { SocialProvider } from '@keyframe/protocol/core'
import { sql } from 'drizzle-orm'
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** How a project's users get back into their wallet on a new device (SECURITY.md §1, recovery set). */
export const RECOVERY_MODES = ['passphrase', 'operator'] as const
export type RecoveryMode = (typeof RECOVERY_MODES)[number]

/** Login methods a project may enable (`social`: the providers configured in `socials`). */
export const LOGIN_METHODS = ['email', 'social', 'farcaster'] as const
export type LoginMethod = (typeof LOGIN_METHODS)[number]

/**
 * A project's OAuth client at a provider. Server-side only: never in the frame HTML or an answer. `issuer`
 * replaces the provider's production endpoints (the devstack stand-in: `http://127.0.0.1:PORT/<provider>`).
 */
export type SocialClient = { clientId: string; clientSecret: string; issuer?: string }
export type SocialsConfig = Partial<Record<SocialProvider, SocialClient>>

/**
 * One dApp project: the SDK's `projectId`, the exact origins that may embed its frame, its login methods and
 * recovery mode, and the name its mails are branded with.
 */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Canonical allowed origins (`parseAllowedOrigin`): `frame-ancestors` and the bridge's allowlist. */
    allowedOrigins: text('allowed_origins').array().notNull(),
    loginMethods: text('login_methods').array().$type<LoginMethod[]>().notNull(),
    recoveryMode: text('recovery_mode').$type<RecoveryMode>().notNull(),
    /** The social providers turned on (with `social` in `loginMethods`) and their clients. */
    socials: jsonb('socials').$type<SocialsConfig>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('projects_id_format', sql`${t.id} ~ '^[A-Za-z0-9_-]{1,64}$'`),
    check('projects_recovery_mode', sql`${t.recoveryMode} in ('passphrase', 'operator')`),
    check('projects_has_origins', sql`cardinality(${t.allowedOrigins}) > 0`),
  ],
)
