/**
 * The gateway's tables.
 * @module
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Calls per project and fixed window, summed over every chain-api process: each process adds what it
 * counted since its last flush (about once a second) and reads back the total. Rows of ended windows are
 * swept.
 */
export const gwRateCounts = pgTable(
  'gw_rate_counts',
  {
    projectId: text('project_id').notNull(),
    /** The window length the count is for (a project's limit may change between deployments). */
    windowMs: integer('window_ms').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.windowMs, t.windowStart] }),
    index('gw_rate_counts_window_end').on(t.windowEnd),
  ],
)
