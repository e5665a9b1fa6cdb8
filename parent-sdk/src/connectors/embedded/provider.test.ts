// @vitest-environment jsdom
import { UNSUPPORTED_ACTION_DELAY_MS } from '@keyframe/protocol/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { type FakeFrame, installFakeFrames } from '../../../test/fakeFrame.ts'
import { type Answers, fail, ok, sentTypes, startFrame, tick, USER } from '../../../test/frameFlow.ts'
import { getAccount } from '../../core/account.ts'
import { getApproval, holdOpen } from '../../core/approval.ts'
import { disconnect } from '../../core/connection.ts'
import { getActiveConnector, getProvider, watchActiveConnector } from '../../core/connectors.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../../core/createKeyframe.ts'
import { connectEmail } from '../../core/emailActions.ts'
import { getNetwork } from '../../core/network.ts'
import { getToast } from '../../core/toasts.ts'
import type { Eip1193Provider, ProviderEvents } from '../types.ts'
import { getEmbeddedProvider } from './provider.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [
    { id: 31337, name: 'Keyframe Local' },
    { id: 31338, name: 'Keyframe Local 2' },
  ],
  announceProvider: false,
}
/** The account as the provider gives it to dApps: in lower case, as MetaMask gives it. */
const ACCOUNT = USER.address.toLowerCase()
const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

/** Logs in by e-mail against the fake frame (a still-valid session: CONNECT, then GET_USER). */
async function login(kf: Keyframe, answers: Answers = {}): Promise<FakeFrame> {
  const fake = await startFrame(kf, frames, {
    CONNECT_EMAIL: () => ok({ action: 'CONNECT' }),
    GET_USER: () => ok(USER),
    ...answers,
  })
  await connectEmail(kf, { email: USER.email })
  return fake
}

/** Every event the provider emits, as [event, payload], in order. */
function record(provider: Eip1193Provider) {
  const events: [keyof ProviderEvents, unknown][] = []
  for (const event of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const) {
    provider.on(event, ((payload: unknown) => events.push([event, payload])) as never)
  }
  return events
}

/** The RPC_REQUESTs the frame got, as their params. */
const rpcRequests = () =>
  frames
    .requests()
    .filter((r) => r.type === 'RPC_REQUEST')
    .map((r) => r.data.params)

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  frames.restore()
  localStorage.clear()
  await tick()
  document.body.innerHTML = ''
})

describe('answered locally', () => {
  test('default: eth_chainId is the first network, eth_accounts empty; no frame is loaded', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    expect(provider).toBe(getEmbeddedProvider(kf))
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    expect(document.querySelector('iframe')).toBeNull()
  })

  test('behavior: connected → eth_accounts is the address, eth_chainId the account chain', async () => {
    const kf = create()
    await login(kf)
    const provider = getEmbeddedProvider(kf)
    const before = frames.requests().length
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([ACCOUNT])
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([ACCOUNT])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    expect(frames.requests()).toHaveLength(before)
  })

  test('default: net_version is the chain id in decimal before Connect, without the frame (as eth_chainId)', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    await expect(provider.request({ method: 'net_version' })).resolves.toBe('31337')
    expect(document.querySelector('iframe')).toBeNull()
  })

  test("behavior: connected, net_version follows the account's chain, without the frame", async () => {
    const kf = create()
    const fake = await login(kf)
    const provider = getEmbeddedProvider(kf)
    fake.emit('CHAIN_CHANGED', { chainId: 'eip155:31338' })
    await tick()
    const before = frames.requests().length
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a6a')
    await expect(provider.request({ method: 'net_version' })).resolves.toBe('31338')
    expect(frames.requests()).toHaveLength(before)
  })

  test('rule: addresses reach the dApp in lower case, as MetaMask gives them; getAccount keeps EIP-55', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    const events = record(provider)
    const requested = provider.request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(kf.getState().open).toBe(true), { timeout: 5000 })
    await login(kf)
    expect(USER.address).not.toBe(ACCOUNT)
    await expect(requested).resolves.toEqual([ACCOUNT])
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([ACCOUNT])
    expect(events).toContainEqual(['accountsChanged', [ACCOUNT]])
    const permissions = [
      expect.objectContaining({ caveats: [{ type: 'restrictReturnedAccounts', value: [ACCOUNT] }] }),
    ]
    await expect(provider.request({ method: 'wallet_getPermissions' })).resolves.toEqual(permissions)
    await expect(
      provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] }),
    ).resolves.toEqual(permissions)
    // The SDK's own state, which its modal shows, keeps the checksummed spelling.
    expect(getAccount(kf).address).toBe(USER.address)
  })

  test('error: a request without a method → -32600', async () => {
    const provider = getEmbeddedProvider(create())
    await expect(provider.request({} as never)).rejects.toMatchObject({
      code: -32600,
      message: 'Expected a request { method: string, params? }',
    })
  })
})

