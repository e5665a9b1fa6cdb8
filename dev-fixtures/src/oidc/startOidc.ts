/**
 * A local stand-in for the six social login providers, for development and tests only: one oidc-provider
 * issuer per provider at `http://127.0.0.1:PORT/<provider>`, each with its own client. Google and Apple are
 * OpenID Connect (an id_token with the nonce, `email` and `email_verified`); GitHub, X, Discord and Facebook are
 * plain OAuth 2.0 with user APIs shaped as theirs (`providerShapes.ts`), which check the bearer token with
 * oidc-provider. PKCE (S256) is required, redirect URIs match exactly (`allowRedirectUri`), and every login
 * shows the dev login page and the consent page (no remembered session or grant), so a test knows what comes.
 * @module
 */
import { generateKeyPair, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@keyframe/protocol/core'
import Provider, { type AdapterPayload, type Configuration, type JWK } from 'oidc-provider'
import type { StackLogger } from '../stackLogger.ts'
import { type DevAccount, devAccount } from './devAccounts.ts'
import { memoryAdapter } from './memoryAdapter.ts'
import { consentPage, errorPage, loginPage } from './pages.ts'
import { PROVIDER_SHAPES, type ProviderShape } from './providerShapes.ts'

export type OidcOptions = {
  /** Port on 127.0.0.1 (0 = any free port, the default). */
  port?: number
  /** Receives a line per login and per provider error. */
  logger?: StackLogger
}

export type OidcClient = { clientId: string; clientSecret: string }

export type Oidc = {
  /** `http://127.0.0.1:PORT`: lists the issuers. */
  url: string
  /** Each provider's issuer, `http://127.0.0.1:PORT/<provider>` (its discovery document below it). */
  issuers: Record<SocialProvider, string>
  /** Each provider's client. */
  clients: Record<SocialProvider, OidcClient>
  /** Registers an exact redirect URI with every provider's client (the frame's callback, once its port is known). */
  allowRedirectUri(uri: string): void
  close(): Promise<void>
}

const CLIENT_NAME = 'Keyframe (dev)'

/**
 * Starts the stand-in.
 * @example
 * const oidc = await startOidc()
 * oidc.allowRedirectUri('http://localhost:5174/api/auth/social/callback')
 * // the frame server's socials: { google: { ...oidc.clients.google, issuer: oidc.issuers.google }, … }
 * await oidc.close()
 */
export async function startOidc(options: OidcOptions = {}): Promise<Oidc> {
  const { logger } = options
  const redirectUris = new Set<string>()
  const providers = new Map<string, { provider: Provider; shape: ProviderShape; client: OidcClient }>()

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger?.warn('oidc: request failed', { url: req.url, error: String(error) })
      if (!res.headersSent) send(res, 500, 'text/plain', 'Internal error')
      else res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject).listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const keys = await Promise.all(SOCIAL_PROVIDERS.map(() => signingKey()))
  for (const [i, name] of SOCIAL_PROVIDERS.entries()) {
    const shape = PROVIDER_SHAPES[name]
    const client = { clientId: `keyframe-dev-${name}`, clientSecret: randomBytes(24).toString('base64url') }
    const provider = new Provider(
      `${url}/${name}`,
      configuration(name, shape, client, keys[i]!, () => [...redirectUris]),
    )
    provider.on('server_error', (_ctx, error) =>
      logger?.warn('oidc: server error', { provider: name, error: String(error) }),
    )
    providers.set(name, { provider, shape, client })
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', url).pathname
    const [, name = '', ...rest] = path.split('/')
    const entry = providers.get(name)
    if (!entry) {
      if (path !== '/') return send(res, 404, 'text/plain', 'Not found')
      const list = SOCIAL_PROVIDERS.map(
        (p) => `${PROVIDER_SHAPES[p].displayName.padEnd(9)} ${url}/${p}`,
      ).join('\n')
      return send(
        res,
        200,
        'text/plain',
        `Keyframe's local social login stand-in (development only).\n\n${list}\n`,
      )
    }
    const sub = `/${rest.join('/')}`
    const interaction = /^\/interaction\/([\w-]+)$/.exec(sub)
    if (interaction) return interact(entry, name as SocialProvider, interaction[1]!, req, res)
    const userInfo = entry.shape.userInfo.find((route) => route.path === sub)
    if (userInfo && req.method === 'GET') {
      const account = await bearerAccount(entry, req)
      if (!account) {
        res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"')
        return send(res, 401, 'application/json', JSON.stringify({ message: 'Bad credentials' }))
      }
      return send(res, 200, 'application/json', JSON.stringify(userInfo.body(account)))
    }
    // A new authorization request starts without the provider's session, so the person signs in and consents
    // every time (another login name in the same browser would otherwise go through oidc-provider's account
    // switch, and a second flow would skip both pages).
    if (sub === '/auth') forgetSession(req, res, `${name}_session`)
    // oidc-provider's own endpoints, mounted under the issuer's path (it reads the mount from originalUrl).
    Object.assign(req, { originalUrl: req.url, url: (req.url ?? '/').slice(name.length + 1) || '/' })
    entry.provider.callback()(req, res)
  }

  /** The account of a live access token this provider's client was given, from `Authorization: Bearer …`. */
  async function bearerAccount(entry: { provider: Provider; client: OidcClient }, req: IncomingMessage) {
    const token = /^Bearer ([\w.~+/-]+=*)$/.exec(req.headers.authorization ?? '')?.[1]
    const found = token === undefined ? undefined : await entry.provider.AccessToken.find(token)
    if (!found || found.isExpired || found.clientId !== entry.client.clientId) return undefined
    return devAccount(found.accountId)
  }

  /** The login and consent pages of one interaction, and their answers. */
  async function interact(
    entry: { provider: Provider; shape: ProviderShape },
    name: SocialProvider,
    uid: string,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const { provider, shape } = entry
    const display = shape.displayName
    const details = await provider.interactionDetails(req, res).catch(() => undefined)
    if (!details || details.uid !== uid)
      return send(
        res,
        400,
        'text/html',
        errorPage(display, 'This login has expired or is unknown. Start again.'),
      )
    const action = `/${name}/interaction/${uid}`
    if (req.method === 'GET') {
      if (details.prompt.name === 'login')
        return send(res, 200, 'text/html', loginPage({ provider: display, action, client: CLIENT_NAME }))
      const account = devAccount(details.session?.accountId ?? '')
      return send(
        res,
        200,
        'text/html',
        consentPage({
          provider: display,
          action,
          client: CLIENT_NAME,
          account: account?.email ?? account?.login ?? '',
          scopes: String(details.params.scope ?? '')
            .split(' ')
            .filter(Boolean),
        }),
      )
    }
    if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Method not allowed')
    const form = new URLSearchParams(await readBody(req))
    if (details.prompt.name === 'login') {
      const login = form.get('login') ?? ''
      const account = devAccount(login)
      if (!account)
        return send(
          res,
          400,
          'text/html',
          loginPage({
            provider: display,
            action,
            client: CLIENT_NAME,
            login,
            error: "Use letters, digits, '.', '_' or '-', then +unverified or +noemail if you like.",
          }),
        )
      return provider.interactionFinished(req, res, { login: { accountId: account.login } })
    }
    if (form.get('consent') !== 'allow') {
      logger?.info('oidc: consent denied', { provider: name })
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person denied the request' },
        { mergeWithLastSubmission: false },
      )
    }
    const accountId = details.session?.accountId
    const clientId = String(details.params.client_id)
    if (!accountId) return send(res, 400, 'text/html', errorPage(display, 'Sign in first.'))
    const grant = new provider.Grant({ accountId, clientId })
    grant.addOIDCScope(String(details.params.scope ?? ''))
    const grantId = await grant.save()
    logger?.info('oidc: signed in', { provider: name, login: accountId })
    return provider.interactionFinished(req, res, { consent: { grantId } })
  }

  return {
    url,
    issuers: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, `${url}/${p}`])) as Record<
      SocialProvider,
      string
    >,
    clients: Object.fromEntries([...providers].map(([p, { client }]) => [p, client])) as Record<
      SocialProvider,
      OidcClient
    >,
    allowRedirectUri(uri) {
      const parsed = new URL(uri)
      if (parsed.href !== uri || parsed.hash || !/^https?:$/.test(parsed.protocol))
        throw new TypeError(`Expected an absolute http(s) redirect URI without a fragment, got "${uri}"`)
      redirectUris.add(uri)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** One issuer's oidc-provider configuration. */
function configuration(
  name: SocialProvider,
  shape: ProviderShape,
  client: OidcClient,
  key: JWK,
  redirectUris: () => string[],
): Configuration {
  const clientMetadata = (): AdapterPayload => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: CLIENT_NAME,
    redirect_uris: redirectUris(),
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: shape.tokenEndpointAuthMethod,
  })
  return {
    adapter: memoryAdapter((id) => (id === client.clientId ? clientMetadata() : undefined)),
    findAccount: (_ctx, id) => {
      const account = devAccount(id)
      return account && { accountId: account.login, claims: () => claimsOf(account) }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: shape.scopes,
    // Google and Apple put the e-mail in the id_token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    responseTypes: ['code'],
    features: { devInteractions: { enabled: false }, userinfo: { enabled: shape.openid } },
    routes: { userinfo: '/userinfo' },
    interactions: { url: (_ctx, interaction) => `/${name}/interaction/${interaction.uid}` },
    cookies: {
      names: { session: `${name}_session`, interaction: `${name}_interaction`, resume: `${name}_resume` },
      keys: [randomBytes(32).toString('base64url')],
    },
    jwks: { keys: [key] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = errorPage(shape.displayName, `${out.error}: ${out.error_description ?? ''}`)
    },
  }
}

