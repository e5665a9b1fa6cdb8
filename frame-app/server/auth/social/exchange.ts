/**
 * The provider's side of a flow with openid-client: the authorization URL (PKCE S256, state, nonce, the exact
 * redirect URI) and, at the callback, the checks (state, iss, nonce in the id_token) and the code exchange on
 * the server, then the account (from the id_token, or the provider's user API).
 * @module
 */
import type { SocialProvider } from '@keyframe/protocol/core'
import * as client from 'openid-client'
import type { SocialClient } from '../../db/schema/projects.ts'
import { isLoopbackHttp } from './config.ts'
import type { Flow } from './flows.ts'
import { accountOfClaims, PROVIDERS, type ProviderAccount } from './providers.ts'

type Provider = { config: client.Configuration; api: string | undefined; parameters: Record<string, string> }

/** Discovery answers, per provider and client (a failure is not kept). */
const configurations = new Map<string, Promise<Provider>>()

/** The provider's configuration for a project's client: discovered once, then kept. */
export function providerFor(name: SocialProvider, social: SocialClient): Promise<Provider> {
  const key = JSON.stringify([name, social.issuer ?? '', social.clientId, social.clientSecret])
  let found = configurations.get(key)
  if (!found) {
    found = configure(name, social)
    found.catch(() => configurations.delete(key))
    configurations.set(key, found)
  }
  return found
}

async function configure(name: SocialProvider, social: SocialClient): Promise<Provider> {
  const spec = PROVIDERS[name]
  const auth =
    spec.tokenAuth === 'client_secret_basic'
      ? client.ClientSecretBasic(social.clientSecret)
      : client.ClientSecretPost(social.clientSecret)
  if (social.issuer) {
    // The stand-in (or another issuer) serves discovery for every provider; its user APIs sit under the issuer.
    const issuer = new URL(social.issuer)
    const config = await client.discovery(issuer, social.clientId, undefined, auth, {
      ...(isLoopbackHttp(issuer) && { execute: [client.allowInsecureRequests] }),
    })
    return { config, api: social.issuer, parameters: {} }
  }
  const { production } = spec
  const parameters = spec.productionParameters ?? {}
  if ('discovery' in production) {
    const config = await client.discovery(new URL(production.discovery), social.clientId, undefined, auth)
    return { config, api: undefined, parameters }
  }
  const config = new client.Configuration(
    {
      issuer: production.issuer,
      authorization_endpoint: production.authorizationEndpoint,
      token_endpoint: production.tokenEndpoint,
    },
    social.clientId,
    undefined,
    auth,
  )
  return { config, api: production.api, parameters }
}

/** The provider's authorization URL for a flow. */
export function authorizationUrl(
  name: SocialProvider,
  provider: Provider,
  redirectUri: string,
  flow: { state: string; nonce: string; codeChallenge: string },
): URL {
  const spec = PROVIDERS[name]
  return client.buildAuthorizationUrl(provider.config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: spec.scopes.join(' '),
    state: flow.state,
    code_challenge: flow.codeChallenge,
    code_challenge_method: 'S256',
    ...(spec.openid && { nonce: flow.nonce }),
    ...provider.parameters,
  })
}

/**
 * Checks the provider's answer and exchanges its code: `response` holds the callback's parameters (query or
 * form post) and is read against the flow's exact `redirectUri`.
 * @throws whatever openid-client or the account's schema throws: the login failed.
 */
export async function exchange(
  name: SocialProvider,
  provider: Provider,
  flow: Flow,
  state: string,
  redirectUri: string,
  response: URLSearchParams,
): Promise<ProviderAccount> {
  const spec = PROVIDERS[name]
  const currentUrl = new URL(redirectUri)
  for (const [key, value] of response) currentUrl.searchParams.append(key, value)
  const tokens = await client.authorizationCodeGrant(provider.config, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: state,
    ...(spec.openid ? { expectedNonce: flow.nonce } : {}),
  })
  if (spec.openid) return accountOfClaims(tokens.claims())
  if (!spec.account || !provider.api) throw new Error(`${spec.displayName} has no user API`)
  const headers = new Headers({ accept: 'application/json', 'user-agent': 'Keyframe' })
  return spec.account(async (url) => {
    const res = await client.fetchProtectedResource(
      provider.config,
      tokens.access_token,
      url,
      'GET',
      null,
      headers,
    )
    if (!res.ok) throw new Error(`${spec.displayName}'s user API answered ${res.status}`)
    return res.json()
  }, provider.api)
}
