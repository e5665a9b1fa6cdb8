/**
 * Sign In With Farcaster from the frame's side, against the real frame server app, the dev Farcaster relay
 * and an IdRegistry on anvil: GET_FARCASTER_URI, a scripted Farcaster client signing the URI in,
 * CONNECT_FARCASTER polling until the server verified it, then the session as any login's.
 */
import {
  type Anvil,
  authenticateWithFarcaster,
  type FarcasterRelay,
  ID_REGISTRY_ADDRESS,
  placeIdRegistry,
  registerFid,
  startAnvil,
  startFarcasterRelay,
} from '@keyframe/dev-fixtures'
import { ErrorCode } from '@keyframe/protocol/core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createHarness, type Harness } from '../../server/testing/harness.ts'
import { addProjects } from '../../server/testing/projects.ts'
import { FARCASTER_POLL_MS } from './farcaster.ts'
import { ok, partition, testFrame } from './testFrame.ts'

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })

const CONNECT = '/api/auth/farcaster/connect'

let anvil: Anvil
let relay: FarcasterRelay
let harness: Harness
beforeAll(async () => {
  ;[anvil, relay] = await Promise.all([startAnvil({ chainId: 31_993 }), startFarcasterRelay()])
  await placeIdRegistry(anvil)
  harness = await createHarness({
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, idRegistry: ID_REGISTRY_ADDRESS },
  })
  // Operator recovery: a new wallet needs no passphrase typed.
  await addProjects(harness, [
    {
      id: 'fc',
      allowedOrigins: ['http://127.0.0.1:5173'],
      loginMethods: ['email', 'farcaster'],
      recoveryMode: 'operator',
    },
  ])
})
afterAll(async () => {
  await harness?.close()
  await Promise.all([relay?.close(), anvil?.close()])
})

/** A Farcaster account of its own: a custody key with a fid registered on the IdRegistry. */
async function farcasterAccount() {
  const account = privateKeyToAccount(generatePrivateKey())
  const fid = await registerFid(anvil, account.address)
  return { account, fid, username: `user${fid}` }
}

describe('Farcaster login', () => {
  const home = partition()
  let address: string

  test('the URI is signed in by the Farcaster client: connected with its username and a new wallet', async () => {
    const me = await farcasterAccount()
    const f = testFrame({ app: harness.app, projectId: 'fc', where: home })
    const { url } = ok(await f.send('GET_FARCASTER_URI')) as { url: string }
    expect(url).toMatch(/^farcaster:\/\/connect\?/)
    const connecting = f.send('CONNECT_FARCASTER')
    // The frame waits for the client (at least one pending answer) before it signs.
    await vi.waitFor(() => expect(f.reached(CONNECT).length).toBeGreaterThan(0))
    await authenticateWithFarcaster({ relayUrl: relay.url, url, ...me })
    expect(ok(await connecting)).toEqual({ userName: me.username })

    expect(f.ctx.state.session).toMatchObject({
      email: null,
      userName: me.username,
      socialProvider: 'farcaster',
    })
    expect(f.events.map((event) => event.type)).toContain('SESSION_UPDATE')
    const user = ok(await f.send('GET_USER', {}))
    expect(user).toMatchObject({ email: null, userName: me.username, socialProvider: 'farcaster' })
    address = (user as { address: string }).address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  test('a reload restores the session with its username (GET_USER after IS_CONNECTED)', async () => {
    const f = testFrame({ app: harness.app, projectId: 'fc', where: home })
    expect(ok(await f.send('IS_CONNECTED'))).toEqual({ isConnected: true })
    expect(ok(await f.send('GET_USER', {}))).toMatchObject({
      address,
      userName: expect.stringMatching(/^user\d+$/),
      socialProvider: 'farcaster',
    })
    expect(f.ctx.state.session).toMatchObject({ socialProvider: 'farcaster' })
  })
})

describe('CONNECT_FARCASTER is aborted by the parent', () => {
  test('RPC_ABORT by its id: answered at once, and the frame stops asking its server', async () => {
    const f = testFrame({ app: harness.app, projectId: 'fc' })
    ok(await f.send('GET_FARCASTER_URI'))
    const id = crypto.randomUUID()
    const connecting = f.send('CONNECT_FARCASTER', {}, id)
    await vi.waitFor(() => expect(f.reached(CONNECT).length).toBeGreaterThan(0))
    expect(ok(await f.send('RPC_ABORT', { id }))).toEqual({ aborted: true })
    expect(await connecting).toMatchObject({ ok: false, error: { code: ErrorCode.aborted } })
    const asked = f.reached(CONNECT).length
    await new Promise((resolve) => setTimeout(resolve, 2.5 * FARCASTER_POLL_MS))
    expect(f.reached(CONNECT).length).toBe(asked)
  })

  test('control: not aborted, it keeps asking every second while the client has not signed', async () => {
    const f = testFrame({ app: harness.app, projectId: 'fc' })
    ok(await f.send('GET_FARCASTER_URI'))
    const id = crypto.randomUUID()
    void f.send('CONNECT_FARCASTER', {}, id)
    await vi.waitFor(() => expect(f.reached(CONNECT).length).toBeGreaterThan(0))
    const asked = f.reached(CONNECT).length
    await new Promise((resolve) => setTimeout(resolve, 2.5 * FARCASTER_POLL_MS))
    expect(f.reached(CONNECT).length).toBeGreaterThanOrEqual(asked + 2)
    f.ctx.aborts.abort(id)
  })
})
