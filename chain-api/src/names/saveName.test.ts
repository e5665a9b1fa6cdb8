import type { Database } from '@keyframe/server-kit'
import { testBackends } from '@keyframe/server-kit/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountByLabel, accountsByAddress } from './readAccounts.ts'
import { saveName } from './saveName.ts'
import { namesDatabase } from './testing/namesDatabase.ts'

const SUFFIX = '.keyframe.id'
const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`).address
const bob = privateKeyToAccount(`0x${'b2'.repeat(32)}`).address
const LOCAL = 2147514985 // eip155:31337
const LOCAL_2 = 2147514986 // eip155:31338
const t0 = new Date('2026-01-01T00:00:00.000Z')
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)

describe.each(testBackends())('saveName (%s)', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await namesDatabase(backend)
  }, 60_000)
  afterAll(() => database?.close())

  const save = (
    label: string,
    address: `0x${string}`,
    o: { coinType?: number; attributes?: Record<string, string>; signedAt?: Date; now?: Date } = {},
  ) =>
    saveName(database.db, {
      label,
      address,
      coinType: o.coinType ?? LOCAL,
      attributes: o.attributes ?? {},
      signedAt: o.signedAt ?? t0,
      now: o.now ?? t0,
      suffix: SUFFIX,
    })

  test('default: a free name is registered to its signer', async () => {
    expect(await save('alice', alice, { attributes: { avatar: 'https://example.org/a.png' } })).toEqual({
      ok: true,
      account: {
        name: 'alice.keyframe.id',
        registered: '2026-01-01T00:00:00.000Z',
        updated: '2026-01-01T00:00:00.000Z',
        addresses: { [LOCAL]: { address: alice, created: '2026-01-01T00:00:00.000Z' } },
        attributes: { avatar: 'https://example.org/a.png' },
      },
    })
  })

  test('behavior: the holder updates the attributes and adds a chain; registered stays', async () => {
    await save('carol', alice, { attributes: { bio: 'one' } })
    const result = await save('carol', alice, {
      coinType: LOCAL_2,
      attributes: { bio: 'two' },
      signedAt: at(60),
      now: at(61),
    })
    expect(result.ok && result.account).toEqual({
      name: 'carol.keyframe.id',
      registered: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:01:01.000Z',
      addresses: {
        [LOCAL]: { address: alice, created: '2026-01-01T00:00:00.000Z' },
        [LOCAL_2]: { address: alice, created: '2026-01-01T00:01:01.000Z' },
      },
      attributes: { bio: 'two' },
    })
  })

  test('error: a name held by another address is taken; nothing changes', async () => {
    await save('dave', alice, { attributes: { bio: 'mine' } })
    expect(await save('dave', bob, { attributes: { bio: 'stolen' }, signedAt: at(5), now: at(5) })).toEqual({
      ok: false,
      reason: 'taken',
    })
    expect((await accountByLabel(database.db, 'dave', SUFFIX))?.attributes).toEqual({ bio: 'mine' })
  })

  test('error: a message older than the last accepted one cannot roll the name back', async () => {
    await save('erin', alice, { attributes: { bio: 'new' }, signedAt: at(100), now: at(100) })
    expect(await save('erin', alice, { attributes: { bio: 'old' }, signedAt: at(50), now: at(101) })).toEqual(
      {
        ok: false,
        reason: 'stale',
      },
    )
    // The same message again (another chain, say) is fine.
    expect(
      (await save('erin', alice, { attributes: { bio: 'new' }, signedAt: at(100), now: at(102) })).ok,
    ).toBe(true)
  })

  test('behavior: two addresses racing for a free name: exactly one gets it', async () => {
    const results = await Promise.all([save('frank', alice), save('frank', bob)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'taken' }])
  })

  test('behavior: reverse lookup lists the names of an address, most recently updated first', async () => {
    const owner = privateKeyToAccount(`0x${'c3'.repeat(32)}`).address
    await save('gina-1', owner, { now: at(10) })
    await save('gina-2', owner, { now: at(20) })
    await save('gina-1', owner, { signedAt: at(30), now: at(30) })
    expect((await accountsByAddress(database.db, owner.toLowerCase(), SUFFIX)).map((a) => a.name)).toEqual([
      'gina-1.keyframe.id',
      'gina-2.keyframe.id',
    ])
    expect(await accountsByAddress(database.db, `0x${'00'.repeat(20)}`, SUFFIX)).toEqual([])
    expect(await accountByLabel(database.db, 'nobody', SUFFIX)).toBeUndefined()
  })
})
