import { describe, expect, test } from 'vitest'
import { groupTransactionsByYearMonth, MONTH_NAMES, monthLabel } from './history.ts'

function tx(id: string, minedAt: string) {
  return { id, metadata: { minedAt } }
}

describe('groupTransactionsByYearMonth', () => {
  test('default', () => {
    const groups = groupTransactionsByYearMonth(
      [
        tx('a', '2024-05-20T12:00:00Z'),
        tx('b', '2024-05-02T12:00:00Z'),
        tx('c', '2024-01-15T12:00:00Z'),
        tx('d', '2023-12-15T12:00:00Z'),
      ],
      { utc: true },
    )
    expect(groups).toEqual({
      2023: { 11: [tx('d', '2023-12-15T12:00:00Z')] },
      2024: {
        0: [tx('c', '2024-01-15T12:00:00Z')],
        4: [tx('a', '2024-05-20T12:00:00Z'), tx('b', '2024-05-02T12:00:00Z')],
      },
    })
  })

  test('parameters: utc', () => {
    const edge = tx('edge', '2024-01-01T00:30:00Z')
    expect(groupTransactionsByYearMonth([edge], { utc: true })).toEqual({ 2024: { 0: [edge] } })
  })

  test('parameters: into (cursor paging) adds without changing the earlier groups', () => {
    const page1 = groupTransactionsByYearMonth([tx('a', '2024-05-20T12:00:00Z')], { utc: true })
    const page2 = groupTransactionsByYearMonth(
      [tx('b', '2024-05-02T12:00:00Z'), tx('c', '2024-04-30T12:00:00Z')],
      {
        into: page1,
        utc: true,
      },
    )
    expect(page2[2024]?.[4]?.map((t) => t.id)).toEqual(['a', 'b'])
    expect(page2[2024]?.[3]?.map((t) => t.id)).toEqual(['c'])
    expect(page1).toEqual({ 2024: { 4: [tx('a', '2024-05-20T12:00:00Z')] } })
  })

  test('behavior: local time zone by default', () => {
    const local = new Date(2024, 6, 31, 23, 59)
    const groups = groupTransactionsByYearMonth([tx('a', local.toISOString())])
    expect(Object.keys(groups)).toEqual(['2024'])
    expect(Object.keys(groups[2024] ?? {})).toEqual(['6'])
  })

  test('behavior: transactions without a readable date are left out', () => {
    expect(groupTransactionsByYearMonth([tx('a', 'yesterday'), tx('b', '')], { utc: true })).toEqual({})
  })
})

describe('monthLabel', () => {
  const now = new Date(2024, 6, 15)

  test('default', () => {
    expect(monthLabel(new Date(2024, 4, 2), now)).toBe('May')
  })

  test('behavior: month plus year outside the current year', () => {
    expect(monthLabel(new Date(2023, 11, 31), now)).toBe('December 2023')
    expect(monthLabel(new Date(2025, 0, 1), now)).toBe('January 2025')
  })

  test('parameters: utc', () => {
    expect(
      monthLabel(new Date('2023-12-31T12:00:00Z'), new Date('2024-07-01T12:00:00Z'), { utc: true }),
    ).toBe('December 2023')
    expect(
      monthLabel(new Date('2024-02-10T12:00:00Z'), new Date('2024-07-01T12:00:00Z'), { utc: true }),
    ).toBe('February')
  })

  test('behavior: English month names', () => {
    expect(MONTH_NAMES.map((_, month) => monthLabel(new Date(2024, month, 1), now))).toMatchInlineSnapshot(`
      [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
      ]
    `)
  })

  test('behavior: an invalid date has no label', () => {
    expect(monthLabel(new Date('nope'), now)).toBe('')
  })
})