describe('eth_requestAccounts', () => {
  test('behavior: disconnected → the modal opens on Connect and the promise resolves once logged in', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    const events = record(provider)
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    // The first open() loads the UI chunk.
    await vi.waitFor(() => expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' }), {
      timeout: 5000,
    })
    await login(kf)
    await expect(accounts).resolves.toEqual([ACCOUNT])
    // The login closed the modal (SPEC §2), after the account was handed over.
    expect(kf.getState().open).toBe(false)
    expect(events).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [ACCOUNT]],
    ])
  })

  test('error: the modal closes first → 4001', async () => {
    const kf = create()
    const accounts = getEmbeddedProvider(kf).request({ method: 'eth_requestAccounts' })
    await vi.waitFor(() => expect(kf.getState().open).toBe(true))
    kf.close()
    await expect(accounts).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(accounts).rejects.toBeInstanceOf(Error)
  })
})

describe('safe and unsafe methods', () => {
  test('default: a safe method goes to the frame as RPC_REQUEST on the account chain; no modal', async () => {
    const kf = create()
    await login(kf, {
      RPC_REQUEST: ({ method }) => (method === 'eth_blockNumber' ? ok('0x2a') : fail(4200, 'no')),
    })
    const provider = getEmbeddedProvider(kf)
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x2a')
    await expect(
      provider.request({ method: 'eth_getBalance', params: [USER.address, 'latest'] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(rpcRequests()).toEqual([
      { method: 'eth_blockNumber', chainId: 'eip155:31337' },
      { method: 'eth_getBalance', params: [USER.address, 'latest'], chainId: 'eip155:31337' },
    ])
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: an unsafe method opens the modal at once; its success closes it', async () => {
    const kf = create()
    const fake = await login(kf)
    const signature = getEmbeddedProvider(kf).request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', USER.address],
    })
    await vi.waitFor(() => expect(kf.getState().open).toBe(true))
    const request = await vi.waitFor(() => {
      const found = frames.requests().find((r) => r.type === 'RPC_REQUEST')
      if (!found) throw new Error('not sent yet')
      return found
    })
    expect(request.data.params).toEqual({
      method: 'personal_sign',
      params: ['0x68656c6c6f', USER.address],
      chainId: 'eip155:31337',
    })
    fake.reply(request.rid, { ok: true, result: `0x${'ab'.repeat(65)}` })
    await expect(signature).resolves.toBe(`0x${'ab'.repeat(65)}`)
    // Closed a task after the answer, which does not wait for the modal's re-render.
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
  })

  test('behavior: an unsafe error closes the modal only once no other unsafe request is pending', async () => {
    const kf = create()
    const fake = await login(kf)
    const provider = getEmbeddedProvider(kf)
    const first = settle(provider.request({ method: 'personal_sign', params: ['0x01', USER.address] }))
    const second = settle(provider.request({ method: 'personal_sign', params: ['0x02', USER.address] }))
    const [a, b] = await vi.waitFor(() => {
      const sent = frames.requests().filter((r) => r.type === 'RPC_REQUEST')
      if (sent.length < 2) throw new Error('not sent yet')
      return sent
    })
    fake.reply(a!.rid, { ok: false, error: { code: 4001, message: 'User rejected the request.' } })
    expect(await first).toMatchObject({ error: { code: 4001, message: 'User rejected the request.' } })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(kf.getState().open).toBe(true)
    fake.reply(b!.rid, { ok: false, error: { code: 4001, message: 'User rejected the request.' } })
    expect(await second).toMatchObject({ error: { code: 4001 } })
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
  })

  test('error: not logged in → 4100 without loading the frame', async () => {
    const kf = create()
    await expect(
      getEmbeddedProvider(kf).request({ method: 'personal_sign', params: ['0x01', USER.address] }),
    ).rejects.toMatchObject({
      code: 4100,
      message: 'The requested method and/or account has not been authorized by the user.',
    })
    expect(document.querySelector('iframe')).toBeNull()
    expect(kf.getState().open).toBe(false)
  })
})

describe('unknown methods (SPEC §6)', () => {
  test("behavior: the modal opens; after 300 ms 'Action not allowed' and every pending request → 4200", async () => {
    const kf = create()
    const fake = await login(kf)
    // A view that reads nothing through the provider, so only the dApp's requests are pending.
    await kf.open({ view: 'Networks' })
    const provider = getEmbeddedProvider(kf)
    const signing = settle(provider.request({ method: 'personal_sign', params: ['0x01', USER.address] }))
    const signRequest = await vi.waitFor(() => {
      const found = frames.requests().find((r) => r.type === 'RPC_REQUEST')
      if (!found) throw new Error('not sent yet')
      return found
    })
    const started = Date.now()
    const unknown = settle(provider.request({ method: 'net_foo' }))
    await tick()
    expect(kf.getState()).toMatchObject({ open: true, view: 'Networks' })
    expect(getToast(kf)).toBeUndefined()
    const refused = await unknown
    expect(Date.now() - started).toBeGreaterThanOrEqual(UNSUPPORTED_ACTION_DELAY_MS - 5)
    expect(getToast(kf)).toMatchObject({ variant: 'error', message: 'Action not allowed' })
    expect(refused).toMatchObject({
      error: {
        code: 4200,
        message: 'Requested RPC call is not allowed: net_foo',
        data: { method: 'net_foo' },
      },
    })
    expect(await signing).toMatchObject({
      error: { code: 4200, message: 'Requested RPC call is not allowed: net_foo' },
    })
    // The frame is told to drop the signing request; the modal stays open on its toast.
    expect(
      frames
        .requests()
        .filter((r) => r.type === 'RPC_ABORT')
        .map((r) => r.data.params),
    ).toEqual([{ id: signRequest.data.id }])
    expect(kf.getState().open).toBe(true)
    // Only the unknown method was refused: it never reached the frame.
    expect(rpcRequests().map((p) => p.method)).toEqual(['personal_sign'])
    fake.reply(signRequest.rid, { ok: true, result: '0x' })
  })

  test('behavior: refused even when not logged in (no frame loaded)', async () => {
    const kf = create()
    await expect(getEmbeddedProvider(kf).request({ method: 'wallet_foo' })).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed: wallet_foo',
    })
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' })
    expect(getToast(kf)?.message).toBe('Action not allowed')
    expect(document.querySelector('iframe')).toBeNull()
  })
})

