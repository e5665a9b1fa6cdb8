/**
 * Social login end to end against the dev stand-in of the six providers (real oidc-provider issuers, driven
 * with fetch as a person would): start → provider login and consent → callback → ticket → redeem. Then each
 * check of FLOW.md under attack, each beside a control that passes the same steps without the attack.
 */
import { type Oidc, signInWithFetch, startOidc } from '@keyframe/dev-fixtures'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@keyframe/protocol'
import {
  SOCIAL_RESULT_MESSAGE,
  SOCIAL_RETURN_PARAM,
  SOCIAL_TICKET_MESSAGE,
} from '@keyframe/protocol/frame-api/social'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseProjects } from '../../config.ts'
import { identities } from '../../db/schema/social.ts'
import { users } from '../../db/schema/users.ts'
import { importProjects } from '../../projects/store.ts'
import { sweep } from '../../sweep.ts'
import { createHarness, deviceKey, type Harness } from '../../testing/harness.ts'
import { newWallet } from '../../testing/wallets.ts'

const PARENT = 'https://dapp.example'
const CALLBACK = 'http://localhost/api/auth/social/callback'
/** Another redirect URI the attacker's client may use at the same provider. */
const ELSEWHERE = 'http://localhost/elsewhere'

let h: Harness
let oidc: Oidc

beforeAll(async () => {
  oidc = await startOidc()
  oidc.allowRedirectUri(CALLBACK)
  oidc.allowRedirectUri(ELSEWHERE)
  // Many logins from one test client within the hour: its per-client limits are not what this suite tests.
  h = await createHarness({
    limits: { startsPerClientPerHour: 1_000, verifiesPerClientPerHour: 1_000 },
    socialRedirectFallback: true,
  })
  const client = (p: SocialProvider) => ({ ...oidc.clients[p], issuer: oidc.issuers[p] })
  await importProjects(
    h.db,
    parseProjects([
      {
        id: 'social',
        name: 'Social Co',
        allowedOrigins: [PARENT],
        recoveryMode: 'operator',
        socials: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, client(p)])),
      },
      { id: 'google-only', allowedOrigins: [PARENT], socials: { google: client('google') } },
    ]),
    h.now(),
  )
}, 60_000)
afterAll(async () => {
  await h?.close()
  await oidc?.close()
})

type Start = { device: string; projectId?: string; returnTo?: string; parentOrigin?: string }

async function start(provider: SocialProvider, options: Partial<Start> = {}) {
  const device = options.device ?? deviceKey()
  const res = await h.call('POST', '/api/auth/social/start', {
    projectId: options.projectId ?? 'social',
    provider,
    devicePublicKey: device,
    parentOrigin: options.parentOrigin ?? PARENT,
    ...(options.returnTo !== undefined && { returnTo: options.returnTo }),
  })
  return { res, device, uri: res.status === 200 ? new URL(String(res.json.uri)) : undefined }
}

type CallbackData = { type: string; targetOrigin: string; uri: string; ticketType?: string; ticket?: string }

/**
 * The callback's answer: the data block the popup posts (the ticket for the frames of the frame's origin, the
 * target origin + done URI for the opener), if any.
 */
async function callback(url: URL) {
  const res = await h.call('GET', `${url.pathname}${url.search}`)
  const block = /<script type="application\/json" id="keyframe-social-result">(.*?)<\/script>/.exec(res.text)
  const data = block ? (JSON.parse(block[1] ?? '') as CallbackData) : undefined
  const done = data ? new URL(data.uri) : undefined
  return { res, data, done, ticket: data?.ticket ?? done?.searchParams.get('ticket') ?? undefined }
}

function redeem(ticket: string, device: string, projectId = 'social') {
  return h.call('POST', '/api/auth/social/redeem', { projectId, devicePublicKey: device, ticket })
}

