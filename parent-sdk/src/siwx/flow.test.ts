// @vitest-environment jsdom
// The page's sign-in flow against real parts: an injected wallet signing with a real key (viem's local
// account), the default implementation (`createSiwx`) whose verify step recovers the signer with viem as a
// backend would, and, for the embedded wallet, the fake frame's approval round trip.

import { type Hex, hexToString, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  announceWallet,
  createTestWallet,
  type TestWallet,
  WALLET_ADDRESS,
  WALLET_KEY,
} from '../../test/anvilWallet.ts'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { fail, ok, startFrame, tick, USER } from '../../test/frameFlow.ts'
import { shadow, view } from '../../test/modal.ts'
import { getAccount } from '../core/account.ts'
import { disconnect } from '../core/connection.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../core/createKeyframe.ts'
import { connectEmail } from '../core/emailActions.ts'
import { ConfigError } from '../core/errors.ts'
import { getInjectedWallets } from '../core/injected.ts'
import { connectInjected } from '../core/injectedConnect.ts'
import { cancelSignIn, signIn } from '../core/siwxOnDemand.ts'
import { getSession, watchSession } from '../core/siwxSession.ts'
import { type CreateSiwxParameters, createSiwx } from './createSiwx.ts'
import type { SiweConfig, SiwxSession } from './types.ts'

const NETWORKS = [
  { id: 31337, name: 'Keyframe Local' },
  { id: 31338, name: 'Keyframe Local 2' },
]
const instances: Keyframe[] = []
const stops: (() => void)[] = []
let frames: ReturnType<typeof installFakeFrames>

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  for (const stop of stops.splice(0)) stop()
  await tick()
  frames.restore()
  localStorage.clear()
  document.body.innerHTML = ''
})

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: NETWORKS,
    announceProvider: false,
    ...extra,
  })
  instances.push(kf)
  return kf
}

/** The dApp's backend: hands out nonces once and verifies a signature as a server would (viem recovery). */
function backend() {
  const issued = new Set<string>()
  const verified: SiwxSession[] = []
  let n = 0
  return {
    verified,
    refuse: undefined as string | undefined,
    async getNonce() {
      const nonce = `n0nce${String(++n).padStart(8, '0')}`
      issued.add(nonce)
      return nonce
    },
    async verify(this: void, session: SiwxSession) {
      if (!issued.delete(session.data.nonce)) throw new Error('The nonce is unknown or was already used')
      const valid = await verifyMessage({
        address: session.data.accountAddress as Hex,
        message: session.message,
        signature: session.signature,
      })
      if (!valid) throw new Error("The signature does not match the message's address")
      verified.push(session)
    },
  }
}

/** An injected wallet on both chains, signing `personal_sign` with anvil dev key #1 (as an extension would). */
function signingWallet(): TestWallet & { declineSign: boolean; signed: string[] } {
  const base = createTestWallet([
    { chainId: 31337, rpcUrl: '', close: async () => {} },
    { chainId: 31338, rpcUrl: '', close: async () => {} },
  ])
  const key = privateKeyToAccount(WALLET_KEY)
  const wallet = Object.assign(base, { declineSign: false, signed: [] as string[] })
  const request = base.request
  wallet.request = async (args) => {
    if (args.method !== 'personal_sign') return request(args)
    wallet.calls.push(args.method)
    const [data, address] = args.params as [Hex, string]
    if (address !== WALLET_ADDRESS) throw Object.assign(new Error('Unknown account'), { code: 4100 })
    if (wallet.declineSign) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    wallet.signed.push(hexToString(data))
    return key.signMessage({ message: { raw: data } })
  }
  stops.push(announceWallet(wallet, { name: 'MetaMask', rdns: 'io.metamask' }))
  return wallet
}

async function connectWallet(kf: Keyframe) {
  await vi.waitFor(() => {
    if (!getInjectedWallets(kf).some((w) => w.id === 'injected:io.metamask'))
      throw new Error('not announced yet')
  })
  await connectInjected(kf, 'injected:io.metamask')
}