describe('refused methods and reads while a signature waits (issue 13)', () => {
  /** A personal_sign on screen (sent to the frame, not answered), its settled outcome and its frame request. */
  async function signatureOnScreen(kf: Keyframe, provider: Eip1193Provider) {
    const signing = settle(provider.request({ method: 'personal_sign', params: ['0x01', USER.address] }))
    const request = await vi.waitFor(() => {
      const found = frames.requests().find((r) => r.type === 'RPC_REQUEST')
      if (!found) throw new Error('not sent yet')
      return found
    })
    await vi.waitFor(() => expect(kf.getState().open).toBe(true))
    return { signing, request }
  }

  test('behavior: eth_sign and eth_subscribe get their own error at once; the signature on screen is untouched', async () => {
    const kf = create()
    const fake = await login(kf)
    const provider = getEmbeddedProvider(kf)
    const { signing, request } = await signatureOnScreen(kf, provider)
    const started = Date.now()
    await expect(
      provider.request({ method: 'eth_sign', params: [USER.address, '0x01'] }),
    ).rejects.toMatchObject({
      code: 4200,
      message: expect.stringMatching(/^eth_sign is not supported: /),
      data: { method: 'eth_sign' },
    })
    await expect(provider.request({ method: 'eth_subscribe', params: ['newHeads'] })).rejects.toMatchObject({
      code: -32601,
      message:
        'eth_subscribe is not supported over this transport: poll with eth_newFilter and eth_getFilterChanges',
    })
    // No 300 ms wait, no toast, no abort: the refusal is the method's alone, and it never reached the frame.
    expect(Date.now() - started).toBeLessThan(UNSUPPORTED_ACTION_DELAY_MS)
    expect(getToast(kf)).toBeUndefined()
    expect(frames.requests().filter((r) => r.type === 'RPC_ABORT')).toEqual([])
    expect(rpcRequests().map((p) => p.method)).toEqual(['personal_sign'])
    fake.reply(request.rid, { ok: true, result: `0x${'ab'.repeat(65)}` })
    expect(await signing).toEqual({ value: `0x${'ab'.repeat(65)}` })
  })

  test('behavior: net_version is answered at once and the other new reads go to the frame while the signature waits', async () => {
    const kf = create()
    const fake = await login(kf)
    const provider = getEmbeddedProvider(kf)
    const { signing, request } = await signatureOnScreen(kf, provider)
    await expect(provider.request({ method: 'net_version' })).resolves.toBe('31337')
    for (const [method, answer] of [
      ['net_listening', true],
      ['web3_clientVersion', 'Keyframe/protocol-v1'],
      ['eth_coinbase', ACCOUNT],
    ] as const) {
      const read = provider.request({ method })
      const sent = await vi.waitFor(() => {
        const found = frames
          .requests()
          .find((r) => r.type === 'RPC_REQUEST' && r.data.params.method === method)
        if (!found) throw new Error('not sent yet')
        return found
      })
      fake.reply(sent.rid, { ok: true, result: answer })
      await expect(read).resolves.toEqual(answer)
    }
    expect(getToast(kf)).toBeUndefined()
    expect(frames.requests().filter((r) => r.type === 'RPC_ABORT')).toEqual([])
    fake.reply(request.rid, { ok: true, result: `0x${'cd'.repeat(65)}` })
    expect(await signing).toEqual({ value: `0x${'cd'.repeat(65)}` })
  })
})

