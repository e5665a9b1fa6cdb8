import { SOCIAL_PROVIDERS, type SocialProvider } from '@keyframe/protocol/core'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PROVIDER_SHAPES } from './providerShapes.ts'
import { signInWithFetch } from './signInWithFetch.ts'
import { type Oidc, startOidc } from './startOidc.ts'

// The stand-in as the frame server meets it: openid-client's discovery, code + PKCE, state, nonce and iss
// checks, then the provider-shaped user APIs — through the dev login and consent pages.

const REDIRECT_URI = 'http://localhost:5999/api/auth/social/callback'
let oidc: Oidc

beforeAll(async () => {
  oidc = await startOidc()
  oidc.allowRedirectUri(REDIRECT_URI)
})
afterAll(() => oidc.close())

const configOf = (provider: SocialProvider) => {
  const { clientId, clientSecret } = oidc.clients[provider]
  const auth =
    PROVIDER_SHAPES[provider].tokenEndpointAuthMethod === 'client_secret_basic'
      ? client.ClientSecretBasic(clientSecret)
      : client.ClientSecretPost(clientSecret)
  return client.discovery(new URL(oidc.issuers[provider]), clientId, clientSecret, auth, {
    execute: [client.allowInsecureRequests],
  })
}

/** An authorization URL as the frame server builds it, and the checks it keeps for the callback. */
async function start(provider: SocialProvider, extra: Record<string, string> = {}) {
  const config = await configOf(provider)
  const pkceCodeVerifier = client.randomPKCECodeVerifier()
  const expectedState = client.randomState()
  const expectedNonce = PROVIDER_SHAPES[provider].openid ? client.randomNonce() : undefined
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: PROVIDER_SHAPES[provider].scopes.join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state: expectedState,
    ...(expectedNonce ? { nonce: expectedNonce } : {}),
    ...extra,
  })
  return { config, url, checks: { pkceCodeVerifier, expectedState, expectedNonce } }
}

/** A whole login: the pages, then the code exchange. */
async function signIn(provider: SocialProvider, login: string) {
  const { config, url, checks } = await start(provider)
  const callback = await signInWithFetch(url, { login })
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
  return client.authorizationCodeGrant(config, callback, checks)
}

const userApi = (provider: SocialProvider, path: string, token: string) =>
  fetch(`${oidc.issuers[provider]}${path}`, { headers: { authorization: `Bearer ${token}` } })

const userApiJson = async (provider: SocialProvider, path: string, token: string) => {
  const response = await userApi(provider, path, token)
  expect(response.status).toBe(200)
  return response.json()
}

test('every provider has its own issuer (discovery), client and PKCE S256; only google and apple are OpenID Connect', async () => {
  expect(new Set(Object.values(oidc.clients).map((c) => c.clientId)).size).toBe(6)
  for (const provider of SOCIAL_PROVIDERS) {
    expect(oidc.issuers[provider]).toBe(`${oidc.url}/${provider}`)
    const metadata = (await configOf(provider)).serverMetadata()
    expect(metadata.issuer).toBe(oidc.issuers[provider])
    expect(metadata.code_challenge_methods_supported).toEqual(['S256'])
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true)
    expect(metadata.token_endpoint_auth_methods_supported).toContain(
      PROVIDER_SHAPES[provider].tokenEndpointAuthMethod,
    )
    expect(metadata.userinfo_endpoint !== undefined).toBe(PROVIDER_SHAPES[provider].openid)
  }
})

describe('OpenID Connect (an id_token with the nonce and the e-mail claims)', () => {
  test.each(['google', 'apple'] as const)('%s: verified, unverified and no e-mail', async (provider) => {
    const verified = await signIn(provider, 'alice')
    expect(verified.claims()).toMatchObject({
      iss: oidc.issuers[provider],
      aud: oidc.clients[provider].clientId,
      sub: 'alice',
      email: 'alice@example.test',
      email_verified: true,
    })
    expect((await signIn(provider, 'Alice+Unverified')).claims()).toMatchObject({
      sub: 'alice+unverified',
      email: 'alice@example.test',
      email_verified: false,
    })
    const none = (await signIn(provider, 'alice+noemail')).claims()
    expect(none).toMatchObject({ sub: 'alice+noemail' })
    expect(none).not.toHaveProperty('email')
  })

  test('a tampered nonce fails the id_token check (control: the right one passes, above)', async () => {
    const { config, url, checks } = await start('google')
    const callback = await signInWithFetch(url, { login: 'alice' })
    await expect(
      client.authorizationCodeGrant(config, callback, { ...checks, expectedNonce: client.randomNonce() }),
    ).rejects.toMatchObject({ cause: { cause: { claim: 'nonce' } } })
  })
})

