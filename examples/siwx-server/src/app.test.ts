import { type Anvil, startAnvil } from '@keyframe/dev-fixtures'
import { createSiwxVerifier, sessionCookie } from '@keyframe/sdk/siwx/server'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxApp } from './app.ts'

const DAPP = 'https://app.example'
const PHISHING = 'https://app-example.evil'
const account = privateKeyToAccount(generatePrivateKey())
let anvil: Anvil

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
})
afterAll(() => anvil?.close())

/** The backend as a dApp runs it on `origins`, verifying on the local chain. */
function backend(origins: readonly string[] = [DAPP]) {
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  return createSiwxApp({
    verifier: createSiwxVerifier({ getClient: (id) => (id === anvil.chainId ? client : undefined), origins }),
    cookie: sessionCookie({ secret: 'a test secret of at least 32 characters', secure: false }),
    origins,
  })
}
type App = ReturnType<typeof backend>

/** A message signed by the wallet for the page at `origin`, with a nonce from `app`. */
async function signed(app: App, origin = DAPP, statement = 'Sign in to the example.') {
  const nonce = await (await app.request('/siwx/nonce')).text()
  const message = createSiweMessage({
    address: account.address,
    chainId: anvil.chainId,
    domain: new URL(origin).host,
    uri: origin,
    version: '1',
    nonce,
    statement,
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 60 * 60_000),
  })
  return { message, signature: await account.signMessage({ message }) }
}

/** A POST from a page at `origin` (null: from no browser, without an Origin header). */
function post(app: App, path: string, body: unknown, origin: string | null = DAPP) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify(body),
  })
}

describe('the SIWX example backend', () => {
  it('signs in with a signed message, answers who is signed in from the cookie, and signs out', async () => {
    const app = backend()
    const nonce = await app.request('/siwx/nonce')
    expect(nonce.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(nonce.headers.get('cache-control')).toBe('no-store')

    const verified = await post(app, '/siwx/verify', await signed(app))
    expect(verified.status).toBe(200)
    expect(await verified.json()).toEqual({ address: account.address, chainId: 31337 })
    const setCookie = verified.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^keyframe_siwx=[\w-]+\.[\w-]+; Max-Age=\d+; HttpOnly; SameSite=Lax; Path=\/$/)
    const cookie = setCookie.split(';')[0]!

    const session = await app.request('/siwx/session', { headers: { cookie } })
    expect(await session.json()).toEqual({ address: account.address, chainId: 31337 })

    const out = await post(app, '/siwx/signout', undefined)
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^keyframe_siwx=; Max-Age=0;/)
    const after = await app.request('/siwx/session', { headers: { cookie: 'keyframe_siwx=' } })
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ error: 'Not signed in' })
  })

  it("refuses a tampered message, a reused nonce and another site's domain with the verifier's reason", async () => {
    const app = backend()
    const good = await signed(app)
    const tampered = good.message.replace('Sign in to the example.', 'Sign in to the exampl3.')
    expect(await (await post(app, '/siwx/verify', { ...good, message: tampered })).json()).toEqual({
      error: "The signature does not match the message's address",
      reason: 'signature',
    })
    // The refusal left the nonce: the genuine message still signs in, once.
    expect((await post(app, '/siwx/verify', good)).status).toBe(200)
    const again = await post(app, '/siwx/verify', good)
    expect(again.status).toBe(401)
    expect(await again.json()).toEqual({ error: 'The nonce is unknown or was already used', reason: 'nonce' })

    const elsewhere = await post(app, '/siwx/verify', await signed(app, PHISHING))
    expect(elsewhere.status).toBe(401)
    expect(await elsewhere.json()).toEqual({
      error: 'The message is for app-example.evil, not for app.example',
      reason: 'domain',
    })
    expect((await post(app, '/siwx/verify', { message: 'hello', signature: '0x12' })).status).toBe(400)
    const notJson = await app.request('/siwx/verify', {
      method: 'POST',
      headers: { origin: DAPP },
      body: '{',
    })
    expect(await notJson.json()).toEqual({
      error: 'The body must be JSON { message, signature }',
      reason: 'malformed',
    })
  })

  it("refuses a signature relayed from a phishing site under that site's Origin (control: a backend open to every origin signs the relayer in)", async () => {
    // The phishing page had the person sign in to its own domain; its server replays that with its Origin.
    const relay = async (app: App) => post(app, '/siwx/verify', await signed(app, PHISHING), PHISHING)
    const refused = await relay(backend())
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ error: `Sign-in is not open to ${PHISHING}` })
    expect(refused.headers.get('set-cookie')).toBeNull()

    const open = await relay(backend([DAPP, PHISHING]))
    expect(open.status).toBe(200)
    expect(open.headers.get('set-cookie')).toMatch(/^keyframe_siwx=/)
  })

  it('refuses a POST without an Origin header', async () => {
    const app = backend()
    const missing = await post(app, '/siwx/verify', await signed(app), null)
    expect(missing.status).toBe(403)
    expect(await missing.json()).toEqual({ error: 'The request has no Origin header' })
    expect((await post(app, '/siwx/signout', undefined, null)).status).toBe(403)
  })
})