describe('EIP-2255 permissions (what wagmi asks on connect and disconnect)', () => {
  const ACCOUNTS = [{ eth_accounts: {} }]
  const granted = () => [
    {
      invoker: window.location.origin,
      parentCapability: 'eth_accounts',
      caveats: [{ type: 'restrictReturnedAccounts', value: [ACCOUNT] }],
    },
  ]

  test('behavior: disconnected, wallet_requestPermissions opens Connect and resolves with the account permission once logged in; no toast', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    await expect(provider.request({ method: 'wallet_getPermissions' })).resolves.toEqual([])
    const permissions = provider.request({ method: 'wallet_requestPermissions', params: ACCOUNTS })
    await vi.waitFor(() => expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' }), {
      timeout: 5000,
    })
    await login(kf)
    await expect(permissions).resolves.toEqual(granted())
    await expect(provider.request({ method: 'wallet_getPermissions' })).resolves.toEqual(granted())
    expect(getToast(kf)).toBeUndefined()
    expect(rpcRequests()).toEqual([])
  })

  test('default: connected, wallet_requestPermissions answers at once without the modal or the frame', async () => {
    const kf = create()
    await login(kf)
    const provider = getEmbeddedProvider(kf)
    await expect(
      provider.request({ method: 'wallet_requestPermissions', params: ACCOUNTS }),
    ).resolves.toEqual(granted())
    expect(kf.getState().open).toBe(false)
    expect(rpcRequests()).toEqual([])
  })

  test('behavior: wallet_revokePermissions for the account disconnects this site; the frame keeps the login', async () => {
    const kf = create()
    await login(kf, { IS_CONNECTED: () => ok({ isConnected: true }) })
    const provider = getEmbeddedProvider(kf)
    const events = record(provider)
    await expect(
      provider.request({ method: 'wallet_revokePermissions', params: ACCOUNTS }),
    ).resolves.toBeNull()
    expect(sentTypes(frames)).toEqual(['CONNECT_EMAIL', 'GET_USER'])
    expect(events.map(([event]) => event)).toEqual(['accountsChanged', 'disconnect'])
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await expect(provider.request({ method: 'wallet_getPermissions' })).resolves.toEqual([])
    expect(getActiveConnector(kf)).toBeUndefined()

    // eth_requestAccounts reconnects at once: no modal, no e-mail, no code.
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([ACCOUNT])
    expect(kf.getState().open).toBe(false)
    expect(sentTypes(frames)).toEqual(['CONNECT_EMAIL', 'GET_USER', 'IS_CONNECTED', 'GET_USER'])
    expect(events.map(([event]) => event)).toEqual([
      'accountsChanged',
      'disconnect',
      'connect',
      'accountsChanged',
    ])
  })

  test('behavior: after a revoke, a frame whose session is gone → eth_requestAccounts opens Connect', async () => {
    const kf = create()
    await login(kf, { IS_CONNECTED: () => ok({ isConnected: false }) })
    const provider = getEmbeddedProvider(kf)
    await provider.request({ method: 'wallet_revokePermissions', params: ACCOUNTS })
    const accounts = settle(provider.request({ method: 'eth_requestAccounts' }))
    await vi.waitFor(() => expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' }), {
      timeout: 5000,
    })
    expect(sentTypes(frames).at(-1)).toBe('IS_CONNECTED')
    kf.close()
    expect(await accounts).toMatchObject({ error: { code: 4001 } })
  })

  test('behavior: revoking while disconnected changes nothing; other permissions go to the frame', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    await expect(
      provider.request({ method: 'wallet_revokePermissions', params: ACCOUNTS }),
    ).resolves.toBeNull()
    expect(document.querySelector('iframe')).toBeNull()
    await login(kf, { RPC_REQUEST: () => fail(4200, 'Requested RPC call is not allowed') })
    const grant = { 'native-token-recurring-allowance': { allowance: '0x1' } }
    await expect(
      provider.request({ method: 'wallet_revokePermissions', params: [grant] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(rpcRequests()).toEqual([
      { method: 'wallet_revokePermissions', params: [grant], chainId: 'eip155:31337' },
    ])
    expect(getActiveConnector(kf)).toMatchObject({ id: 'embedded' })
  })
})

