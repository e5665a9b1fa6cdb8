import type { Database } from '@keyframe/server-kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { saveName } from './saveName.ts'
import { suggestNames } from './suggestNames.ts'
import { namesDatabase } from './testing/namesDatabase.ts'

const SUFFIX = '.keyframe.id'
const owner = privateKeyToAccount(`0x${'a1'.repeat(32)}`).address
const now = new Date('2026-01-01T00:00:00.000Z')

describe('suggestNames', () => {
  let database: Database
  const take = (label: string) =>
    saveName(database.db, {
      label,
      address: owner,
      coinType: 2147514985,
      attributes: {},
      signedAt: now,
      now,
      suffix: SUFFIX,
    })
  const suggest = (name: string) => suggestNames(database.db, name, SUFFIX)
  beforeAll(async () => {
    database = await namesDatabase()
    for (const label of ['taken', 'taken-1', 'taken-3']) await take(label)
  }, 60_000)
  afterAll(() => database?.close())

  test('default: a free name comes first, then free variants', async () => {
    expect(await suggest('alice')).toEqual([
      { name: 'alice.keyframe.id', registered: false },
      { name: 'alice-1.keyframe.id', registered: false },
      { name: 'alice-2.keyframe.id', registered: false },
      { name: 'alice-3.keyframe.id', registered: false },
      { name: 'alice-4.keyframe.id', registered: false },
      { name: 'alice-5.keyframe.id', registered: false },
    ])
  })

  test('behavior: a taken name is marked registered and taken variants are skipped', async () => {
    expect(await suggest('taken.keyframe.id')).toEqual([
      { name: 'taken.keyframe.id', registered: true },
      { name: 'taken-2.keyframe.id', registered: false },
      { name: 'taken-4.keyframe.id', registered: false },
      { name: 'taken-5.keyframe.id', registered: false },
      { name: 'taken-6.keyframe.id', registered: false },
      { name: 'taken-7.keyframe.id', registered: false },
    ])
  })

  test('behavior: typed input is tidied; too-short names get only valid variants', async () => {
    expect((await suggest(' Al_ice!.eth '))[0]).toEqual({ name: 'alice.keyframe.id', registered: false })
    expect((await suggest('bob')).map((s) => s.name)).toEqual([
      'bob-1.keyframe.id',
      'bob-2.keyframe.id',
      'bob-3.keyframe.id',
      'bob-4.keyframe.id',
      'bob-5.keyframe.id',
    ])
    expect(await suggest('!!!')).toEqual([])
  })
})