describe('plain OAuth 2.0 with provider-shaped user APIs', () => {
  test('github: /user and /user/emails', async () => {
    const { access_token, id_token } = await signIn('github', 'alice')
    expect(id_token).toBeUndefined()
    const user = await userApiJson('github', '/user', access_token)
    expect(user).toMatchObject({ login: 'alice', email: 'alice@example.test' })
    expect(Number.isSafeInteger(user.id)).toBe(true)
    expect(await userApiJson('github', '/user/emails', access_token)).toEqual([
      { email: 'alice@example.test', verified: true, primary: true, visibility: 'public' },
    ])
    const unverified = (await signIn('github', 'alice+unverified')).access_token
    expect(await userApiJson('github', '/user', unverified)).toMatchObject({ login: 'alice', email: null })
    expect(await userApiJson('github', '/user/emails', unverified)).toEqual([
      { email: 'alice@example.test', verified: false, primary: true, visibility: null },
    ])
    expect(
      await userApiJson('github', '/user/emails', (await signIn('github', 'alice+noemail')).access_token),
    ).toEqual([])
  })

  test('x: /2/users/me (no e-mail)', async () => {
    const { access_token } = await signIn('x', 'bob')
    const { data } = await userApiJson('x', '/2/users/me', access_token)
    expect(data).toEqual({ id: expect.stringMatching(/^\d+$/), username: 'bob', name: 'bob' })
  })

  test('discord: /users/@me with verified', async () => {
    const me = await userApiJson('discord', '/users/@me', (await signIn('discord', 'carol')).access_token)
    expect(me).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      username: 'carol',
      email: 'carol@example.test',
      verified: true,
    })
    const unverified = (await signIn('discord', 'carol+unverified')).access_token
    expect(await userApiJson('discord', '/users/@me', unverified)).toMatchObject({
      email: 'carol@example.test',
      verified: false,
    })
  })

  test('facebook: /me?fields=id,name,email (only a confirmed address)', async () => {
    const path = '/me?fields=id,name,email'
    const me = await userApiJson('facebook', path, (await signIn('facebook', 'dan')).access_token)
    expect(me).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'dan', email: 'dan@example.test' })
    expect(
      await userApiJson('facebook', path, (await signIn('facebook', 'dan+unverified')).access_token),
    ).not.toHaveProperty('email')
  })

  test('the same login is the same user id in every flow (a second site finds the same account)', async () => {
    const first = await userApiJson('github', '/user', (await signIn('github', 'erin')).access_token)
    const second = await userApiJson('github', '/user', (await signIn('github', 'erin')).access_token)
    const other = await userApiJson('github', '/user', (await signIn('github', 'erin2')).access_token)
    expect(second.id).toBe(first.id)
    expect(other.id).not.toBe(first.id)
  })

  test('a second flow in the same browser shows both pages again, for another login too', async () => {
    const cookies = new Map<string, string>()
    const flow = async (login: string) => {
      const { config, url, checks } = await start('github')
      const tokens = await client.authorizationCodeGrant(
        config,
        await signInWithFetch(url, { login, cookies }),
        checks,
      )
      return userApiJson('github', '/user', tokens.access_token)
    }
    expect(await flow('gina')).toMatchObject({ login: 'gina' })
    expect(cookies.size).toBeGreaterThan(0)
    expect(await flow('gina')).toMatchObject({ login: 'gina' })
    expect(await flow('hank')).toMatchObject({ login: 'hank' })
  })

  test('a bad, or another provider’s, access token gets 401 (control: its own provider’s token, 200)', async () => {
    expect((await userApi('discord', '/users/@me', 'not-a-token')).status).toBe(401)
    expect((await fetch(`${oidc.issuers.discord}/users/@me`)).status).toBe(401)
    const { access_token } = await signIn('github', 'frank')
    expect((await userApi('discord', '/users/@me', access_token)).status).toBe(401)
    expect((await userApi('github', '/user', access_token)).status).toBe(200)
  })
})

test('Deny on the consent page sends the person back with error=access_denied and the state', async () => {
  const { url, checks } = await start('discord')
  const callback = await signInWithFetch(url, { login: 'alice', consent: 'deny' })
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
  expect(callback.searchParams.get('error')).toBe('access_denied')
  expect(callback.searchParams.get('state')).toBe(checks.expectedState)
  expect(callback.searchParams.has('code')).toBe(false)
})

test('a redirect_uri not registered is refused by the provider, on its own page (control: the registered one)', async () => {
  const other = 'http://localhost:5999/api/auth/social/callback/'
  const { url } = await start('google', { redirect_uri: other })
  const refused = await fetch(url, { redirect: 'manual' })
  expect(refused.status).toBe(400)
  expect(refused.headers.get('location')).toBeNull()
  expect(await refused.text()).toContain('redirect_uri')
  const allowed = await fetch((await start('google')).url, { redirect: 'manual' })
  expect(allowed.status).toBe(303)
  expect(allowed.headers.get('location')).toMatch(/\/google\/interaction\//)
})

test('PKCE is required: a request without a code challenge is refused (control: with one, the flows above)', async () => {
  const { url } = await start('github')
  url.searchParams.delete('code_challenge')
  url.searchParams.delete('code_challenge_method')
  const callback = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '')
  expect(callback.origin + callback.pathname).toBe(REDIRECT_URI)
  expect(callback.searchParams.get('error')).toBe('invalid_request')
  expect(callback.searchParams.get('error_description')).toMatch(/PKCE/)
})

test('a code redeemed with another PKCE verifier is refused', async () => {
  const { config, url, checks } = await start('x')
  const callback = await signInWithFetch(url, { login: 'alice' })
  await expect(
    client.authorizationCodeGrant(config, callback, {
      ...checks,
      pkceCodeVerifier: client.randomPKCECodeVerifier(),
    }),
  ).rejects.toMatchObject({ error: 'invalid_grant' })
})
