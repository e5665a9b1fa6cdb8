/**
 * The frame's social-login checks, as a hostile page would probe them (SECURITY.md §0, §3): a done URI off the
 * frame's origin or path, a `returnTo` off the pinned parent origin. Requests go through `dispatch`, as the
 * parent's would, to the real frame server app (`testFrame.ts`); what reaches the server is recorded. Each attack has a
 * control: the same input with only the checked part made right does reach the server with the attacker's
 * ticket or return address — so the check, and nothing else, is what stops it.
 */
import { ErrorCode } from '@keyframe/protocol/core'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { loginKit } from './loginKit.ts'
import { checkReturnTo, readDoneUri } from './social.ts'
import { FRAME_ORIGIN, PARENT_ORIGIN, testFrame } from './testFrame.ts'

// PGlite starts slowly on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })

/** A well-formed ticket (43 base64url characters), as an attacker would have one from their own login. */
const TICKET = 'T'.repeat(43)

let harness: Harness
beforeAll(async () => {
  harness = await createHarness()
})
afterAll(async () => {
  await harness?.close()
})

const frame = () => testFrame({ app: harness.app, projectId: 'dev' })

const REDEEM = '/api/auth/social/redeem'
const START = '/api/auth/social/start'

describe('CONNECT_SOCIAL: only a done URI of the frame’s own origin and path is redeemed', () => {
  /** Each carries a well-formed ticket; only where it points is wrong. */
  const elsewhere: [string, string][] = [
    ['another origin', `https://evil.example/social/done?ticket=${TICKET}`],
    ['the parent’s origin', `${PARENT_ORIGIN}/social/done?ticket=${TICKET}`],
    ['a look-alike host', `http://localhost.evil.example/social/done?ticket=${TICKET}`],
    ['the frame host on another port', `http://localhost:8080/social/done?ticket=${TICKET}`],
    ['the frame host over another scheme', `https://localhost/social/done?ticket=${TICKET}`],
    ['the frame origin as user info', `http://localhost@evil.example/social/done?ticket=${TICKET}`],
    ['another path', `${FRAME_ORIGIN}/api/auth/social/callback?ticket=${TICKET}`],
    ['a path below the done path', `${FRAME_ORIGIN}/social/done/x?ticket=${TICKET}`],
  ]
  /** On the done URI, but not what the server hands out. */
  const misshapen: [string, string][] = [
    ['a ticket and an error at once', `${FRAME_ORIGIN}/social/done?ticket=${TICKET}&error=failed`],
    ['a second ticket', `${FRAME_ORIGIN}/social/done?ticket=${TICKET}&ticket=${TICKET}`],
    ['a ticket of another shape', `${FRAME_ORIGIN}/social/done?ticket=${TICKET}%00`],
    ['an error the server never sends', `${FRAME_ORIGIN}/social/done?error=server_error`],
  ]

  test.each([...elsewhere, ...misshapen])('%s: refused, nothing sent to the server', async (_name, uri) => {
    const f = frame()
    const reply = await f.send('CONNECT_SOCIAL', { uri })
    expect(reply).toEqual({
      ok: false,
      error: {
        code: ErrorCode.refused,
        message: 'Not a login result of this wallet',
        data: { reason: 'invalid_uri' },
      },
    })
    expect(f.sent).toEqual([])
  })

  test.each(elsewhere)(
    'control (%s): its query on the frame’s done URI has the attacker’s ticket redeemed',
    async (_name, uri) => {
      const f = frame()
      const repaired = `${FRAME_ORIGIN}/social/done${new URL(uri).search}`
      await f.send('CONNECT_SOCIAL', { uri: repaired })
      // Whatever the server makes of the ticket, it was asked to redeem it, signed by this device.
      expect(f.reached(REDEEM)).toEqual([
        { path: REDEEM, body: { projectId: 'dev', devicePublicKey: expect.any(String), ticket: TICKET } },
      ])
    },
  )

  test('control (misshapen): one well-formed ticket on the done URI is what a done URI is', () => {
    expect(readDoneUri(`${FRAME_ORIGIN}/social/done?ticket=${TICKET}`, FRAME_ORIGIN, loginKit)).toEqual({
      ticket: TICKET,
    })
    expect(readDoneUri(`${FRAME_ORIGIN}/social/done?error=failed`, FRAME_ORIGIN, loginKit)).toEqual({
      error: 'failed',
    })
  })
})

describe('CONNECT_SOCIAL: a done URI with ?error= is refused in the person’s words', () => {
  test.each([
    ['access_denied', 'The login was declined'],
    ['expired', 'The login expired. Please try again.'],
    ['failed', 'The login could not be completed. Please try again.'],
  ] as const)('%s → "%s", nothing sent to the server', async (error, message) => {
    const f = frame()
    const reply = await f.send('CONNECT_SOCIAL', { uri: `${FRAME_ORIGIN}/social/done?error=${error}` })
    expect(reply).toEqual({ ok: false, error: { code: ErrorCode.refused, message, data: { reason: error } } })
    expect(f.sent).toEqual([])
  })
})

describe('GET_SOCIAL_REDIRECT_URI: the redirect fallback returns only to the pinned parent origin', () => {
  const attacks: [string, string][] = [
    ['another origin', 'https://evil.example/after-login'],
    ['a look-alike host (parent origin as a subdomain)', 'http://127.0.0.1.evil.example:5173/'],
    ['the parent host on another port', 'http://127.0.0.1:5174/'],
    ['the parent host over another scheme', 'https://127.0.0.1:5173/'],
    ['the parent origin as user info', 'http://127.0.0.1:5173@evil.example/'],
    ['the frame’s own origin', `${FRAME_ORIGIN}/social/done`],
  ]

  test.each(attacks)('%s: refused, no flow started', async (_name, returnTo) => {
    const f = frame()
    const reply = await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnTo })
    expect(reply).toEqual({
      ok: false,
      error: {
        code: ErrorCode.refused,
        message: `The login can only return to ${PARENT_ORIGIN}`,
        data: { reason: 'invalid_return_to' },
      },
    })
    expect(f.reached(START)).toEqual([])
  })

  test.each(attacks)(
    'control (%s): its path and query on the parent origin are where the flow returns',
    async (_name, returnTo) => {
      const f = frame()
      const { pathname, search } = new URL(returnTo)
      await f.send('GET_SOCIAL_REDIRECT_URI', {
        provider: 'google',
        returnTo: `${PARENT_ORIGIN}${pathname}${search}`,
      })
      expect(f.reached(START)).toEqual([
        {
          path: START,
          body: {
            projectId: 'dev',
            provider: 'google',
            devicePublicKey: expect.any(String),
            parentOrigin: PARENT_ORIGIN,
            returnTo: `${PARENT_ORIGIN}${pathname}${search}`,
          },
        },
      ])
    },
  )

  test('a fragment of returnTo is dropped (the flow puts the done URI there)', () => {
    expect(checkReturnTo(`${PARENT_ORIGIN}/shop?item=1#old`, PARENT_ORIGIN)).toBe(
      `${PARENT_ORIGIN}/shop?item=1`,
    )
  })

  test('without returnTo the flow is the popup’s, bound to the pinned parent origin', async () => {
    const f = frame()
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    expect(f.reached(START)).toEqual([
      {
        path: START,
        body: {
          projectId: 'dev',
          provider: 'github',
          devicePublicKey: expect.any(String),
          parentOrigin: PARENT_ORIGIN,
        },
      },
    ])
  })
})
