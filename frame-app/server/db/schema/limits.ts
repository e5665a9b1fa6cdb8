import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Fixed-window counters: `key` names the subject (`share-release:<user>`), `window` its start. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    window: timestamp('window', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.window] })],
)

/** Who did what when. Never a secret: no code, token, share or key, and no free text. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    deviceId: uuid('device_id'),
    projectId: text('project_id'),
  },
  (t) => [index('audit_log_user_at').on(t.userId, t.at)],
)
