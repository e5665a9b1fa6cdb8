// createSession, listSessions and revokeSession on one database: the sessions table's whole life.
import type { Database } from '@keyframe/server-kit'
import { testBackends } from '@keyframe/server-kit/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSession } from './createSession.ts'
import { listSessions } from './listSessions.ts'
import { revokeSession } from './revokeSession.ts'
import { sessionsDatabase } from './testing/sessionsDatabase.ts'

const t0 = new Date('2026-01-01T00:00:00.000Z')
const at = (s: number) => new Date(t0.getTime() + s * 1000)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
let n = 0
const owner = () => ({
  chainId: 'eip155:31337',
  address: `0x${(++n).toString(16).padStart(40, '0')}`,
  projectId: 'dev',
})
const permissions = [{ type: 'native-token-transfer', data: { allowance: '0x1' } }]

describe.each(testBackends())('sessions store (%s)', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await sessionsDatabase(backend)
  }, 60_000)
  afterAll(() => database?.close())
  const create = (o: ReturnType<typeof owner>, message: string, s = 0) =>
    createSession(database.db, { ...o, permissions, policies: [], expiresAt: at(3600), message, now: at(s) })

  test('default: a created session is listed', async () => {
    const o = owner()
    const created = await create(o, 'text 1')
    expect(created).toEqual({
      ok: true,
      session: {
        pci: expect.stringMatching(UUID),
        project: { id: 'dev' },
        expiry: t0.getTime() / 1000 + 3600,
        createdAt: '2026-01-01T00:00:00.000Z',
        permissions,
        policies: [],
        revokedAt: null,
      },
    })
    expect(await listSessions(database.db, o)).toEqual([created.ok && created.session])
  })

  test('behavior: newest first; only the account and project asked for, address in any case', async () => {
    const o = owner()
    const first = await create(o, 'a first', 1)
    const second = await create(o, 'a second', 2)
    await create({ ...o, projectId: 'other' }, 'other project')
    await create({ ...o, chainId: 'eip155:31338' }, 'other chain')
    await create(owner(), 'other account')
    const listed = await listSessions(database.db, {
      ...o,
      address: o.address.toUpperCase().replace('0X', '0x'),
    })
    expect(listed.map((s) => s.pci)).toEqual([second.ok && second.session.pci, first.ok && first.session.pci])
  })

  test('error: the same signed text creates one session only', async () => {
    const o = owner()
    expect((await create(o, 'once')).ok).toBe(true)
    expect(await create(o, 'once')).toEqual({ ok: false, reason: 'duplicate' })
    expect(await listSessions(database.db, o)).toHaveLength(1)
  })

  test('behavior: revoking sets revokedAt once; revoking again keeps it', async () => {
    const o = owner()
    const created = await create(o, 'to revoke')
    if (!created.ok) throw new Error('not created')
    const pci = created.session.pci
    expect(await revokeSession(database.db, { ...o, pci, now: at(10) })).toEqual({
      ...created.session,
      revokedAt: '2026-01-01T00:00:10.000Z',
    })
    expect((await revokeSession(database.db, { ...o, pci: pci.toUpperCase(), now: at(20) }))?.revokedAt).toBe(
      '2026-01-01T00:00:10.000Z',
    )
    expect((await listSessions(database.db, o))[0]?.revokedAt).toBe('2026-01-01T00:00:10.000Z')
  })

  test('error: a session of another account or project cannot be revoked through this one', async () => {
    const o = owner()
    const created = await create(o, 'not yours')
    if (!created.ok) throw new Error('not created')
    const pci = created.session.pci
    expect(await revokeSession(database.db, { ...owner(), pci, now: at(5) })).toBeUndefined()
    expect(await revokeSession(database.db, { ...o, projectId: 'other', pci, now: at(5) })).toBeUndefined()
    expect(
      await revokeSession(database.db, { ...o, pci: '00000000-0000-4000-8000-000000000000', now: at(5) }),
    ).toBeUndefined()
    expect((await listSessions(database.db, o))[0]?.revokedAt).toBeNull()
  })
})
