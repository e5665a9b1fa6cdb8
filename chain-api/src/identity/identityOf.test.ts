import type { Database } from '@keyframe/server-kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { saveName } from '../names/saveName.ts'
import { namesDatabase } from '../names/testing/namesDatabase.ts'
import { identityOf } from './identityOf.ts'

const SUFFIX = '.keyframe.id'
const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`).address
const t0 = new Date('2026-01-01T00:00:00.000Z')
const at = (s: number) => new Date(t0.getTime() + s * 1000)

describe('identityOf', () => {
  let database: Database
  beforeAll(async () => {
    database = await namesDatabase()
  }, 60_000)
  afterAll(() => database?.close())
  const save = (label: string, attributes: Record<string, string>, s: number) =>
    saveName(database.db, {
      label,
      address: alice,
      coinType: 2147514985,
      attributes,
      signedAt: at(s),
      now: at(s),
      suffix: SUFFIX,
    })

  test('default: an address without a name', async () => {
    expect(await identityOf(database.db, alice, SUFFIX)).toEqual({ name: null, avatar: null })
  })

  test('behavior: the most recently updated name and its avatar, whatever the address case', async () => {
    await save('alice', { avatar: 'https://example.org/alice.png' }, 0)
    expect(await identityOf(database.db, alice.toLowerCase(), SUFFIX)).toEqual({
      name: 'alice.keyframe.id',
      avatar: 'https://example.org/alice.png',
    })
    await save('alice-work', {}, 10)
    expect(await identityOf(database.db, alice, SUFFIX)).toEqual({
      name: 'alice-work.keyframe.id',
      avatar: null,
    })
  })
})
