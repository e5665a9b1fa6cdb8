import { describe, expect, test } from 'vitest'
import { activitySections } from './activitySections.ts'

// Local times: the list reads dates in the person's time zone.
const at = (year: number, month: number, day: number) => ({
  id: `${year}-${month}-${day}`,
  metadata: { minedAt: new Date(year, month, day, 12).toISOString() },
})

describe('activitySections', () => {
  test('default: by year then month, newest first; the month alone this year, month and year before', () => {
    const sections = activitySections(
      [at(2026, 10, 20), at(2026, 10, 2), at(2026, 0, 15), at(2025, 11, 31), at(2024, 4, 1)],
      new Date(2026, 10, 27),
    )
    expect(sections.map((s) => [s.key, s.heading, s.transactions.map((t) => t.id)])).toEqual([
      ['2026-10', 'November', ['2026-10-20', '2026-10-2']],
      ['2026-0', 'January', ['2026-0-15']],
      ['2025-11', 'December 2025', ['2025-11-31']],
      ['2024-4', 'May 2024', ['2024-4-1']],
    ])
  })

  test('behavior: a later page adds to the month it continues (one section, not two)', () => {
    const now = new Date(2026, 10, 27)
    const sections = activitySections([at(2026, 9, 30), at(2026, 9, 1), at(2026, 8, 29)], now)
    expect(sections.map((s) => s.heading)).toEqual(['October', 'September'])
    expect(sections[0]?.transactions).toHaveLength(2)
  })

  test('behavior: nothing gives no sections', () => {
    expect(activitySections([], new Date())).toEqual([])
  })
})
