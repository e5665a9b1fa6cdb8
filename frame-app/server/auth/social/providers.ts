/**
 * The six social providers: how to reach each (OpenID Connect discovery for Google and Apple, built-in OAuth 2.0
 * endpoints for GitHub, X, Discord and Facebook; a project's `issuer` replaces them with a stand-in that serves
 * discovery), what to ask for, and how its answer names the account.
 * @module
 */
import type { SocialProvider } from '@keyframe/protocol/core'
import * as z from 'zod/mini'

/** The account a provider vouched for. */
export type ProviderAccount = {
  subject: string
  username: string | null
  email: string | null
  /** The provider says the address is verified (FLOW.md: only then does it join an e-mail account). */
  emailVerified: boolean
}

/** Reads a JSON resource with the access token (openid-client's fetchProtectedResource, bound by the caller). */
export type ReadResource = (url: URL) => Promise<unknown>

export type ProviderSpec = {
  displayName: string
  scopes: string[]
  tokenAuth: 'client_secret_post' | 'client_secret_basic'
  /** Production: discovery at this issuer (OIDC), or fixed endpoints (plain OAuth 2.0). */
  production:
    | { discovery: string }
    | { issuer: string; authorizationEndpoint: string; tokenEndpoint: string; api: string }
  /** Extra authorization parameters in production (Apple returns name/e-mail scopes only by form post). */
  productionParameters?: Record<string, string>
  /** OpenID Connect: the account is in the id_token (with the nonce); else `account` reads the user API. */
  openid: boolean
  /** The account from the user API under `api` (the production API, or the stand-in's issuer). */
  account?: (read: ReadResource, api: string) => Promise<ProviderAccount>
}

/** `email_verified` is a boolean, or (Apple) the string "true". */
const verifiedClaim = z.optional(z.union([z.boolean(), z.enum(['true', 'false'])]))
export const idTokenClaims = z.object({
  sub: z.string().check(z.minLength(1)),
  email: z.optional(z.string()),
  email_verified: verifiedClaim,
  name: z.optional(z.string()),
})

/** The account in an OpenID Connect id_token's claims. */
export function accountOfClaims(claims: unknown): ProviderAccount {
  const c = idTokenClaims.parse(claims)
  return {
    subject: c.sub,
    username: c.name ?? c.email ?? null,
    email: c.email ?? null,
    emailVerified: c.email !== undefined && (c.email_verified === true || c.email_verified === 'true'),
  }
}

const id = z.union([z.string().check(z.minLength(1)), z.number()])
const githubUser = z.object({ id, login: z.string() })
const githubEmails = z.array(z.object({ email: z.string(), verified: z.boolean(), primary: z.boolean() }))
const xUser = z.object({ data: z.object({ id: z.string(), username: z.string() }) })
const discordUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.optional(z.nullable(z.string())),
  verified: z.optional(z.boolean()),
})
const facebookUser = z.object({ id: z.string(), name: z.optional(z.string()), email: z.optional(z.string()) })

const under = (api: string, path: string) => new URL(`${api.replace(/\/$/, '')}${path}`)

export const PROVIDERS: Record<SocialProvider, ProviderSpec> = {
  google: {
    displayName: 'Google',
    scopes: ['openid', 'email', 'profile'],
    tokenAuth: 'client_secret_post',
    production: { discovery: 'https://accounts.google.com' },
    openid: true,
  },
  apple: {
    displayName: 'Apple',
    scopes: ['openid', 'email', 'name'],
    tokenAuth: 'client_secret_post',
    production: { discovery: 'https://appleid.apple.com' },
    productionParameters: { response_mode: 'form_post' },
    openid: true,
  },
  github: {
    displayName: 'GitHub',
    scopes: ['read:user', 'user:email'],
    tokenAuth: 'client_secret_post',
    production: {
      issuer: 'https://github.com/login/oauth',
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      api: 'https://api.github.com',
    },
    openid: false,
    // `/user` shows only a public address; `/user/emails` says which one is primary and verified.
    account: async (read, api) => {
      const user = githubUser.parse(await read(under(api, '/user')))
      const primary = githubEmails.parse(await read(under(api, '/user/emails'))).find((e) => e.primary)
      return {
        subject: String(user.id),
        username: user.login,
        email: primary?.email ?? null,
        emailVerified: primary?.verified === true,
      }
    },
  },
  x: {
    displayName: 'X',
    scopes: ['users.read', 'tweet.read'],
    tokenAuth: 'client_secret_basic',
    production: {
      issuer: 'https://x.com',
      authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.x.com/2/oauth2/token',
      api: 'https://api.x.com',
    },
    openid: false,
    // X never gives an address.
    account: async (read, api) => {
      const { data } = xUser.parse(await read(under(api, '/2/users/me')))
      return { subject: data.id, username: data.username, email: null, emailVerified: false }
    },
  },
  discord: {
    displayName: 'Discord',
    scopes: ['identify', 'email'],
    tokenAuth: 'client_secret_post',
    production: {
      issuer: 'https://discord.com',
      authorizationEndpoint: 'https://discord.com/oauth2/authorize',
      tokenEndpoint: 'https://discord.com/api/oauth2/token',
      api: 'https://discord.com/api',
    },
    openid: false,
    account: async (read, api) => {
      const user = discordUser.parse(await read(under(api, '/users/@me')))
      return {
        subject: user.id,
        username: user.username,
        email: user.email ?? null,
        emailVerified: Boolean(user.email) && user.verified === true,
      }
    },
  },
  facebook: {
    displayName: 'Facebook',
    scopes: ['email', 'public_profile'],
    tokenAuth: 'client_secret_post',
    production: {
      issuer: 'https://www.facebook.com',
      authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
      tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
      api: 'https://graph.facebook.com/v21.0',
    },
    openid: false,
    // Facebook answers only a confirmed address, so one it gives is verified.
    account: async (read, api) => {
      const user = facebookUser.parse(await read(under(api, '/me?fields=id,name,email')))
      return {
        subject: user.id,
        username: user.name ?? null,
        email: user.email ?? null,
        emailVerified: user.email !== undefined,
      }
    },
  },
}