/** A whole login: start, sign in at the provider, callback, redeem with the flow's device. */
async function socialLogin(provider: SocialProvider, login: string, device = deviceKey()) {
  const { uri } = await start(provider, { device })
  const back = await callback(await signInWithFetch(uri as URL, { login }))
  if (!back.ticket) throw new Error(`No ticket: ${back.res.text}`)
  return redeem(back.ticket, device)
}

/** The user a provider account belongs to, and that user's address. */
async function ownerOf(provider: SocialProvider, subjectLike: string) {
  const rows = await h.db
    .select({
      userId: identities.userId,
      subject: identities.subject,
      username: identities.username,
      email: users.email,
    })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(eq(identities.provider, provider))
  return rows.find((row) => row.subject === subjectLike || row.username === subjectLike)
}

const EMAIL: Record<SocialProvider, boolean> = {
  google: true,
  apple: true,
  github: true,
  discord: true,
  facebook: true,
  x: false,
}

describe('social login against the providers stand-in', () => {
  test.each(SOCIAL_PROVIDERS)('default: %s — popup login to a session with this device', async (provider) => {
    const login = `${provider}-ada`
    const { uri, device } = await start(provider)
    expect(uri?.searchParams.get('code_challenge_method')).toBe('S256')
    expect(uri?.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect(uri?.searchParams.get('client_secret')).toBeNull()
    const back = await callback(await signInWithFetch(uri as URL, { login }))
    expect(back.res.status).toBe(200)
    expect(back.res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    expect(back.res.headers.get('content-security-policy')).toContain("script-src 'self'")
    // The ticket is for the frames of the frame's origin; the dApp page only hears that the login is over.
    expect(back.data).toEqual({
      type: SOCIAL_RESULT_MESSAGE,
      targetOrigin: PARENT,
      uri: 'http://localhost/social/done',
      ticketType: SOCIAL_TICKET_MESSAGE,
      ticket: expect.any(String),
    })
    expect(back.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const res = await redeem(back.ticket as string, device)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      email: EMAIL[provider] ? `${login}@example.test` : null,
      socialProvider: provider,
      device: { isNew: true, hasAuthShare: false },
      wallet: null,
      recoveryMode: 'operator',
    })
    expect(res.json.userName).toEqual(expect.any(String))
    const session = await h.call('GET', '/api/session', undefined, { token: String(res.json.token) })
    expect(session.json.user).toMatchObject({ socialProvider: provider, userName: res.json.userName })
  })

  test('default: the popup page says which provider, with no script', async () => {
    const res = await h.call('GET', '/social/popup?provider=github')
    expect(res.status).toBe(200)
    expect(res.text).toContain('Connecting to GitHub…')
    expect(res.text).not.toContain('<script')
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none')
    const script = await h.call('GET', '/social/done.js')
    expect(script.text).toContain('data.targetOrigin')
    expect(script.text).not.toContain("'*'")
  })

  test('behavior: the same provider account on a new device is the same user, a device verified by the login', async () => {
    const first = await socialLogin('discord', 'grace')
    const second = await socialLogin('discord', 'grace')
    expect(second.status).toBe(200)
    expect(second.json.device).toMatchObject({ isNew: true })
    expect(second.json.device).not.toEqual(first.json.device)
    const owners = await h.db.select().from(identities).where(eq(identities.provider, 'discord'))
    expect(owners.filter((row) => row.username === 'grace')).toHaveLength(1)
  })

  test('behavior: custody as after an e-mail code — a wallet on first login, its recovery set on a new device (operator mode, an account without an address)', async () => {
    const firstDevice = deviceKey()
    const first = await socialLogin('x', 'yusuf', firstDevice)
    const wallet = await newWallet('operator')
    const created = await h.call('POST', '/api/wallet', wallet.body, {
      token: String(first.json.token),
      device: firstDevice,
    })
    expect(created.status).toBe(201)

    const device = deviceKey()
    const second = await socialLogin('x', 'yusuf', device)
    expect(second.json).toMatchObject({
      email: null,
      device: { isNew: true, hasAuthShare: false },
      wallet: { address: wallet.body.address },
      recoveryMode: 'operator',
    })
    const auth = { token: String(second.json.token), device }
    expect((await h.call('GET', '/api/shares/recovery', undefined, auth)).status).toBe(200)
  })

  test('behavior: the daily new-device limit holds for provider logins too', async () => {
    // 5 new devices a day: the first login's, then four more; the sixth is refused.
    for (let i = 0; i < 5; i++) expect((await socialLogin('github', 'zoe')).status).toBe(200)
    const sixth = await socialLogin('github', 'zoe')
    expect(sixth.status).toBe(429)
    expect(sixth.json.code).toBe('too_many_devices')
  })

  test('behavior: a verified address joins the e-mail account of that address; an unverified one stays apart', async () => {
    // Control first: e-mail accounts for both addresses.
    await h.login('linus@example.test')
    await h.login('mary@example.test')
    const [linus] = await h.db.select().from(users).where(eq(users.email, 'linus@example.test'))
    const [mary] = await h.db.select().from(users).where(eq(users.email, 'mary@example.test'))

    const verified = await socialLogin('google', 'linus')
    expect(verified.json.email).toBe('linus@example.test')
    expect((await ownerOf('google', 'linus'))?.userId).toBe(linus?.id)

    const unverified = await socialLogin('google', 'mary+unverified')
    expect(unverified.status).toBe(200)
    expect(unverified.json.email).toBeNull()
    const owner = await ownerOf('google', 'mary+unverified')
    expect(owner?.userId).not.toBe(mary?.id)
    expect(owner?.email).toBeNull()

    const none = await socialLogin('github', 'nina+noemail')
    expect(none.json.email).toBeNull()
  })

  test('behavior: consent denied ends the flow with access_denied', async () => {
    const { uri } = await start('facebook')
    const back = await callback(await signInWithFetch(uri as URL, { login: 'olga', consent: 'deny' }))
    expect(back.done?.searchParams.get('error')).toBe('access_denied')
    expect(back.ticket).toBeUndefined()
  })

  test('behavior: a flow answered after 10 minutes is expired; before, it is not (control)', async () => {
    const late = await start('google')
    const lateBack = await signInWithFetch(late.uri as URL, { login: 'pat' })
    const inTime = await start('google')
    const inTimeBack = await signInWithFetch(inTime.uri as URL, { login: 'pat' })
    h.advance(10 * 60_000 - 1)
    expect((await callback(inTimeBack)).ticket).toBeDefined()
    h.advance(1)
    expect((await callback(lateBack)).done?.searchParams.get('error')).toBe('expired')
  })

  test('default: an answer by form post (Apple in production) is read as the query one', async () => {
    const { uri, device } = await start('apple')
    const back = await signInWithFetch(uri as URL, { login: 'ivy' })
    const res = await h.app.request(CALLBACK, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: back.searchParams.toString(),
    })
    const ticket = /"ticket":"([A-Za-z0-9_-]{43})"/.exec(await res.text())?.[1]
    expect((await redeem(ticket ?? '', device)).status).toBe(200)
  })

  test('default: the redirect fallback answers 303 to returnTo with the done URI in its fragment', async () => {
    const returnTo = `${PARENT}/shop?item=1`
    const { uri, device } = await start('x', { returnTo })
    const back = await callback(await signInWithFetch(uri as URL, { login: 'quinn' }))
    expect(back.res.status).toBe(303)
    const location = new URL(back.res.headers.get('location') ?? '')
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(returnTo)
    const done = new URL(decodeURIComponent(location.hash.slice(`#${SOCIAL_RETURN_PARAM}=`.length)))
    expect((await redeem(done.searchParams.get('ticket') ?? '', device)).status).toBe(200)
  })
})

