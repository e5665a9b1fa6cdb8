// The session cookie: what serialize writes, read gives back; an altered, foreign-key or expired cookie
// reads as no session (each beside the genuine cookie, which reads).
import { describe, expect, test } from 'vitest'
import { sessionCookie } from './sessionCookie.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const NOW = Date.parse('2026-03-01T12:00:00.000Z')
const SESSION = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  chainId: 31_337,
  expiresAt: NOW + 3_600_000,
} as const

/** The `name=value` part of a Set-Cookie value: what the browser sends back in `Cookie`. */
const sent = (setCookie: string) => setCookie.split(';')[0]!

describe('sessionCookie', () => {
  test('serialize writes an HttpOnly, SameSite=Lax, Secure cookie that read gives back', async () => {
    const cookie = sessionCookie({ secret: SECRET, now: () => NOW })
    const setCookie = await cookie.serialize(SESSION)
    expect(setCookie).toMatch(
      /^keyframe_siwx=[0-9a-f]+\.[0-9a-f]{64}; Max-Age=3600; HttpOnly; SameSite=Lax; Path=\/; Secure$/,
    )
    expect(await cookie.read(`theme=dark; ${sent(setCookie)}; other=1`)).toEqual(SESSION)
    expect(await cookie.read(undefined)).toBeNull()
    expect(await cookie.read('theme=dark')).toBeNull()
  })

  test('Max-Age is the option’s, never past the session’s end; secure: false drops Secure', async () => {
    const cookie = sessionCookie({
      secret: SECRET,
      name: 'sid',
      maxAgeSeconds: 600,
      secure: false,
      now: () => NOW,
    })
    const setCookie = await cookie.serialize(SESSION)
    expect(setCookie).toMatch(/^sid=\S+; Max-Age=600; HttpOnly; SameSite=Lax; Path=\/$/)
    expect(await cookie.read(sent(setCookie))).toEqual(SESSION)
    expect(cookie.clear()).toBe('sid=; Max-Age=0; HttpOnly; SameSite=Lax; Path=/')
  })

  test('a cookie whose session was changed is no session (control: the original reads)', async () => {
    const cookie = sessionCookie({ secret: SECRET, now: () => NOW })
    const [payload, mac] = sent(await cookie.serialize(SESSION))
      .slice('keyframe_siwx='.length)
      .split('.')
    const json = Buffer.from(payload!, 'hex').toString()
    const forged = Buffer.from(
      json.replace(SESSION.address, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'),
    ).toString('hex')
    expect(await cookie.read(`keyframe_siwx=${payload}.${mac}`)).toEqual(SESSION)
    expect(await cookie.read(`keyframe_siwx=${forged}.${mac}`)).toBeNull()
    expect(
      await cookie.read(`keyframe_siwx=${payload}.${mac!.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`),
    ).toBeNull()
    expect(await cookie.read(`keyframe_siwx=${payload}`)).toBeNull()
    expect(await cookie.read(`keyframe_siwx=${payload}.${mac}.x`)).toBeNull()
    expect(await cookie.read('keyframe_siwx=zz.zz')).toBeNull()
  })

  test('a cookie signed with another secret is no session', async () => {
    const theirs = sessionCookie({ secret: `${SECRET}-another`, now: () => NOW })
    const ours = sessionCookie({ secret: SECRET, now: () => NOW })
    const cookie = sent(await theirs.serialize(SESSION))
    expect(await theirs.read(cookie)).toEqual(SESSION)
    expect(await ours.read(cookie)).toBeNull()
  })

  test('past expiresAt the cookie is no session, even if the browser still sends it', async () => {
    const time = { now: NOW }
    const cookie = sessionCookie({ secret: SECRET, now: () => time.now })
    const value = sent(await cookie.serialize(SESSION))
    time.now = SESSION.expiresAt - 1
    expect(await cookie.read(value)).toEqual(SESSION)
    time.now = SESSION.expiresAt
    expect(await cookie.read(value)).toBeNull()
  })

  test('a short secret or a name that is no cookie name is refused at creation', () => {
    expect(() => sessionCookie({ secret: 'short' })).toThrow(
      'sessionCookie: `secret` must be at least 32 characters',
    )
    expect(() => sessionCookie({ secret: SECRET, name: 'a;b' })).toThrow('is not a cookie name')
  })
})