describe('wallet_switchEthereumChain', () => {
  test('default: the frame switches (SWITCH_NETWORK); chainChanged, eth_chainId and the network follow', async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: ({ chainId }) => ok({ chainId: `eip155:${chainId}` }) })
    const provider = getEmbeddedProvider(kf)
    const events = record(provider)
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).resolves.toBeNull()
    expect(frames.requests().find((r) => r.type === 'SWITCH_NETWORK')?.data.params).toEqual({
      chainId: 31338,
    })
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a6a')
    expect(getNetwork(kf).name).toBe('Keyframe Local 2')
  })

  test('error: a chain the dApp does not list → 4902, the frame is not asked', async () => {
    const kf = create()
    await login(kf)
    const error = await getEmbeddedProvider(kf)
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4902, message: 'Chain is not supported' })
    expect((error as Error).cause).toMatchObject({ message: 'Network with ID 0x1 not found' })
    expect(sentTypes(frames)).not.toContain('SWITCH_NETWORK')
  })

  test('error: the frame refuses the chain → its 4902', async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: () => fail(4902, 'Chain is not supported') })
    await expect(
      getEmbeddedProvider(kf).request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    ).rejects.toMatchObject({ code: 4902, message: 'Chain is not supported' })
    expect(getNetwork(kf).name).toBe('Keyframe Local')
  })

  test('error: no hex chain id → -32602', async () => {
    await expect(
      getEmbeddedProvider(create()).request({ method: 'wallet_switchEthereumChain', params: [{}] }),
    ).rejects.toMatchObject({
      code: -32602,
      message:
        'Invalid params for wallet_switchEthereumChain: parameter 1 (chain) field chainId must be a hex chain id',
    })
  })
})