/** Waits until the modal shows `name`. */
const showing = (kf: Keyframe, name: string) =>
  vi.waitFor(() => {
    expect(kf.getState()).toMatchObject({ open: true, view: name })
    expect(view()).toBe(name)
  })

function signInOptions(parameters: Partial<CreateSiwxParameters> = {}) {
  const server = backend()
  const siwx = createSiwx({ getNonce: server.getNonce, verify: server.verify, ...parameters })
  return { server, siwx }
}

describe('options siwx and siweConfig', () => {
  const siwe: SiweConfig = {
    getNonce: async () => 'n0nce12345678',
    createMessage: () => '',
    verifyMessage: async () => true,
    getSession: async () => null,
    signOut: async () => true,
  }

  test('default: sign-in off, no state, and the actions say so', async () => {
    const kf = create()
    expect(kf.getState().siwx).toBeUndefined()
    expect(getSession(kf)).toBeUndefined()
    await expect(signIn(kf)).rejects.toThrow('SIWX is not enabled')
    await expect(cancelSignIn(kf)).rejects.toThrow('SIWX is not enabled')
  })

  test('parameters: siwx asks on SIWXSignMessage, siweConfig (AppKit) on ConnectingSiwe, required from each', () => {
    const { siwx } = signInOptions({ required: true })
    expect(create({ siwx }).getState().siwx).toEqual({
      view: 'SIWXSignMessage',
      required: true,
      session: undefined,
      status: 'idle',
      error: undefined,
    })
    expect(create({ siweConfig: siwe }).getState().siwx).toMatchObject({
      view: 'ConnectingSiwe',
      required: false,
    })
    expect(create({ siweConfig: { ...siwe, required: true } }).getState().siwx?.required).toBe(true)
  })

  test('error: both set, or a shape that is not one, is a ConfigError naming the option', () => {
    const { siwx } = signInOptions()
    const both = () => create({ siwx, siweConfig: siwe })
    expect(both).toThrow(ConfigError)
    expect(both).toThrow(
      'Keyframe: set `siwx` or `siweConfig`, not both: `siweConfig` is the older name of the same option.',
    )
    expect(() => create({ siwx: { createMessage: () => {} } as never })).toThrow(
      expect.objectContaining({ name: 'ConfigError', option: 'siwx' }),
    )
    expect(() => create({ siweConfig: { getNonce: () => {} } as never })).toThrow(
      expect.objectContaining({ name: 'ConfigError', option: 'siweConfig' }),
    )
  })
})

describe('an injected wallet signs in', () => {
  test('default: connecting asks on SIWXSignMessage; signIn signs, the backend verifies, the session is kept and the modal closes', async () => {
    const wallet = signingWallet()
    const { server, siwx } = signInOptions()
    const kf = create({ siwx })
    const heard: (SiwxSession | undefined)[] = []
    watchSession(kf, { onChange: (session) => heard.push(session) })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    expect(getSession(kf)).toBeUndefined()

    const session = await signIn(kf)
    // What the wallet signed is the session's message, for this page, this account and chain.
    expect(wallet.signed).toEqual([session.message])
    expect(session.message).toMatch(
      new RegExp(`^${location.host} wants you to sign in with your Ethereum account:\\n${WALLET_ADDRESS}\\n`),
    )
    expect(session.data).toMatchObject({
      accountAddress: WALLET_ADDRESS,
      chainId: 'eip155:31337',
      domain: location.host,
      uri: location.origin,
      version: '1',
    })
    expect(Object.hasOwn(session.data, 'toString')).toBe(false)
    expect(server.verified).toEqual([session])
    expect(getSession(kf)).toBe(session)
    expect(heard).toEqual([session])
    expect(kf.getState().open).toBe(false)
    expect(kf.getState().siwx).toMatchObject({ status: 'idle', error: undefined })
  })

  test('behavior: declined in the wallet → "Signature declined", the view stays for another try, which signs in', async () => {
    const wallet = signingWallet()
    const { siwx } = signInOptions()
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    wallet.declineSign = true
    await expect(signIn(kf)).rejects.toMatchObject({ code: 4001, message: 'Signature declined' })
    expect(kf.getState().siwx).toMatchObject({
      status: 'idle',
      error: 'Signature declined',
      session: undefined,
    })
    expect(kf.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })

    wallet.declineSign = false
    const states: unknown[] = []
    kf.subscribe(({ siwx }, previous) => {
      if (siwx !== previous.siwx) states.push({ status: siwx?.status, error: siwx?.error })
    })
    const signing = signIn(kf)
    // A second press while the first is under way shares it: the wallet is asked once.
    const again = signIn(kf)
    const session = await signing
    expect(await again).toBe(session)
    // "Signing…" while the wallet and the backend work; the error goes as the new try starts.
    expect(states).toEqual([
      { status: 'signing', error: undefined },
      { status: 'idle', error: undefined },
    ])
    expect(wallet.signed).toHaveLength(1)
    expect(getSession(kf)).toBe(session)
  })

  test("error: the backend's refusal → 'Sign-in was refused: {reason}', nothing kept", async () => {
    signingWallet()
    const { siwx } = signInOptions({
      verify: async () => {
        throw new Error('The nonce is unknown or was already used')
      },
    })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    await expect(signIn(kf)).rejects.toThrow('Sign-in was refused: The nonce is unknown or was already used')
    expect(kf.getState().siwx).toMatchObject({
      error: 'Sign-in was refused: The nonce is unknown or was already used',
      session: undefined,
    })
    expect(await siwx.getSessions('eip155:31337', WALLET_ADDRESS)).toEqual([])
    expect(kf.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })
  })

  test("error: signIn with no eip155 account → 'No ActiveCaipAddress found'", async () => {
    const { siwx } = signInOptions()
    const kf = create({ siwx })
    await expect(signIn(kf)).rejects.toThrow('No ActiveCaipAddress found')
  })
})