describe('social login under attack (each with its control)', () => {
  test('security: a tampered state finds no flow and posts nothing; the real state gets its ticket', async () => {
    const { uri } = await start('google')
    const back = await signInWithFetch(uri as URL, { login: 'rex' })
    const tampered = new URL(back)
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`)
    const attack = await callback(tampered)
    expect(attack.res.status).toBe(400)
    expect(attack.data).toBeUndefined()
    // Control: the untouched answer of the same flow.
    expect((await callback(back)).ticket).toBeDefined()
  })

  test('security: an id_token for another nonce is refused; the flow’s own nonce passes (control)', async () => {
    const attack = await start('google')
    const forged = new URL(attack.uri as URL)
    forged.searchParams.set('nonce', 'attacker-chosen-nonce')
    const refused = await callback(await signInWithFetch(forged, { login: 'sam' }))
    expect(refused.done?.searchParams.get('error')).toBe('failed')
    expect(refused.ticket).toBeUndefined()
    expect(h.logs.join('\n')).toMatch(/nonce/)

    const control = await start('google')
    expect((await callback(await signInWithFetch(control.uri as URL, { login: 'sam' }))).ticket).toBeDefined()
  })

  test('security: an answer naming another issuer is refused; the provider’s own iss passes (control)', async () => {
    const attack = await start('apple')
    const back = await signInWithFetch(attack.uri as URL, { login: 'tess' })
    expect(back.searchParams.get('iss')).toBe(oidc.issuers.apple)
    const wrong = new URL(back)
    wrong.searchParams.set('iss', oidc.issuers.google)
    expect((await callback(wrong)).done?.searchParams.get('error')).toBe('failed')

    const control = await start('apple')
    expect(
      (await callback(await signInWithFetch(control.uri as URL, { login: 'tess' }))).ticket,
    ).toBeDefined()
  })

  test('security: a code issued to another redirect_uri is refused at the exchange; our own passes (control)', async () => {
    const attack = await start('github')
    const moved = new URL(attack.uri as URL)
    moved.searchParams.set('redirect_uri', ELSEWHERE)
    const elsewhere = await signInWithFetch(moved, { login: 'uma' })
    expect(`${elsewhere.origin}${elsewhere.pathname}`).toBe(ELSEWHERE)
    // The attacker replays that code and state at the real callback.
    const replay = new URL(CALLBACK)
    replay.search = elsewhere.search
    expect((await callback(replay)).done?.searchParams.get('error')).toBe('failed')

    const control = await start('github')
    expect((await callback(await signInWithFetch(control.uri as URL, { login: 'uma' }))).ticket).toBeDefined()
  })

  test('security: a ticket works once, within 60 s, with its flow’s device key only', async () => {
    const ticketFor = async (device: string) => {
      const { uri } = await start('discord', { device })
      return (await callback(await signInWithFetch(uri as URL, { login: 'vera' }))).ticket as string
    }
    const device = deviceKey()

    // Reused: the first redeem is the control.
    const once = await ticketFor(device)
    expect((await redeem(once, device)).status).toBe(200)
    const reused = await redeem(once, device)
    expect(reused.status).toBe(410)
    expect(reused.json.message).toBe('The login expired. Please try again.')

    // Expired: 60 s after the callback; at 59.999 s it still works (control).
    const inTime = await ticketFor(device)
    const late = await ticketFor(device)
    h.advance(60_000 - 1)
    expect((await redeem(inTime, device)).status).toBe(200)
    h.advance(1)
    expect((await redeem(late, device)).status).toBe(410)

    // Another device key (signed by that key): refused; the flow's key with a new ticket is the control.
    const stolen = await ticketFor(device)
    expect((await redeem(stolen, deviceKey())).status).toBe(410)
    expect((await redeem(await ticketFor(device), device)).status).toBe(200)

    // Another project: refused.
    expect((await redeem(await ticketFor(device), device, 'google-only')).status).toBe(410)
  })

  test('security: a provider the project did not turn on is refused; one it did is the control', async () => {
    const off = await start('github', { projectId: 'google-only' })
    expect(off.res.status).toBe(403)
    expect(off.res.json).toEqual({
      code: 'provider_disabled',
      message: 'Login with GitHub is not enabled for this project',
    })
    expect((await start('google', { projectId: 'google-only' })).res.status).toBe(200)
    // The e-mail-only project has no socials at all.
    expect(
      (await start('google', { projectId: 'dev', parentOrigin: 'http://127.0.0.1:5173' })).res.json.code,
    ).toBe('provider_disabled')
  })

  test('security: without the operator’s redirect fallback a returnTo is refused (the popup is needed); with it, accepted (control)', async () => {
    const plain = await createHarness()
    try {
      await importProjects(
        plain.db,
        parseProjects([
          {
            id: 'social',
            allowedOrigins: [PARENT],
            socials: { google: { ...oidc.clients.google, issuer: oidc.issuers.google } },
          },
        ]),
        plain.now(),
      )
      const body = {
        projectId: 'social',
        provider: 'google',
        devicePublicKey: deviceKey(),
        parentOrigin: PARENT,
      }
      const refused = await plain.call('POST', '/api/auth/social/start', {
        ...body,
        returnTo: `${PARENT}/back`,
      })
      expect(refused.status).toBe(403)
      expect(refused.json).toMatchObject({
        code: 'popup_needed',
        message: 'Your browser blocked the login window. Please allow pop-ups for this site and try again.',
      })
      expect((await plain.call('POST', '/api/auth/social/start', body)).status).toBe(200)
    } finally {
      await plain.close()
    }
    expect((await start('google', { returnTo: `${PARENT}/back` })).res.status).toBe(200)
  })

  test('security: returnTo on another origin than the parent is refused; on the parent’s, accepted (control)', async () => {
    const attack = await start('google', { returnTo: 'https://evil.example/steal' })
    expect(attack.res.status).toBe(400)
    expect(attack.res.json.code).toBe('invalid_return_to')
    expect((await start('google', { returnTo: `${PARENT}/back` })).res.status).toBe(200)
  })

  test('security: a parent origin the project does not allow gets no flow; an allowed one does (control)', async () => {
    const attack = await start('google', { parentOrigin: 'https://evil.example' })
    expect(attack.res.status).toBe(403)
    expect((await start('google', { parentOrigin: PARENT })).res.status).toBe(200)
  })

  test('security: no client secret in any answer, page or log; no code or state of a refused answer in the log', async () => {
    const secrets = SOCIAL_PROVIDERS.map((p) => oidc.clients[p].clientSecret)
    const { uri } = await start('x')
    const back = await callback(await signInWithFetch(uri as URL, { login: 'wes' }))
    const seen = [String(uri), back.res.text, h.logs.join('\n')].join('\n')
    for (const secret of secrets) expect(seen).not.toContain(secret)

    const refused = await start('google')
    const answer = await signInWithFetch(refused.uri as URL, { login: 'wes' })
    const wrong = new URL(answer)
    wrong.searchParams.set('iss', 'https://evil.example')
    expect((await callback(wrong)).done?.searchParams.get('error')).toBe('failed')
    const logged = h.logs.filter((line) => line.includes('social: login refused')).join('\n')
    expect(logged).toMatch(/iss/)
    expect(logged).not.toContain(answer.searchParams.get('code'))
    expect(logged).not.toContain(answer.searchParams.get('state'))
  })

  test('behavior: the sweep drops expired flows and tickets', async () => {
    const { uri } = await start('google')
    const back = await signInWithFetch(uri as URL, { login: 'xena' })
    h.advance(10 * 60_000 + 1)
    await sweep(h.db, h.now())
    // The flow is gone: the callback finds nothing to answer.
    expect((await callback(back)).res.status).toBe(400)
  })
})