describe('wallet_addEthereumChain (EIP-3085)', () => {
  const chain = {
    chainId: '0x53a',
    rpcUrls: ['http://127.0.0.1:8546'],
    chainName: 'Localhost 8546',
    nativeCurrency: { name: 'TEST', decimals: 18, symbol: 'TEST' },
    blockExplorerUrls: null,
  }

  test('default: the frame asks the person; once added, the modal lists it and the switch to it succeeds', async () => {
    const kf = create()
    await login(kf, {
      RPC_REQUEST: () => ok(null),
      SWITCH_NETWORK: ({ chainId }) => ok({ chainId: `eip155:${chainId}` }),
    })
    const provider = getEmbeddedProvider(kf)
    const adding = provider.request({ method: 'wallet_addEthereumChain', params: [chain] })
    await expect(adding).resolves.toBeNull()
    expect(rpcRequests()).toEqual([
      { method: 'wallet_addEthereumChain', params: [chain], chainId: 'eip155:31337' },
    ])
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x53a' }] }),
    ).resolves.toBeNull()
    expect(frames.requests().find((r) => r.type === 'SWITCH_NETWORK')?.data.params).toEqual({ chainId: 1338 })
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x53a')
    expect(getNetwork(kf)).toMatchObject({
      name: 'Localhost 8546',
      isSupported: true,
      nativeCurrency: { symbol: 'TEST' },
    })
  })

  test('error: rejected in the frame (4001) → not listed; a switch to it still answers 4902 without asking', async () => {
    const kf = create()
    await login(kf, { RPC_REQUEST: () => fail(4001, 'User rejected the request.') })
    const provider = getEmbeddedProvider(kf)
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [chain] }),
    ).rejects.toMatchObject({
      code: 4001,
    })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x53a' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(sentTypes(frames)).not.toContain('SWITCH_NETWORK')
  })
})

describe('events and the connector', () => {
  test('behavior: the frame’s CHAIN_CHANGED and ACCOUNTS_CHANGED reach the dApp', async () => {
    const kf = create()
    const fake = await login(kf)
    const events = record(getEmbeddedProvider(kf))
    const other = '0x1111111111111111111111111111111111111111'
    fake.emit('CHAIN_CHANGED', { chainId: 'eip155:31338' })
    fake.emit('ACCOUNTS_CHANGED', { accounts: [other] })
    await tick()
    expect(events).toEqual([
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', [other]],
    ])
    expect(kf.getState().connections.eip155).toMatchObject({
      address: other,
      chainId: 'eip155:31338',
      caipAddress: `eip155:31338:${other}`,
    })
  })

  test('behavior: DISCONNECTED from the frame → accountsChanged [] and disconnect 4900', async () => {
    const kf = create()
    const fake = await login(kf)
    const events = record(getEmbeddedProvider(kf))
    fake.emit('DISCONNECTED', {})
    await tick()
    expect(events).toEqual([
      ['accountsChanged', []],
      ['disconnect', expect.objectContaining({ code: 4900 })],
    ])
    expect(getActiveConnector(kf)).toBeUndefined()
  })

  test('default: the e-mail login makes the embedded connector eip155’s active one; disconnect unsets it', async () => {
    const kf = create()
    const changes: (string | undefined)[] = []
    watchActiveConnector(kf, { onChange: (connector) => changes.push(connector?.id) })
    expect(await getProvider(kf)).toBeUndefined()
    await login(kf, { SIGN_OUT: () => ok(null) })
    expect(getActiveConnector(kf)).toMatchObject({ id: 'embedded', type: 'embedded', namespace: 'eip155' })
    expect(await getProvider(kf)).toBe(getEmbeddedProvider(kf))
    const events = record(getEmbeddedProvider(kf))
    await disconnect(kf)
    expect(changes).toEqual(['embedded', undefined])
    expect(events.map(([event]) => event)).toEqual(['accountsChanged', 'disconnect'])
    await expect(getEmbeddedProvider(kf).request({ method: 'eth_accounts' })).resolves.toEqual([])
  })

  test('behavior: removeListener stops the events', async () => {
    const kf = create()
    const provider = getEmbeddedProvider(kf)
    const listener = vi.fn()
    provider.on('accountsChanged', listener)
    provider.removeListener('accountsChanged', listener)
    await login(kf)
    expect(listener).not.toHaveBeenCalled()
  })

  test("behavior: the dApp's disconnect rejects a signature still on screen with 4900 and aborts it in the frame", async () => {
    const kf = create()
    await login(kf)
    const provider = getEmbeddedProvider(kf)
    const pending = settle(provider.request({ method: 'personal_sign', params: ['0x01', USER.address] }))
    await vi.waitFor(() => expect(rpcRequests().map((p) => p.method)).toContain('personal_sign'))
    await disconnect(kf)
    expect(await pending).toMatchObject({ error: { code: 4900 } })
    await vi.waitFor(() => expect(sentTypes(frames)).toContain('RPC_ABORT'))
  })

  test('behavior: destroy() rejects pending requests with 4900 and says disconnect', async () => {
    const kf = create()
    await login(kf)
    const provider = getEmbeddedProvider(kf)
    const events = record(provider)
    const pending = settle(provider.request({ method: 'personal_sign', params: ['0x01', USER.address] }))
    await vi.waitFor(() => expect(rpcRequests().map((p) => p.method)).toContain('personal_sign'))
    kf.destroy()
    expect(await pending).toMatchObject({ error: { code: 4900 } })
    expect(events.map(([event]) => event)).toEqual(['disconnect'])
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4900 })
  })
})

