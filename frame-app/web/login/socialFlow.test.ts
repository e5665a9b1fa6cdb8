/**
 * Social login from the frame's side, end to end: the frame's handlers through `dispatch` (`testFrame.ts`),
 * the real frame server app, and the dev stand-in of the providers (real oidc-provider issuers, the person
 * played with fetch). GET_SOCIAL_REDIRECT_URI → the provider's pages → the server's callback → its ticket
 * posted to the frame (the guard hands same-origin messages to the frame's social inbox) and the bare done URI
 * to the parent (or, by redirect, the done URI with the ticket) → CONNECT_SOCIAL → the session.
 */
import { type Oidc, signInWithFetch, startOidc } from '@keyframe/dev-fixtures'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@keyframe/protocol'
import { ErrorCode } from '@keyframe/protocol/core'
import { SOCIAL_RETURN_PARAM } from '@keyframe/protocol/frame-api/social'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { addProjects } from '../../server/testing/projects.ts'
import { FRAME_ORIGIN, ok, PARENT_ORIGIN, partition, testFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })

let harness: Harness
let oidc: Oidc
beforeAll(async () => {
  oidc = await startOidc()
  oidc.allowRedirectUri(`${FRAME_ORIGIN}/api/auth/social/callback`)
  harness = await createHarness({ socialRedirectFallback: true })
  const client = (p: SocialProvider) => ({ ...oidc.clients[p], issuer: oidc.issuers[p] })
  // Operator recovery: a new wallet needs no passphrase typed.
  await addProjects(harness, [
    {
      id: 'social',
      allowedOrigins: [PARENT_ORIGIN],
      loginMethods: ['email', 'social'],
      recoveryMode: 'operator',
      socials: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, client(p)])),
    },
  ])
})
afterAll(async () => {
  await harness?.close()
  await oidc?.close()
})

const frame = (where = partition()) => testFrame({ app: harness.app, projectId: 'social', where })

type Frame = ReturnType<typeof frame>

/**
 * The person at the provider, then the server's callback page: its ticket is posted to the frames of the
 * frame's origin inside the opener — here `to` — and the done URI (without it) to the opener, returned.
 */
async function popupLogin(uri: string, login: string, consent: 'allow' | 'deny' = 'allow', to?: Frame) {
  const back = await signInWithFetch(uri, { login, consent })
  expect(back.origin).toBe(FRAME_ORIGIN)
  const page = await harness.app.request(back.href)
  const block = /<script type="application\/json" id="keyframe-social-result">(.*?)<\/script>/.exec(
    await page.text(),
  )
  if (!block) throw new Error(`No result on the callback page (${page.status})`)
  const data = JSON.parse(block[1] ?? '') as {
    targetOrigin: string
    uri: string
    ticketType?: string
    ticket?: string
  }
  // Posted to the flow's parent origin only, and it carries no ticket.
  expect(data.targetOrigin).toBe(PARENT_ORIGIN)
  expect(new URL(data.uri).searchParams.has('ticket')).toBe(false)
  if (to && data.ticket) to.account.socialInbox.receive({ type: data.ticketType, ticket: data.ticket })
  return data.uri
}

describe('popup', () => {
  test('GitHub: the done URI is redeemed, the user answered with its username and a new wallet', async () => {
    const f = frame()
    const { uri } = ok(await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })) as { uri: string }
    expect(new URL(uri).origin).toBe(new URL(oidc.issuers.github).origin)
    const login = `ada${crypto.randomUUID().slice(0, 6)}`
    const done = await popupLogin(uri, login, 'allow', f)
    const user = ok(await f.send('CONNECT_SOCIAL', { uri: done }))
    expect(user).toMatchObject({
      email: `${login}@example.test`,
      userName: expect.any(String),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      socialProvider: 'github',
    })
    expect(f.ctx.state.session).toMatchObject({ socialProvider: 'github', userName: user?.userName })
    expect(f.events.map((event) => event.type)).toContain('SESSION_UPDATE')
  })

  test('denied consent: refused in the person’s words, no session', async () => {
    const f = frame()
    const { uri } = ok(await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })) as { uri: string }
    const done = await popupLogin(uri, 'bob', 'deny')
    expect(await f.send('CONNECT_SOCIAL', { uri: done })).toEqual({
      ok: false,
      error: {
        code: ErrorCode.refused,
        message: 'The login was declined',
        data: { reason: 'access_denied' },
      },
    })
    expect(f.ctx.state.session).toBeNull()
  })

  test('a flow started elsewhere, finished by the person: the starter never gets the ticket, the person’s frame cannot redeem it', async () => {
    // A hostile page started the flow in a browser of its own and had the person finish it in a popup.
    const starter = frame()
    const { uri } = ok(await starter.send('GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })) as {
      uri: string
    }
    const person = frame()
    const done = await popupLogin(uri, `cy${crypto.randomUUID().slice(0, 6)}`, 'allow', person)
    // The page hands the starter all it heard: the done URI. No ticket came to the starter's frame.
    expect(await starter.send('CONNECT_SOCIAL', { uri: done })).toEqual({
      ok: false,
      error: {
        code: ErrorCode.refused,
        message: 'The login could not be completed. Please try again.',
        data: { reason: 'no_ticket' },
      },
    })
    expect(starter.ctx.state.session).toBeNull()
    expect(starter.reached('/api/auth/social/redeem')).toEqual([])
    // The person's frame got the ticket, but its device key is not the flow's.
    const other = person
    expect(await other.send('CONNECT_SOCIAL', { uri: done })).toEqual({
      ok: false,
      error: {
        code: ErrorCode.refused,
        message: 'The login expired. Please try again.',
        data: { reason: 'expired' },
      },
    })
    expect(other.ctx.state.session).toBeNull()
  })

  test('control: the frame that started the flow, handed the ticket, redeems the same kind of done URI', async () => {
    const mine = frame()
    const { uri } = ok(await mine.send('GET_SOCIAL_REDIRECT_URI', { provider: 'discord' })) as {
      uri: string
    }
    const done = await popupLogin(uri, `cy${crypto.randomUUID().slice(0, 6)}`, 'allow', mine)
    expect(ok(await mine.send('CONNECT_SOCIAL', { uri: done }))).toMatchObject({
      userName: expect.any(String),
    })
  })
})

describe('redirect fallback', () => {
  test('the callback returns to returnTo with the done URI in its fragment; CONNECT_SOCIAL connects', async () => {
    const home = partition()
    const f = frame(home)
    const returnTo = `${PARENT_ORIGIN}/shop?item=1`
    const { uri } = ok(await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnTo })) as {
      uri: string
    }
    const back = await signInWithFetch(uri, { login: `dee${crypto.randomUUID().slice(0, 6)}` })
    const answer = await harness.app.request(back.href)
    expect(answer.status).toBe(303)
    const location = new URL(answer.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(returnTo)
    const fragment = new URLSearchParams(location.hash.slice(1))
    const done = fragment.get(SOCIAL_RETURN_PARAM) ?? ''
    // The dApp page reloaded: a new frame document in the same storage partition.
    const after = frame(home)
    expect(ok(await after.send('CONNECT_SOCIAL', { uri: done }))).toMatchObject({
      userName: expect.any(String),
    })
    expect(after.ctx.state.session).toMatchObject({ socialProvider: 'google' })
  })
})
