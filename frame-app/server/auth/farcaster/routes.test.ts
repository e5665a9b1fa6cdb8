import { tmpdir } from 'node:os'
import {
  type Anvil,
  type AuthenticateWithFarcasterOptions,
  authenticateWithFarcaster,
  DEV_FARCASTER_FIDS,
  type FarcasterRelay,
  ID_REGISTRY_ADDRESS,
  parseConnectUri,
  placeIdRegistry,
  registerFid,
  startAnvil,
  startFarcasterRelay,
} from '@keyframe/dev-fixtures'
import { loginResponse } from '@keyframe/protocol/frame-api/login'
import { eq } from 'drizzle-orm'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createFrameApp } from '../../app.ts'
import { parseProjects } from '../../config.ts'
import { identities } from '../../db/schema/social.ts'
import { createLogger } from '../../logger.ts'
import { importProjects } from '../../projects/store.ts'
import { createHarness, deviceKey, deviceProofHeaders, type Harness } from '../../testing/harness.ts'
import { FARCASTER_LOGIN_TTL_MS } from './routes.ts'

const NOT_CUSTODY = "The Farcaster signature is not from the account's custody address"
const alice = DEV_FARCASTER_FIDS[0]!

let anvil: Anvil
let relay: FarcasterRelay
let h: Harness
beforeAll(async () => {
  ;[anvil, relay] = await Promise.all([startAnvil({ chainId: 31_992 }), startFarcasterRelay()])
  await placeIdRegistry(anvil)
  h = await createHarness({
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, idRegistry: ID_REGISTRY_ADDRESS },
  })
  // The harness's projects log in by e-mail only; this one has Farcaster on.
  await importProjects(
    h.db,
    parseProjects([
      { id: 'fc', allowedOrigins: ['http://127.0.0.1:5173'], loginMethods: ['email', 'farcaster'] },
    ]),
    h.now(),
  )
}, 30_000)
afterAll(async () => {
  await h?.close()
  await Promise.all([relay?.close(), anvil?.close()])
})

/** GET_FARCASTER_URI for a new device key. */
async function start(projectId = 'fc') {
  const device = deviceKey()
  const res = await h.call('POST', '/api/auth/farcaster/start', { projectId, devicePublicKey: device })
  return { device, res, uri: res.json.url as string }
}
const connect = (device: string, projectId = 'fc') =>
  h.call('POST', '/api/auth/farcaster/connect', { projectId, devicePublicKey: device })

type Signer = Pick<AuthenticateWithFarcasterOptions, 'account' | 'fid' | 'username'>
type Change = (me: Signer) => Partial<AuthenticateWithFarcasterOptions>

/** A Farcaster account of its own for a test (an account gets at most 5 new devices a day). */
async function newAccount(): Promise<Signer> {
  const account = privateKeyToAccount(generatePrivateKey())
  const fid = await registerFid(anvil, account.address)
  return { account, fid, username: `user${fid}` }
}

/** The Farcaster app signs the URI in: as `me` (default alice) with its custody key, unless `change` says otherwise. */
const signIn = (uri: string, me: Signer = aliceSigner(), change: Change = () => ({})) =>
  authenticateWithFarcaster({ relayUrl: relay.url, url: uri, ...me, ...change(me) })
const aliceSigner = (): Signer => ({
  account: privateKeyToAccount(alice.privateKey),
  fid: alice.fid,
  username: alice.username,
})

/** A whole login of a new account: start, the app signs (changed by `change`), connect. */
async function login(change: Change = () => ({})) {
  const { device, uri } = await start()
  await signIn(uri, await newAccount(), change)
  return connect(device)
}