test("parameters: siweConfig (AppKit) asks on ConnectingSiwe; its backend's verdict keeps the session and says who is signed in", async () => {
  const wallet = signingWallet()
  const server = backend()
  let signedIn: { address: string; chainId: number } | undefined
  const kf = create({
    siweConfig: {
      getNonce: server.getNonce,
      createMessage: ({ address, chainId, nonce, domain, uri, version, iat }) =>
        createSiweMessage({
          address: address.split(':').pop() as Hex,
          chainId,
          nonce,
          domain,
          uri,
          version,
          issuedAt: iat ? new Date(iat) : new Date(),
        }),
      verifyMessage: async ({ message, signature }) => {
        const { address, chainId } = parseSiweMessage(message)
        const valid = await verifyMessage({ address: address!, message, signature: signature as Hex })
        if (valid) signedIn = { address: address!, chainId: chainId! }
        return valid
      },
      getSession: async () => signedIn,
      signOut: async () => {
        signedIn = undefined
        return true
      },
    },
  })
  await connectWallet(kf)
  await showing(kf, 'ConnectingSiwe')
  const session = await signIn(kf)
  expect(wallet.signed).toEqual([session.message])
  expect(signedIn).toEqual({ address: WALLET_ADDRESS, chainId: 31337 })
  expect(getSession(kf)).toBe(session)
  expect(kf.getState().open).toBe(false)
  // Disconnecting signs the backend out (AppKit's signOutOnDisconnect default).
  await disconnect(kf)
  await vi.waitFor(() => expect(signedIn).toBeUndefined())
})

