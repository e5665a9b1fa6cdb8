/**
 * The Activity list as sections: one per month, newest first, each headed by the month name alone in the
 * current year and month and year otherwise (SPEC §2). The grouping rules are `@keyframe/protocol`'s.
 * @module
 */
import { groupTransactionsByYearMonth, monthLabel } from '@keyframe/protocol'

/** One month of the list. */
export type ActivitySection<T> = {
  /** `yyyy-m`, stable across pages (a key for the view). */
  key: string
  heading: string
  transactions: T[]
}

/**
 * The transactions (newest first, as chain-api pages them) in month sections, newest month first; within a
 * month the input order is kept. Dates are read in the person's time zone.
 * @example
 * activitySections(transactions, new Date()) // [{ key: '2026-10', heading: 'November', transactions: […] }, …]
 */
export function activitySections<T extends { metadata: { minedAt: string } }>(
  transactions: readonly T[],
  now: Date,
): ActivitySection<T>[] {
  const byYear = groupTransactionsByYearMonth(transactions)
  const sections: ActivitySection<T>[] = []
  const newestFirst = (keys: string[]) => keys.map(Number).sort((a, b) => b - a)
  for (const year of newestFirst(Object.keys(byYear))) {
    const months = byYear[year] ?? {}
    for (const month of newestFirst(Object.keys(months)))
      sections.push({
        key: `${year}-${month}`,
        heading: monthLabel(new Date(year, month, 1), now),
        transactions: months[month] ?? [],
      })
  }
  return sections
}