test('a login: the URI names the frame host and a fresh nonce; pending until signed; then a new user with the username and no wallet', async () => {
  const { device, res, uri } = await start()
  expect(res.status).toBe(200)
  const params = parseConnectUri(uri)
  expect(params).toMatchObject({ domain: 'localhost', siweUri: 'http://localhost/' })
  expect(params.nonce).toMatch(/^[0-9a-f]{32}$/)
  expect((await start()).uri).not.toContain(params.nonce)

  const pending = await connect(device)
  expect(pending.status).toBe(202)
  expect(pending.json).toEqual({ status: 'pending' })

  await signIn(uri)
  const done = await connect(device)
  expect(done.status).toBe(200)
  expect(loginResponse.parse(done.json)).toMatchObject({
    email: null,
    userName: 'alice',
    socialProvider: 'farcaster',
    device: { isNew: true, hasAuthShare: false },
    wallet: null,
  })
  const [identity] = await h.db
    .select()
    .from(identities)
    .where(eq(identities.subject, String(alice.fid)))
  expect(identity).toMatchObject({ provider: 'farcaster', username: 'alice' })

  // The same fid from another device is the same account.
  const second = await start()
  await signIn(second.uri)
  expect((await connect(second.device)).status).toBe(200)
  const rows = await h.db
    .select()
    .from(identities)
    .where(eq(identities.subject, String(alice.fid)))
  expect(rows.map((row) => row.userId)).toEqual([identity!.userId])
})

test('a nonce is used once: polling again after the login, or replaying its signed message on a new channel, is refused', async () => {
  const first = await start()
  const signed = await signIn(first.uri, await newAccount())
  expect((await connect(first.device)).status).toBe(200)
  const again = await connect(first.device)
  expect(again.status).toBe(401)
  expect(again.json).toMatchObject({ code: 'expired', message: 'The login expired. Please try again.' })

  // The used nonce in a new channel's message (the relay passes on what the client sends).
  const used = signed.state === 'completed' ? /Nonce: (\w+)/.exec(signed.message)![1]! : ''
  const replay = await login(() => ({ message: { nonce: used } }))
  expect(replay.status).toBe(401)
  expect(replay.json.code).toBe('failed')
})

// Each defect is refused; the control is the same message with the defect removed (by the same means).
describe.each([
  {
    defect: 'a nonce the server did not issue',
    bad: () => ({ message: { nonce: 'deadbeefdeadbeef' } }),
    good: () => ({}),
    code: 'failed',
  },
  {
    defect: 'another domain',
    bad: () => ({ message: { domain: 'wallet.evil.example' } }),
    good: () => ({ message: { domain: 'localhost' } }),
    code: 'failed',
  },
  {
    defect: 'another URI origin',
    bad: () => ({ message: { uri: 'https://wallet.evil.example/' } }),
    good: () => ({ message: { uri: 'http://localhost/' } }),
    code: 'failed',
  },
  {
    defect: 'two fid resources',
    bad: (me) => ({ message: { resources: [`farcaster://fid/${me.fid}`, 'farcaster://fid/1'] } }),
    good: (me) => ({ message: { resources: [`farcaster://fid/${me.fid}`] } }),
    code: 'failed',
  },
  {
    defect: 'no fid resource',
    bad: () => ({ message: { resources: ['https://example.com/'] } }),
    good: (me) => ({ message: { resources: ['https://example.com/', `farcaster://fid/${me.fid}`] } }),
    code: 'failed',
  },
  {
    defect: 'an expiry in the past',
    bad: () => ({ message: { expirationTime: new Date(h.now().getTime() - 1_000) } }),
    good: () => ({ message: { expirationTime: new Date(h.now().getTime() + 60_000) } }),
    code: 'expired',
  },
  {
    defect: 'a signature by a key that is not the custody address',
    bad: () => ({ account: privateKeyToAccount(generatePrivateKey()) }),
    good: (me) => ({ account: me.account }),
    code: 'invalid_signature',
  },
  {
    defect: 'the custody address in the message, signed by another key',
    bad: (me) => ({
      account: privateKeyToAccount(generatePrivateKey()),
      message: { address: me.account.address },
    }),
    good: (me) => ({ account: me.account, message: { address: me.account.address } }),
    code: 'invalid_signature',
  },
  {
    defect: "another fid's resource (alice's) with one's own custody key",
    bad: () => ({ fid: alice.fid, username: alice.username }),
    good: (me) => ({ fid: me.fid, username: me.username }),
    code: 'invalid_signature',
  },
] satisfies {
  defect: string
  bad: Change
  good: Change
  code: string
}[])('$defect', ({ bad, good, code }) => {
  test('is refused', async () => {
    const refused = await login(bad)
    expect(refused.status).toBe(401)
    expect(refused.json.code).toBe(code)
    if (code === 'invalid_signature') expect(refused.json.message).toBe(NOT_CUSTODY)
  })
  test('control: without the defect the login passes', async () => {
    expect((await login(good)).status).toBe(200)
  })
})