describe('closing the modal during an approval (issue 15)', () => {
  /** Sends `count` personal_signs; resolves with their settled results and the RPC_REQUESTs the frame got. */
  async function signs(kf: Keyframe, count: number) {
    const provider = getEmbeddedProvider(kf)
    const results = Array.from({ length: count }, (_, i) =>
      settle(provider.request({ method: 'personal_sign', params: [`0x0${i}`, USER.address] })),
    )
    const sent = await vi.waitFor(() => {
      const found = frames.requests().filter((r) => r.type === 'RPC_REQUEST')
      if (found.length < count) throw new Error('not sent yet')
      return found
    })
    return { results, sent }
  }

  const aborted = () =>
    frames
      .requests()
      .filter((r) => r.type === 'RPC_ABORT')
      .map((r) => r.data.params.id)

  test('behavior: kf.close() rejects the request awaiting approval with 4001 at once and aborts it in the frame', async () => {
    const kf = create()
    const fake = await login(kf)
    const { results, sent } = await signs(kf, 1)
    const id = sent[0]!.data.id
    fake.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    await vi.waitFor(() => expect(kf.getState()).toMatchObject({ open: true, view: 'ApproveTransaction' }))
    const closed = performance.now()
    kf.close()
    const [result] = await Promise.all(results)
    expect(performance.now() - closed).toBeLessThan(100)
    expect(result).toMatchObject({ error: { code: 4001 } })
    await vi.waitFor(() => expect(aborted()).toEqual([id]))
  })

  test('control: an approval the person already decided (APPROVAL_CLOSED) is not rejected by closing', async () => {
    const kf = create()
    const fake = await login(kf)
    const { results, sent } = await signs(kf, 1)
    const { id } = sent[0]!.data
    fake.emit('APPROVAL_REQUESTED', { id, method: 'personal_sign' })
    await vi.waitFor(() => expect(kf.getState().view).toBe('ApproveTransaction'))
    fake.emit('APPROVAL_CLOSED', { id })
    await tick()
    kf.close()
    fake.reply(sent[0]!.rid, { ok: true, result: `0x${'ab'.repeat(65)}` })
    expect(await results[0]).toEqual({ value: `0x${'ab'.repeat(65)}` })
    expect(aborted()).toEqual([])
  })

  test('behavior: a request queued behind the one shown counts as waiting, and closing rejects both', async () => {
    const kf = create()
    const fake = await login(kf)
    const { results, sent } = await signs(kf, 2)
    fake.emit('APPROVAL_REQUESTED', { id: sent[0]!.data.id, method: 'personal_sign' })
    await vi.waitFor(() => expect(getApproval(kf)).toMatchObject({ open: true, queued: 1 }))
    kf.close()
    const settled = await Promise.all(results)
    expect(settled).toMatchObject([{ error: { code: 4001 } }, { error: { code: 4001 } }])
    await vi.waitFor(() => expect(aborted().sort()).toEqual(sent.map((r) => r.data.id).sort()))
  })

  test('behavior: while a modal view holds the modal open, an unsafe request that succeeds leaves it open', async () => {
    const kf = create()
    const fake = await login(kf)
    await kf.open({ view: 'Networks' })
    const release = holdOpen(kf)
    const { results, sent } = await signs(kf, 1)
    release()
    fake.reply(sent[0]!.rid, { ok: true, result: `0x${'cd'.repeat(65)}` })
    expect(await results[0]).toEqual({ value: `0x${'cd'.repeat(65)}` })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(kf.getState().open).toBe(true)
  })
})
