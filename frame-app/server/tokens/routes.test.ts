import { MAX_WATCHED_TOKENS } from '@keyframe/protocol/frame-api/tokens'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { watchedTokens } from '../db/schema/tokens.ts'
import { createHarness, type Harness } from '../testing/harness.ts'
import { testBackends } from '../testing/testDatabase.ts'

let n = 0
const address = (label: string) => `${label}-${++n}@example.net`
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token = { chainId: 31337, address: TOKEN.toLowerCase(), symbol: 'KFT', decimals: 18 }

describe.each(testBackends())('kept tokens (%s)', (backend) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ backend })
  }, 60_000)
  afterAll(() => h?.close())

  test('default: a token the device adds is listed, checksummed, on every device of the account', async () => {
    const email = address('watch')
    const first = await h.login(email)
    const added = await h.call('POST', '/api/tokens', token, first.auth)
    expect(added.status).toBe(200)
    expect(added.json).toEqual({ token: { ...token, address: TOKEN } })
    h.advance(31_000)
    const second = await h.login(email)
    expect(second.device.id).not.toBe(first.device.id)
    const listed = await h.call('GET', '/api/tokens', undefined, second.auth)
    expect(listed.status).toBe(200)
    expect(listed.json).toEqual({ tokens: [{ ...token, address: TOKEN }] })
  })

  test('behavior: adding it again replaces symbol and decimals, whatever the address case; one row', async () => {
    const login = await h.login(address('again'))
    await h.call('POST', '/api/tokens', token, login.auth)
    const again = await h.call(
      'POST',
      '/api/tokens',
      { ...token, address: TOKEN, symbol: 'KF', decimals: 6 },
      login.auth,
    )
    expect(again.status).toBe(200)
    const listed = await h.call('GET', '/api/tokens', undefined, login.auth)
    expect(listed.json).toEqual({ tokens: [{ ...token, address: TOKEN, symbol: 'KF', decimals: 6 }] })
  })

  test('behavior: the same contract on another chain is another token; another account sees none', async () => {
    const login = await h.login(address('chains'))
    await h.call('POST', '/api/tokens', token, login.auth)
    await h.call('POST', '/api/tokens', { ...token, chainId: 31338 }, login.auth)
    const listed = await h.call('GET', '/api/tokens', undefined, login.auth)
    expect((listed.json.tokens as { chainId: number }[]).map((t) => t.chainId)).toEqual([31337, 31338])
    const other = await h.login(address('other'))
    expect((await h.call('GET', '/api/tokens', undefined, other.auth)).json).toEqual({ tokens: [] })
  })

  test('error: without the device signature nothing is kept (the session token alone opens nothing)', async () => {
    const login = await h.login(address('proof'))
    const bare = await h.call('POST', '/api/tokens', token, { token: login.auth.token, device: null })
    expect(bare.status).toBe(403)
    expect((await h.call('GET', '/api/tokens', undefined, login.auth)).json).toEqual({ tokens: [] })
    // Control: the same request signed by the device is kept.
    expect((await h.call('POST', '/api/tokens', token, login.auth)).status).toBe(200)
  })

  test('error: no session is 401; a bad body is 400 naming the field', async () => {
    expect((await h.call('GET', '/api/tokens')).status).toBe(401)
    const login = await h.login(address('body'))
    const bad = await h.call('POST', '/api/tokens', { ...token, decimals: 99 }, login.auth)
    expect(bad.status).toBe(400)
    expect(bad.json.message).toMatch(/decimals/)
  })

  test(`error: an account keeps at most ${MAX_WATCHED_TOKENS} tokens (409); one already kept may still change`, async () => {
    const login = await h.login(address('limit'))
    const first = { ...token, chainId: 7, address: `0x${'11'.repeat(20)}` }
    await h.call('POST', '/api/tokens', first, login.auth)
    const [own] = await h.db
      .select({ userId: watchedTokens.userId })
      .from(watchedTokens)
      .where(and(eq(watchedTokens.chainId, 7), eq(watchedTokens.address, first.address)))
    const userId = own!.userId
    await h.db.insert(watchedTokens).values(
      Array.from({ length: MAX_WATCHED_TOKENS - 1 }, (_, i) => ({
        userId,
        chainId: 7,
        address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
        symbol: 'T',
        decimals: 0,
        createdAt: h.now(),
      })),
    )
    const over = await h.call(
      'POST',
      '/api/tokens',
      { ...first, address: `0x${'22'.repeat(20)}` },
      login.auth,
    )
    expect(over.status).toBe(409)
    expect(over.json).toEqual({
      code: 'too_many_tokens',
      message: `An account keeps at most ${MAX_WATCHED_TOKENS} tokens`,
    })
    expect((await h.call('POST', '/api/tokens', { ...first, symbol: 'ONE' }, login.auth)).status).toBe(200)
  })
})