test('a login not finished within its lifetime is refused (control: just before, it is still pending)', async () => {
  const { device, uri } = await start()
  h.advance(FARCASTER_LOGIN_TTL_MS - 1)
  expect((await connect(device)).status).toBe(202)
  await signIn(uri, await newAccount())
  h.advance(1)
  const late = await connect(device)
  expect(late.status).toBe(401)
  expect(late.json.code).toBe('expired')
})

test('a project without Farcaster is refused at start (control: the same call for one with it)', async () => {
  const off = await start('dev')
  expect(off.res.status).toBe(403)
  expect(off.res.json).toEqual({
    code: 'provider_disabled',
    message: 'Login with Farcaster is not enabled for this project',
  })
  expect((await start('fc')).res.status).toBe(200)
})

test('connect needs the device key the login was started with', async () => {
  const { device, uri } = await start()
  await signIn(uri, await newAccount())
  const other = deviceKey()
  const stolen = await h.call('POST', '/api/auth/farcaster/connect', {
    projectId: 'fc',
    devicePublicKey: other,
  })
  expect(stolen.status).toBe(401)
  expect((await connect(device)).status).toBe(200)
})

/** Another server app on the harness's database with other Farcaster settings; signs as the frame does. */
function otherServer(farcaster: { relayUrl: string; rpcUrl: string }) {
  const app = createFrameApp({
    database: h.database,
    webRoot: tmpdir(),
    secrets: h.secrets,
    now: h.now,
    logger: createLogger({ write: () => {} }),
    farcaster: { ...farcaster, idRegistry: ID_REGISTRY_ADDRESS },
  })
  return async (path: string, body: { projectId: string; devicePublicKey: string }) => {
    const text = JSON.stringify(body)
    const issued = await app.request('http://localhost/api/auth/nonce', { method: 'POST' })
    const { nonce } = (await issued.json()) as { nonce: string }
    const proof = deviceProofHeaders(body.devicePublicKey, { method: 'POST', path, body: text, nonce })
    const res = await app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...proof },
      body: text,
    })
    return { status: res.status, json: (await res.json()) as { code?: string; url?: string } }
  }
}

test('a relay or chain that does not answer is a 502, and the login survives it (control: the same login with both up)', async () => {
  const body = { projectId: 'fc', devicePublicKey: deviceKey() }
  const noRelay = otherServer({ relayUrl: 'http://127.0.0.1:1', rpcUrl: anvil.rpcUrl })
  expect(await noRelay('/api/auth/farcaster/start', body)).toMatchObject({
    status: 502,
    json: { code: 'relay_unavailable' },
  })

  const noChain = otherServer({ relayUrl: relay.url, rpcUrl: 'http://127.0.0.1:1' })
  const started = await noChain('/api/auth/farcaster/start', body)
  expect(started.status).toBe(200)
  await signIn(started.json.url!, await newAccount())
  expect(await noChain('/api/auth/farcaster/connect', body)).toMatchObject({
    status: 502,
    json: { code: 'chain_unavailable' },
  })
  // Nothing used up: the server that reaches the chain completes the same login.
  expect((await connect(body.devicePublicKey)).status).toBe(200)
})