function claimsOf(account: DevAccount) {
  return {
    sub: account.login,
    name: account.name,
    ...(account.email === null ? {} : { email: account.email, email_verified: account.emailVerified }),
  }
}

/** A fresh RS256 signing key (the id_token alg clients expect by default). */
async function signingKey(): Promise<JWK> {
  const { privateKey } = await new Promise<{ privateKey: import('node:crypto').KeyObject }>(
    (resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048 }, (error, _pub, priv) =>
        error ? reject(error) : resolve({ privateKey: priv }),
      ),
  )
  return {
    ...privateKey.export({ format: 'jwk' }),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  } as JWK
}

/** Drops the session cookie `name` (and its signature) from the request, and has the browser drop it too. */
function forgetSession(req: IncomingMessage, res: ServerResponse, name: string) {
  const kept = (req.headers.cookie ?? '')
    .split(';')
    .filter((pair) => !new RegExp(`^\\s*${name}(\\.sig)?=`).test(pair))
  req.headers.cookie = kept.join(';')
  // oidc-provider appends its own Set-Cookie lines after these.
  const gone = 'path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly'
  res.setHeader('Set-Cookie', [`${name}=; ${gone}`, `${name}.sig=; ${gone}`])
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 16_384) req.destroy(new Error('Form too large'))
    })
    req.on('end', () => resolve(body)).on('error', reject)
  })
}
