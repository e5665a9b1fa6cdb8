import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFrameApp } from '../../app.ts'
import { randomSecrets } from '../../crypto/keys.ts'
import type { Database } from '../../db/createDatabase.ts'
import { createLogger } from '../../logger.ts'
import { createTestDatabase } from '../../testing/testDatabase.ts'

const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-approve-page-'))
let database: Database
let app: ReturnType<typeof createFrameApp>
const errors: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  app = createFrameApp({
    database,
    webRoot,
    secrets: randomSecrets(),
    logger: createLogger({ write: (line) => (line.includes('"level":"error"') ? errors.push(line) : 0) }),
  })
}, 60_000)
afterAll(async () => {
  await database?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

const id = '0b6c1f4e-1111-4a2b-8c3d-123456789abc'
const token = 'A'.repeat(43)

describe('POST /approve-device with a body it cannot use', () => {
  test.each([
    ['multipart without a boundary', 'multipart/form-data', `c=${id}&t=${token}`],
    ['multipart with an empty boundary', 'multipart/form-data; boundary=', '--\r\n'],
    [
      'multipart whose boundary is not in the body',
      'multipart/form-data; boundary=xyz',
      `--abc\r\nContent-Disposition: form-data; name="c"\r\n\r\n${id}\r\n--abc--\r\n`,
    ],
    ['multipart cut off', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-da'],
    ['a form with broken escapes', 'application/x-www-form-urlencoded', 'c=%zz&t=%'],
    ['JSON', 'application/json', JSON.stringify({ c: id, t: token })],
    ['no type', '', `c=${id}&t=${token}`],
  ])('error: %s is 400, never a 500', async (_, type, body) => {
    const before = errors.length
    const res = await app.request('http://localhost/approve-device', {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body,
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(await res.text()).toMatch(/This request could not be read|This link no longer works/)
    expect(errors.slice(before)).toEqual([])
  })

  test('error: a multipart body without a boundary reads "could not be read"', async () => {
    const res = await app.request('http://localhost/approve-device', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'x',
    })
    expect([res.status, await res.text()]).toEqual([
      400,
      expect.stringContaining('This request could not be read'),
    ])
  })
})
