import type { SocialProvider } from '@keyframe/protocol/core'
import type { DevAccount } from './devAccounts.ts'

/** An endpoint shaped as the real provider's user API: a path under the issuer and its JSON for an account. */
type UserInfoRoute = { path: string; body(account: DevAccount): unknown }

/** How the stand-in plays one provider. */
export type ProviderShape = {
  /** As the Connect view and the pages name it. */
  displayName: string
  /** OpenID Connect (id_token with nonce, `email`/`email_verified` claims) or plain OAuth 2.0 + user API. */
  openid: boolean
  /** The scopes the real provider takes for an id and an e-mail (what the frame server asks for). */
  scopes: string[]
  /** How the client authenticates at the token endpoint, as the real provider expects. */
  tokenEndpointAuthMethod: 'client_secret_post' | 'client_secret_basic'
  /** The provider-shaped user API (plain OAuth 2.0 providers only). */
  userInfo: UserInfoRoute[]
}

/**
 * The six providers as their production APIs answer (only the fields Keyframe reads, plus a few that show the
 * shape). GitHub's `/user` gives the public e-mail, `/user/emails` each address with `verified`; Discord has
 * `verified`; Facebook returns only confirmed addresses (an unverified one is absent); X gives no e-mail.
 */
export const PROVIDER_SHAPES: Record<SocialProvider, ProviderShape> = {
  google: {
    displayName: 'Google',
    openid: true,
    scopes: ['openid', 'email', 'profile'],
    tokenEndpointAuthMethod: 'client_secret_post',
    userInfo: [],
  },
  apple: {
    displayName: 'Apple',
    openid: true,
    scopes: ['openid', 'email', 'name'],
    tokenEndpointAuthMethod: 'client_secret_post',
    userInfo: [],
  },
  github: {
    displayName: 'GitHub',
    openid: false,
    scopes: ['read:user', 'user:email'],
    tokenEndpointAuthMethod: 'client_secret_post',
    userInfo: [
      {
        path: '/user',
        body: (a) => ({
          id: a.numericId,
          login: a.name,
          name: a.name,
          email: a.emailVerified ? a.email : null,
          type: 'User',
        }),
      },
      {
        path: '/user/emails',
        body: (a) =>
          a.email === null
            ? []
            : [
                {
                  email: a.email,
                  verified: a.emailVerified,
                  primary: true,
                  visibility: a.emailVerified ? 'public' : null,
                },
              ],
      },
    ],
  },
  x: {
    displayName: 'X',
    openid: false,
    scopes: ['users.read', 'tweet.read'],
    tokenEndpointAuthMethod: 'client_secret_basic',
    userInfo: [
      {
        path: '/2/users/me',
        body: (a) => ({ data: { id: String(a.numericId), username: a.name, name: a.name } }),
      },
    ],
  },
  discord: {
    displayName: 'Discord',
    openid: false,
    scopes: ['identify', 'email'],
    tokenEndpointAuthMethod: 'client_secret_post',
    userInfo: [
      {
        path: '/users/@me',
        body: (a) => ({
          id: String(a.numericId),
          username: a.name,
          global_name: a.name,
          email: a.email,
          verified: a.emailVerified,
        }),
      },
    ],
  },
  facebook: {
    displayName: 'Facebook',
    openid: false,
    scopes: ['email', 'public_profile'],
    tokenEndpointAuthMethod: 'client_secret_post',
    userInfo: [
      {
        path: '/me',
        body: (a) => ({
          id: String(a.numericId),
          name: a.name,
          ...(a.emailVerified ? { email: a.email } : {}),
        }),
      },
    ],
  },
}