describe('required and optional', () => {
  test('behavior: required — close, Escape and the backdrop do nothing while unsigned; Cancel disconnects', async () => {
    signingWallet()
    const { siwx } = signInOptions({ required: true })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    expect(kf._internal.isCloseDisabled()).toBe(true)
    kf.close()
    expect(kf.getState()).toMatchObject({ open: true, view: 'SIWXSignMessage' })

    await cancelSignIn(kf)
    expect(getAccount(kf).status).toBe('disconnected')
    expect(kf.getState().open).toBe(false)
  })

  test('control: required, once signed in the modal closes (the rule holds only while unsigned)', async () => {
    signingWallet()
    const { siwx } = signInOptions({ required: true })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    await signIn(kf)
    expect(kf._internal.isCloseDisabled()).toBe(false)
    expect(kf.getState().open).toBe(false)
    expect(getAccount(kf).status).toBe('connected')
  })

  test.each([
    ['siwx', 'SIWXSignMessage'],
    ['siweConfig', 'ConnectingSiwe'],
  ] as const)('behavior: required and unsigned, open() (%s) shows %s, not Account', async (option, name) => {
    signingWallet()
    const siweConfig: SiweConfig = {
      getNonce: async () => 'n0nce12345678',
      createMessage: () => '',
      verifyMessage: async () => true,
      getSession: async () => null,
      signOut: async () => true,
      required: true,
    }
    const kf = create(option === 'siwx' ? { siwx: signInOptions({ required: true }).siwx } : { siweConfig })
    await connectWallet(kf)
    await showing(kf, name)
    // The dApp showed Account itself and the person closed it: still connected, unsigned.
    await kf.open({ view: 'Account' })
    kf.close()
    expect(kf.getState().open).toBe(false)
    await kf.open()
    await showing(kf, name)
    expect(kf._internal.isCloseDisabled()).toBe(true)
  })

  test('control: open() shows Account once signed in, and when sign-in is optional', async () => {
    signingWallet()
    const required = create({ siwx: signInOptions({ required: true }).siwx })
    await connectWallet(required)
    await showing(required, 'SIWXSignMessage')
    await signIn(required)
    await required.open()
    await showing(required, 'Account')
    required.destroy()
    document.body.innerHTML = ''

    const optional = create({ siwx: signInOptions({ storage: null }).siwx })
    await connectWallet(optional)
    await showing(optional, 'SIWXSignMessage')
    await cancelSignIn(optional)
    await optional.open()
    await showing(optional, 'Account')
  })

  test('behavior: optional — Cancel closes, still connected, and that account is not asked again until it reconnects', async () => {
    const wallet = signingWallet()
    const { siwx } = signInOptions()
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    expect(kf._internal.isCloseDisabled()).toBe(false)
    await cancelSignIn(kf)
    expect(kf.getState().open).toBe(false)
    expect(getAccount(kf).status).toBe('connected')

    // Another chain is another sign-in: asked; back on the first, not asked again.
    wallet.emit('chainChanged', '0x7a6a')
    await showing(kf, 'SIWXSignMessage')
    kf.close()
    wallet.emit('chainChanged', '0x7a69')
    await tick()
    await tick()
    expect(kf.getState().open).toBe(false)

    // Reconnecting asks again.
    await disconnect(kf)
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
  })
})

