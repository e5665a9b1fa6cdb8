import { type Database, openDatabase } from '@keyframe/server-kit'
import { createTestDatabase, testBackends } from '@keyframe/server-kit/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { gwRateCounts } from './db/schema.ts'
import { gatewayModule } from './module.ts'
import { createRpcRateLimiter } from './rateLimiter.ts'

const open = (url: string | undefined) =>
  openDatabase(url ? { url, dataDir: '' } : { dataDir: 'memory://' }, {
    schema: {},
    migrations: [gatewayModule.migrations!],
  })

const LIMIT = { max: 5, windowMs: 1000 }

describe.each(testBackends())('rate limiter (%s)', (backend) => {
  let database: Database
  // A clock the tests move; it starts on a window boundary so that the figures are exact.
  let t = Date.UTC(2030, 0, 1)
  const now = () => new Date(t)
  let project = 0
  const nextProject = () => `p${++project}`

  beforeAll(async () => {
    database = await createTestDatabase(backend, open)
  }, 60_000)
  afterAll(() => database?.close())

  test('default: calls pass up to max, then wait for the end of the window', () => {
    const limiter = createRpcRateLimiter({ db: database.db, now })
    const id = nextProject()
    for (let i = 0; i < 5; i++) expect(limiter.take(id, LIMIT, 1)).toEqual({ ok: true })
    t += 300
    expect(limiter.take(id, LIMIT, 1)).toEqual({ ok: false, retryAfterMs: 700 })
    t += 700
    expect(limiter.take(id, LIMIT, 1)).toEqual({ ok: true })
  })

  test('behavior: a batch needs room for all its calls; refused calls do not count', () => {
    const limiter = createRpcRateLimiter({ db: database.db, now })
    const id = nextProject()
    expect(limiter.take(id, LIMIT, 3)).toEqual({ ok: true })
    expect(limiter.take(id, LIMIT, 3).ok).toBe(false)
    expect(limiter.take(id, LIMIT, 2)).toEqual({ ok: true })
    expect(limiter.take(id, LIMIT, 1).ok).toBe(false)
  })

  test('behavior: each project has its own count', () => {
    const limiter = createRpcRateLimiter({ db: database.db, now })
    const [a, b] = [nextProject(), nextProject()]
    expect(limiter.take(a, LIMIT, 5)).toEqual({ ok: true })
    expect(limiter.take(a, LIMIT, 1).ok).toBe(false)
    expect(limiter.take(b, LIMIT, 5)).toEqual({ ok: true })
  })

  test('behavior: two processes share the limit through the database after a flush', async () => {
    const id = nextProject()
    const limit = { max: 10, windowMs: 60_000 }
    t = Math.ceil(t / limit.windowMs) * limit.windowMs
    const one = createRpcRateLimiter({ db: database.db, now })
    const two = createRpcRateLimiter({ db: database.db, now })
    expect(one.take(id, limit, 6)).toEqual({ ok: true })
    // Before a flush the second process does not know of the first one's calls (the approximation).
    expect(two.take(id, limit, 3)).toEqual({ ok: true })
    await one.flush()
    await two.flush()
    await one.flush()
    // Both now see 9 of 10.
    expect(one.take(id, limit, 2).ok).toBe(false)
    expect(two.take(id, limit, 2).ok).toBe(false)
    expect(two.take(id, limit, 1)).toEqual({ ok: true })
    await two.flush()
    const [row] = await database.db.select().from(gwRateCounts).where(eqProject(id))
    expect(row).toMatchObject({ projectId: id, windowMs: 60_000, count: 10, windowStart: new Date(t) })
    expect(row?.windowEnd).toEqual(new Date(t + 60_000))
  })

  test('behavior: a flush is started by a call once a second', async () => {
    const id = nextProject()
    const limiter = createRpcRateLimiter({ db: database.db, now, flushEveryMs: 1000 })
    limiter.take(id, { max: 100, windowMs: 60_000 }, 4)
    expect(await database.db.select().from(gwRateCounts).where(eqProject(id))).toEqual([])
    t += 1000
    limiter.take(id, { max: 100, windowMs: 60_000 }, 1)
    await limiter.flush()
    const rows = await database.db.select().from(gwRateCounts).where(eqProject(id))
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(5)
  })

  test('behavior: rows of windows ended over a minute ago are swept', async () => {
    const id = nextProject()
    const limiter = createRpcRateLimiter({ db: database.db, now })
    limiter.take(id, LIMIT, 1)
    await limiter.flush()
    expect(await database.db.select().from(gwRateCounts).where(eqProject(id))).toHaveLength(1)
    t += 125_000
    await limiter.flush()
    expect(await database.db.select().from(gwRateCounts).where(eqProject(id))).toEqual([])
  })

  test('error: without the database the limit still holds in this process and the counts wait', {
    timeout: 60_000,
  }, async () => {
    const broken = await open(undefined)
    await broken.close()
    const errors: unknown[] = []
    const limiter = createRpcRateLimiter({ db: broken.db, now, onFlushError: (error) => errors.push(error) })
    const id = nextProject()
    expect(limiter.take(id, LIMIT, 4)).toEqual({ ok: true })
    await limiter.flush()
    expect(errors).toHaveLength(1)
    expect(limiter.take(id, LIMIT, 2).ok).toBe(false)
    expect(limiter.take(id, LIMIT, 1)).toEqual({ ok: true })
  })
})

function eqProject(id: string) {
  return eq(gwRateCounts.projectId, id)
}
