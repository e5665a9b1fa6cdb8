import { recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEV_FARCASTER_FIDS } from '../chain/idRegistry.ts'
import { authenticateWithFarcaster } from './authenticateWithFarcaster.ts'
import { parseConnectUri } from './channelApi.ts'
import { type FarcasterRelay, startFarcasterRelay } from './startFarcasterRelay.ts'

const TTL = 60_000
let time = Date.now()
let relay: FarcasterRelay
beforeAll(async () => {
  relay = await startFarcasterRelay({ channelTtlMs: TTL, now: () => time })
})
afterAll(() => relay?.close())

const APP = { siweUri: 'http://localhost:5174/farcaster', domain: 'localhost:5174' }
const alice = DEV_FARCASTER_FIDS[0]!

async function open(body: Record<string, unknown> = APP) {
  const res = await fetch(`${relay.url}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    status: res.status,
    json: (await res.json()) as { channelToken: string; url: string; nonce: string },
  }
}
const status = async (token: string) => {
  const res = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

test('a channel: opened by the app, authenticated by the client with a signed SIWF message, then completed', async () => {
  const opened = await open({ ...APP, nonce: 'abcdef0123456789' })
  expect(opened.status).toBe(201)
  expect(opened.json.nonce).toBe('abcdef0123456789')
  expect(parseConnectUri(opened.json.url)).toEqual({
    channelToken: opened.json.channelToken,
    nonce: 'abcdef0123456789',
    ...APP,
  })
  expect(await status(opened.json.channelToken)).toEqual({
    status: 202,
    json: { state: 'pending', nonce: 'abcdef0123456789', url: opened.json.url },
  })

  const account = privateKeyToAccount(alice.privateKey)
  await authenticateWithFarcaster({
    relayUrl: relay.url,
    url: opened.json.url,
    account,
    fid: 1,
    username: 'alice',
  })
  const done = await status(opened.json.channelToken)
  expect(done.status).toBe(200)
  expect(done.json).toMatchObject({ state: 'completed', fid: 1, username: 'alice', custody: alice.custody })
  const message = done.json.message as string
  expect(parseSiweMessage(message)).toMatchObject({
    domain: APP.domain,
    uri: APP.siweUri,
    nonce: 'abcdef0123456789',
    address: alice.custody,
    resources: ['farcaster://fid/1'],
  })
  expect(await recoverMessageAddress({ message, signature: done.json.signature as `0x${string}` })).toBe(
    alice.custody,
  )
})

test('the relay makes a nonce when the app sends none; bodies that are not the shape are refused', async () => {
  const opened = await open()
  expect(opened.json.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
  expect((await open({ siweUri: APP.siweUri })).status).toBe(400)
  expect((await open({ ...APP, nonce: 'short' })).status).toBe(400)
  expect((await open({ ...APP, siweUri: 'javascript:alert(1)' })).status).toBe(400)
  const bad = await fetch(`${relay.url}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opened.json.channelToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'hello', signature: 'nope', fid: 1 }),
  })
  expect(bad.status).toBe(400)
  // Control: the same channel takes a well-formed authentication.
  const account = privateKeyToAccount(alice.privateKey)
  await authenticateWithFarcaster({
    relayUrl: relay.url,
    url: opened.json.url,
    account,
    fid: 1,
    username: 'alice',
  })
})

test('an unknown token is refused; a channel is authenticated once only', async () => {
  expect((await status('not-a-channel')).status).toBe(401)
  const opened = await open()
  const account = privateKeyToAccount(generatePrivateKey())
  const first = { relayUrl: relay.url, url: opened.json.url, account, fid: 7, username: 'mallory' }
  await authenticateWithFarcaster(first)
  await expect(authenticateWithFarcaster({ ...first, fid: 8 })).rejects.toThrow(/409/)
  expect((await status(opened.json.channelToken)).json).toMatchObject({ fid: 7 })
})

test('a channel expires after its lifetime (control: just before, it answers)', async () => {
  const opened = await open()
  time += TTL - 1
  expect((await status(opened.json.channelToken)).status).toBe(202)
  time += 1
  expect((await status(opened.json.channelToken)).status).toBe(401)
  const account = privateKeyToAccount(alice.privateKey)
  await expect(
    authenticateWithFarcaster({
      relayUrl: relay.url,
      url: opened.json.url,
      account,
      fid: 1,
      username: 'alice',
    }),
  ).rejects.toThrow(/401/)
})

test('the dev page signs a pasted URI in with the chosen dev fid', async () => {
  const page = await fetch(relay.url)
  const html = await page.text()
  expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
  for (const dev of DEV_FARCASTER_FIDS) expect(html).toContain(`@${dev.username} (fid ${dev.fid}`)

  const opened = await open()
  const bob = DEV_FARCASTER_FIDS[1]!
  const signIn = await fetch(`${relay.url}/dev/sign-in`, {
    method: 'POST',
    body: new URLSearchParams({ uri: opened.json.url, fid: String(bob.fid) }),
  })
  expect(signIn.status).toBe(200)
  expect(await signIn.text()).toContain('Signed in as @bob')
  expect((await status(opened.json.channelToken)).json).toMatchObject({
    state: 'completed',
    fid: bob.fid,
    username: 'bob',
    custody: bob.custody,
  })
  const again = await fetch(`${relay.url}/dev/sign-in`, {
    method: 'POST',
    body: new URLSearchParams({ uri: 'farcaster://connect?nothing=1', fid: String(bob.fid) }),
  })
  expect(again.status).toBe(400)
  expect(await again.text()).toContain('Invalid Farcaster connect URI')
})