describe('sessions follow the account', () => {
  test('behavior: another chain has no session (asked, session gone); back, the stored one returns without a modal', async () => {
    const wallet = signingWallet()
    const { siwx } = signInOptions()
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    const first = await signIn(kf)

    wallet.emit('chainChanged', '0x7a6a')
    expect(getSession(kf)).toBeUndefined()
    await showing(kf, 'SIWXSignMessage')
    const second = await signIn(kf)
    expect(second.data.chainId).toBe('eip155:31338')

    wallet.emit('chainChanged', '0x7a69')
    await vi.waitFor(() => expect(getSession(kf)).toEqual(first))
    expect(kf.getState().open).toBe(false)
  })

  test.each([
    ['required', true],
    ['optional', false],
  ] as const)(
    'behavior: a session that expires while the page stays open goes at its expirationTime and the account is asked again (%s)',
    async (_, required) => {
      signingWallet()
      const { siwx } = signInOptions({ required, expiresIn: 600, storage: null })
      const kf = create({ siwx })
      const heard: (SiwxSession | undefined)[] = []
      watchSession(kf, { onChange: (session) => heard.push(session) })
      await connectWallet(kf)
      await showing(kf, 'SIWXSignMessage')
      const session = await signIn(kf)
      const expires = Date.parse(session.data.expirationTime!)
      expect(kf.getState().open).toBe(false)
      expect(getSession(kf)).toBe(session)

      await showing(kf, 'SIWXSignMessage')
      // At its expirationTime, not before (a timer may wake a millisecond early by the wall clock).
      expect(Date.now()).toBeGreaterThanOrEqual(expires - 5)
      expect(getSession(kf)).toBeUndefined()
      expect(heard).toEqual([session, undefined])
      expect(kf._internal.isCloseDisabled()).toBe(required)
      expect(getAccount(kf).status).toBe('connected')
      // Signing again gives a new session, and a new timer.
      const next = await signIn(kf)
      expect(getSession(kf)).toBe(next)
    },
  )

  test('behavior: an optional sign-in cancelled, then signed in by the dApp, is asked again when its session expires', async () => {
    signingWallet()
    const { siwx } = signInOptions({ expiresIn: 600, storage: null })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    await cancelSignIn(kf)
    await signIn(kf)
    expect(kf.getState().open).toBe(false)
    await showing(kf, 'SIWXSignMessage')
    expect(getSession(kf)).toBeUndefined()
  })

  test("boundary: a session longer than setTimeout's limit (2^31-1 ms, ~24.8 days) is not dropped at once", async () => {
    signingWallet()
    const { siwx } = signInOptions({ expiresIn: 30 * 24 * 3600_000, storage: null })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    const session = await signIn(kf)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(getSession(kf)).toBe(session)
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: the expiry timer goes with the session — a chain switch or destroy leaves nothing to fire', async () => {
    const wallet = signingWallet()
    const { siwx } = signInOptions({ expiresIn: 600, storage: null })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    const first = await signIn(kf)
    // On 31338 (no session) the person closes the view: the 31337 session's expiry must not ask again.
    wallet.emit('chainChanged', '0x7a6a')
    await showing(kf, 'SIWXSignMessage')
    kf.close()
    const opens: boolean[] = []
    kf.subscribe(({ open }, previous) => {
      if (open && !previous.open) opens.push(open)
    })
    await new Promise((resolve) =>
      setTimeout(resolve, Date.parse(first.data.expirationTime!) - Date.now() + 100),
    )
    expect(opens).toEqual([])

    // Destroyed, the page's state keeps what it had: the timer of the session then live did not fire.
    const second = await signIn(kf)
    kf.destroy()
    await new Promise((resolve) =>
      setTimeout(resolve, Date.parse(second.data.expirationTime!) - Date.now() + 100),
    )
    expect(opens).toEqual([])
    expect(getSession(kf)).toBe(second)
  })

  test('behavior: a reload finds the stored session (signed in, no modal)', async () => {
    signingWallet()
    const kf = create({ siwx: signInOptions().siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    const session = await signIn(kf)
    kf.destroy()
    document.body.innerHTML = ''

    // The next page load restores the wallet's connection (no prompt) and reads the session store.
    const reloaded = create({ siwx: signInOptions().siwx })
    await vi.waitFor(() => expect(getSession(reloaded)).toEqual(session))
    expect(getAccount(reloaded).status).toBe('connected')
    expect(reloaded.getState().open).toBe(false)
  })

  test('behavior: disconnect clears the session and signs out (revokeSession); the next connect asks again', async () => {
    signingWallet()
    const revoked: string[] = []
    const { siwx } = signInOptions({
      revoke: async (chainId, address) => revoked.push(`${chainId}:${address}`),
    })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    await signIn(kf)
    await disconnect(kf)
    expect(getSession(kf)).toBeUndefined()
    await vi.waitFor(() => expect(revoked).toEqual([`eip155:31337:${WALLET_ADDRESS}`]))
    expect(await siwx.getSessions('eip155:31337', WALLET_ADDRESS)).toEqual([])
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
  })

  test('control: signOutOnDisconnect false keeps the stored session; reconnecting is signed in at once', async () => {
    signingWallet()
    const { siwx } = signInOptions({ signOutOnDisconnect: false })
    const kf = create({ siwx })
    await connectWallet(kf)
    await showing(kf, 'SIWXSignMessage')
    const session = await signIn(kf)
    await disconnect(kf)
    expect(getSession(kf)).toBeUndefined()
    await connectWallet(kf)
    await vi.waitFor(() => expect(getSession(kf)).toEqual(session))
    expect(kf.getState().open).toBe(false)
  })
})

describe('the embedded wallet', () => {
  /** Logs in by e-mail against the fake frame; its RPC_REQUESTs wait for the test to answer them. */
  async function login(kf: Keyframe) {
    const fake = await startFrame(kf, frames, {
      CONNECT_EMAIL: () => ok({ action: 'CONNECT' }),
      GET_USER: () => ok(USER),
    })
    await connectEmail(kf, { email: USER.email })
    return fake
  }
  /** The `n`th RPC_REQUEST the frame got (from 1), once sent. */
  const rpcRequest = (n: number) =>
    vi.waitFor(() => {
      const found = frames.requests().filter((r) => r.type === 'RPC_REQUEST')
      if (found.length < n) throw new Error(`no RPC_REQUEST #${n} yet`)
      return found[n - 1]!
    })

  /** The modal's header title (what names the dialog). */
  const title = () => {
    const dialog = shadow().querySelector('[role="dialog"]')!
    return shadow().getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent
  }

  test("behavior: the frame's approval of a sign-in is titled 'Sign in'; control: another approval is 'Approve transaction'", async () => {
    const kf = create({
      siwx: createSiwx({ getNonce: async () => 'n0nce12345678', verify: async () => {}, storage: null }),
    })
    const fake = await login(kf)
    await showing(kf, 'SIWXSignMessage')
    expect(title()).toBe('Sign in')

    const signing = signIn(kf)
    const request = await rpcRequest(1)
    fake.emit('APPROVAL_REQUESTED', { id: request.data.id, method: 'personal_sign' })
    await showing(kf, 'ApproveTransaction')
    expect(title()).toBe('Sign in')
    fake.emit('APPROVAL_CLOSED', { id: request.data.id })
    fake.reply(request.rid, ok(`0x${'11'.repeat(65)}`))
    await signing
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))

    // Signed in, the page asks the embedded wallet to sign something else: its approval keeps its title.
    fake.emit('APPROVAL_REQUESTED', { id: crypto.randomUUID(), method: 'personal_sign' })
    await showing(kf, 'ApproveTransaction')
    expect(title()).toBe('Approve transaction')
  })

  test('behavior: SIWXSignMessage → the frame approval (ApproveTransaction) → declined, back on SIWXSignMessage with the error; approved, signed in', async () => {
    const sessions: SiwxSession[] = []
    const siwx = createSiwx({
      getNonce: async () => 'n0nce12345678',
      verify: async (session) => void sessions.push(session),
      storage: null,
    })
    const kf = create({ siwx })
    const fake = await login(kf)
    await showing(kf, 'SIWXSignMessage')

    const declined = signIn(kf).catch((error: unknown) => error)
    const first = await rpcRequest(1)
    expect(first.data.params).toMatchObject({ method: 'personal_sign', chainId: 'eip155:31337' })
    const [data, address] = first.data.params.params as [Hex, string]
    expect(address).toBe(USER.address)
    expect(hexToString(data)).toMatch(/wants you to sign in with your Ethereum account:/)
    fake.emit('APPROVAL_REQUESTED', { id: first.data.id, method: 'personal_sign' })
    await showing(kf, 'ApproveTransaction')
    expect(kf.getState().history).toEqual(['SIWXSignMessage', 'ApproveTransaction'])
    fake.emit('APPROVAL_CLOSED', { id: first.data.id })
    fake.reply(first.rid, fail(4001, 'User rejected the request.'))
    expect(await declined).toMatchObject({ code: 4001, message: 'Signature declined' })
    await showing(kf, 'SIWXSignMessage')
    expect(kf.getState().history).toEqual(['SIWXSignMessage'])
    expect(kf.getState().siwx?.error).toBe('Signature declined')

    const approved = signIn(kf)
    const second = await rpcRequest(2)
    fake.emit('APPROVAL_REQUESTED', { id: second.data.id, method: 'personal_sign' })
    await showing(kf, 'ApproveTransaction')
    const signature = `0x${'11'.repeat(65)}` as const
    fake.emit('APPROVAL_CLOSED', { id: second.data.id })
    fake.reply(second.rid, ok(signature))
    const session = await approved
    expect(session).toMatchObject({ signature, data: { accountAddress: USER.address } })
    expect(sessions).toEqual([session])
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getSession(kf)).toBe(session)
  })
})
