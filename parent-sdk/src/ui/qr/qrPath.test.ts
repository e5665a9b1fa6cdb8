import { encode } from 'uqr'
import { describe, expect, test } from 'vitest'
import { QUIET_ZONE, qrPath } from './qrPath.ts'

const ADDRESS = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

/** The modules a path paints, read back from its `M x y h run v1 h -run z` rectangles. */
function painted(size: number, d: string): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(run); i++) grid[Number(y)]![Number(x) + i] = true
  }
  return grid
}

describe('qrPath', () => {
  test('default: the path paints exactly the dark modules of the code, nothing else', () => {
    const { size, d } = qrPath(ADDRESS)
    const { data } = encode(ADDRESS, { ecc: 'M', border: QUIET_ZONE })
    expect(size).toBe(data.length)
    expect(painted(size, d)).toEqual(data)
    // Only rectangles: nothing the regex above would not have read.
    expect(d.replace(/M\d+ \d+h\d+v1h-\d+z/g, '')).toBe('')
  })

  test('behavior: a quiet zone of 4 light modules surrounds the code on every side', () => {
    const { size, d } = qrPath(ADDRESS)
    const grid = painted(size, d)
    const edge = (i: number) => i < QUIET_ZONE || i >= size - QUIET_ZONE
    const darkInZone = grid.flatMap((row, y) => row.filter((dark, x) => dark && (edge(x) || edge(y))))
    expect(darkInZone).toEqual([])
    // The finder pattern's corner sits right inside the zone (top left, top right, bottom left).
    expect(grid[QUIET_ZONE]![QUIET_ZONE]).toBe(true)
    expect(grid[QUIET_ZONE]![size - QUIET_ZONE - 1]).toBe(true)
    expect(grid[size - QUIET_ZONE - 1]![QUIET_ZONE]).toBe(true)
  })

  test('behavior: an address fits a small code (version 3: 29 modules, 37 with the zone)', () => {
    expect(qrPath(ADDRESS).size).toBe(37)
  })
})
