/**
 * Grouping and labelling the Activity list by month (SPEC §2).
 * @module
 */
import type { Transaction } from './transaction.ts'

/** English month names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** Transactions by year, then by month (0 = January), each list in input order. */
export type TransactionsByYearMonth<T> = Record<number, Record<number, T[]>>

/** Options of {@link groupTransactionsByYearMonth} and {@link monthLabel}. */
export type CalendarOptions = {
  /** Read dates in UTC instead of the local time zone. Default: false (what the user's calendar shows). */
  utc?: boolean
}

function yearMonth(date: Date, utc: boolean): [year: number, month: number] {
  return utc ? [date.getUTCFullYear(), date.getUTCMonth()] : [date.getFullYear(), date.getMonth()]
}

/**
 * Groups transactions by the year and month of `metadata.minedAt`, adding to `into` (the groups so far, for cursor
 * paging) without changing it. Transactions whose `minedAt` is not a date are left out.
 * @example
 * import { groupTransactionsByYearMonth } from '@keyframe/protocol'
 * groupTransactionsByYearMonth(page2, { into: groupsOfPage1 })[2024]?.[0] // January 2024
 */
export function groupTransactionsByYearMonth<
  T extends { metadata: Pick<Transaction['metadata'], 'minedAt'> },
>(
  txs: readonly T[],
  { into = {}, utc = false }: CalendarOptions & { into?: TransactionsByYearMonth<T> } = {},
): TransactionsByYearMonth<T> {
  const groups: TransactionsByYearMonth<T> = {}
  for (const [year, months] of Object.entries(into)) {
    const copy: Record<number, T[]> = {}
    for (const [month, list] of Object.entries(months)) copy[Number(month)] = [...list]
    groups[Number(year)] = copy
  }
  for (const tx of txs) {
    const date = new Date(tx.metadata.minedAt)
    if (Number.isNaN(date.getTime())) continue
    const [year, month] = yearMonth(date, utc)
    const months = groups[year] ?? {}
    groups[year] = months
    const list = months[month] ?? []
    months[month] = list
    list.push(tx)
  }
  return groups
}

/**
 * The heading of a month group: the month name alone in the current year, month and year otherwise; '' for an
 * invalid date.
 * @example
 * import { monthLabel } from '@keyframe/protocol'
 * monthLabel(new Date(2023, 4, 2), new Date(2024, 0, 1)) // 'May 2023'
 */
export function monthLabel(date: Date, now: Date, { utc = false }: CalendarOptions = {}): string {
  if (Number.isNaN(date.getTime())) return ''
  const [year, month] = yearMonth(date, utc)
  const [currentYear] = yearMonth(now, utc)
  const name = MONTH_NAMES[month] ?? ''
  return year === currentYear ? name : `${name} ${year}`
}
