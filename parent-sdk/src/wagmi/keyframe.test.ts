// @vitest-environment jsdom
import {
  type Config,
  connect,
  createConfig,
  disconnect,
  getAccount,
  http,
  reconnect,
  signMessage,
  switchChain,
  watchAccount,
} from '@wagmi/core'
import { defineChain, toHex, UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { announceWallet, createTestWallet, WALLET_ADDRESS } from '../../test/anvilWallet.ts'
import { type FakeFrame, installFakeFrames } from '../../test/fakeFrame.ts'
import {
  type Answers,
  fail,
  frameCreatedByKeyframe,
  ok,
  startFrame,
  tick,
  USER,
} from '../../test/frameFlow.ts'
import { KEYFRAME_ICON } from '../connectors/embedded/icon.ts'
import { getEmbeddedProvider } from '../connectors/embedded/provider.ts'
import { getAccount as getKeyframeAccount } from '../core/account.ts'
import { disconnect as disconnectKeyframe } from '../core/connection.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from '../core/createKeyframe.ts'
import { connectEmail } from '../core/emailActions.ts'
import { connectInjected } from '../core/injectedConnect.ts'
import { keyframe } from './keyframe.ts'

const chain = (id: number, name: string) =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${id}`] } },
  })
const local = chain(31337, 'Keyframe Local')
const local2 = chain(31338, 'Keyframe Local 2')
/** A chain wagmi is configured for that the dApp did not give Keyframe. */
const elsewhere = chain(1338, 'Elsewhere')

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [local, local2],
  announceProvider: false,
}
const OTHER = '0x1111111111111111111111111111111111111111'

const instances: Keyframe[] = []
const configs: Config[] = []
let frames: ReturnType<typeof installFakeFrames>

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

/** A dApp's wagmi config with Keyframe's connector, as the README shows it (no EIP-6963 discovery unless asked). */
function configOf(kf: Keyframe, extra: { multiInjectedProviderDiscovery?: boolean } = {}) {
  const config = createConfig({
    chains: [local, local2, elsewhere],
    connectors: [keyframe({ keyframe: kf })],
    transports: { [local.id]: http(), [local2.id]: http(), [elsewhere.id]: http() },
    multiInjectedProviderDiscovery: false,
    ...extra,
  })
  configs.push(config)
  return config
}

/** The person logs in by e-mail in the modal (a still-valid session: CONNECT, then GET_USER). */
async function login(kf: Keyframe, answers: Answers = {}): Promise<FakeFrame> {
  const fake = await startFrame(kf, frames, {
    CONNECT_EMAIL: () => ok({ action: 'CONNECT' }),
    GET_USER: () => ok(USER),
    ...answers,
  })
  await connectEmail(kf, { email: USER.email })
  return fake
}

/** wagmi's `connect` through the modal, the person logging in once it is open. */
async function connectByEmail(kf: Keyframe, config: Config, answers: Answers = {}) {
  const connecting = connect(config, { connector: config.connectors[0]! })
  await vi.waitFor(() => expect(kf.getState().open).toBe(true), { timeout: 5000 })
  const fake = await login(kf, answers)
  return { fake, result: await connecting }
}

/** What a dApp's `watchAccount` reports, one line per change. */
function recordAccount(config: Config) {
  const seen: string[] = []
  watchAccount(config, {
    onChange: ({ status, address, chainId, connector }) =>
      seen.push([status, address, chainId, connector?.id].filter(Boolean).join(' ')),
  })
  return seen
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(async () => {
  for (const config of configs.splice(0)) config._internal.mipd?.destroy()
  for (const kf of instances.splice(0)) kf.destroy()
  frames.restore()
  localStorage.clear()
  await tick()
  document.body.innerHTML = ''
})

test("default: one connector named and drawn as the SDK's, with the id and rdns of its EIP-6963 announcement", () => {
  const config = configOf(create())
  expect(config.connectors.map(({ id, name, rdns, type, icon }) => ({ id, name, rdns, type, icon }))).toEqual(
    [{ id: 'dev.keyframe', name: 'Keyframe', rdns: 'dev.keyframe', type: 'keyframe', icon: KEYFRAME_ICON }],
  )
})

describe('EIP-6963', () => {
  test('behavior: the announcement of the same provider adds no second Keyframe to the list', () => {
    const kf = create({ announceProvider: true })
    const config = configOf(kf, { multiInjectedProviderDiscovery: true })
    expect(config.connectors.map(({ id, type }) => `${id} ${type}`)).toEqual(['dev.keyframe keyframe'])
  })

  test('control: without the connector, wagmi discovers the announcement as an injected wallet', () => {
    create({ announceProvider: true })
    const config = createConfig({
      chains: [local],
      transports: { [local.id]: http() },
    })
    configs.push(config)
    expect(config.connectors.map(({ id, type }) => `${id} ${type}`)).toEqual(['dev.keyframe injected'])
  })

  test('parameters: options → the connector creates the instance (networks from the chains) and is listed once', async () => {
    const config = createConfig({
      chains: [local, local2],
      connectors: [keyframe({ projectId: 'demo', frameUrl: 'http://localhost:5174/frame' })],
      transports: { [local.id]: http(), [local2.id]: http() },
    })
    configs.push(config)
    const [connector] = config.connectors
    expect(config.connectors.map(({ id, type }) => `${id} ${type}`)).toEqual(['dev.keyframe keyframe'])
    const kf = (connector as unknown as { keyframe: Keyframe }).keyframe
    instances.push(kf)
    expect(kf._internal.networks.map((network) => network.id)).toEqual([31337, 31338])
    expect(await connector!.getProvider()).toBe(getEmbeddedProvider(kf))
  })
})

describe('connect', () => {
  test('default: opens the modal and resolves with the account and chain once the person logs in', async () => {
    const kf = create()
    const config = configOf(kf)
    const seen = recordAccount(config)
    const { result } = await connectByEmail(kf, config)
    expect(result).toEqual({ accounts: [USER.address], chainId: 31337 })
    expect(getAccount(config)).toMatchObject({
      status: 'connected',
      address: USER.address,
      chainId: 31337,
      connector: { id: 'dev.keyframe' },
    })
    expect(seen).toEqual([
      'connecting',
      'connected 0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb 31337 dev.keyframe',
    ])
    // The modal closed on the connection, and wagmi's provider is the SDK's.
    expect(kf.getState().open).toBe(false)
    expect(await config.connectors[0]!.getProvider()).toBe(getEmbeddedProvider(kf))
  })

  test('error: the modal closed without connecting → UserRejectedRequestError (4001), wagmi disconnected', async () => {
    const kf = create()
    const config = configOf(kf)
    const connecting = settle(connect(config, { connector: config.connectors[0]! }))
    await vi.waitFor(() => expect(kf.getState().open).toBe(true), { timeout: 5000 })
    kf.close()
    const { error } = (await connecting) as { error: UserRejectedRequestError }
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
    expect(error.details).toBe('The Keyframe modal was closed without connecting.')
    expect(getAccount(config).status).toBe('disconnected')
  })

  test('parameters: chainId → connected, then switched there through the frame', async () => {
    const kf = create()
    const config = configOf(kf)
    const connecting = connect(config, { connector: config.connectors[0]!, chainId: local2.id })
    await vi.waitFor(() => expect(kf.getState().open).toBe(true), { timeout: 5000 })
    await login(kf, { SWITCH_NETWORK: ({ chainId }) => ok({ chainId }) })
    await expect(connecting).resolves.toEqual({ accounts: [USER.address], chainId: 31338 })
    expect(getKeyframeAccount(kf).chainId).toBe('eip155:31338')
  })

  test("behavior: an injected wallet picked in the modal is wagmi's account, chain and provider", async () => {
    const metamask = createTestWallet([{ chainId: 31337, rpcUrl: '', close: async () => {} }])
    const stop = announceWallet(metamask, { name: 'MetaMask', rdns: 'io.metamask' })
    try {
      const kf = create()
      const config = configOf(kf)
      const connecting = connect(config, { connector: config.connectors[0]! })
      await vi.waitFor(() => expect(kf.getState().open).toBe(true), { timeout: 5000 })
      // What the Connect view's MetaMask button does.
      await connectInjected(kf, 'injected:io.metamask')
      await expect(connecting).resolves.toEqual({ accounts: [WALLET_ADDRESS], chainId: 31337 })
      expect(await config.connectors[0]!.getProvider()).toBe(metamask)
      metamask.emit('chainChanged', '0x7a6a')
      expect(getAccount(config)).toMatchObject({ address: WALLET_ADDRESS, chainId: 31338 })
      await disconnect(config)
      expect(getKeyframeAccount(kf).status).toBe('disconnected')
    } finally {
      stop()
    }
  })

  test("behavior: a login through the SDK's own modal (kf.open) connects wagmi too", async () => {
    const kf = create()
    const config = configOf(kf)
    const seen = recordAccount(config)
    await login(kf)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: USER.address, chainId: 31337 })
    expect(seen).toEqual(['connected 0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb 31337 dev.keyframe'])
  })
})

describe('while connected', () => {
  test('behavior: the chain and account the wallet moves to reach watchAccount', async () => {
    const kf = create()
    const config = configOf(kf)
    const { fake } = await connectByEmail(kf, config)
    const seen = recordAccount(config)
    fake.emit('CHAIN_CHANGED', { chainId: 'eip155:31338' })
    await tick()
    fake.emit('ACCOUNTS_CHANGED', { accounts: [OTHER] })
    await tick()
    expect(seen).toEqual([
      `connected ${USER.address} 31338 dev.keyframe`,
      `connected ${OTHER} 31338 dev.keyframe`,
    ])
  })

  test('default: switchChain moves the wallet through the SDK (SWITCH_NETWORK to the frame)', async () => {
    const kf = create()
    const config = configOf(kf)
    const { fake } = await connectByEmail(kf, config, { SWITCH_NETWORK: ({ chainId }) => ok({ chainId }) })
    await expect(switchChain(config, { chainId: local2.id })).resolves.toMatchObject({ id: 31338 })
    expect(getAccount(config).chainId).toBe(31338)
    expect(getKeyframeAccount(kf).chainId).toBe('eip155:31338')
    expect(fake.requests().find((r) => r.type === 'SWITCH_NETWORK')?.data.params).toEqual({ chainId: 31338 })
  })

  test("error: a chain Keyframe was not given → wagmi's SwitchChainError, 'Chain is not supported' as its cause", async () => {
    const kf = create()
    const config = configOf(kf)
    await connectByEmail(kf, config)
    const error = await switchChain(config, { chainId: elsewhere.id }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'SwitchChainError',
      code: 4902,
      cause: { code: 4902, message: 'Chain is not supported' },
    })
    expect(getAccount(config).chainId).toBe(31337)
  })

  test("error: a chain wagmi is not configured for → SwitchChainError caused by wagmi's ChainNotConfiguredError", async () => {
    const kf = create()
    const config = configOf(kf)
    await connectByEmail(kf, config)
    const error = await switchChain(config, { chainId: 1 as never }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'SwitchChainError', cause: { name: 'ChainNotConfiguredError' } })
  })

  test('error: the person refuses the switch in the frame → UserRejectedRequestError', async () => {
    const kf = create()
    const config = configOf(kf)
    await connectByEmail(kf, config, { SWITCH_NETWORK: () => fail(4001, 'User rejected the request.') })
    const error = await switchChain(config, { chainId: local2.id }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(getAccount(config).chainId).toBe(31337)
  })

  test('default: signMessage goes through the SDK provider to the frame (a first signature)', async () => {
    const kf = create()
    const config = configOf(kf)
    const signature = `0x${'ab'.repeat(65)}` as const
    const { fake } = await connectByEmail(kf, config, { RPC_REQUEST: () => ok(signature) })
    await expect(signMessage(config, { message: 'hello' })).resolves.toBe(signature)
    expect(fake.requests().find((r) => r.type === 'RPC_REQUEST')?.data.params).toMatchObject({
      method: 'personal_sign',
      params: [toHex('hello'), USER.address],
    })
  })
})

describe('disconnect', () => {
  test('default: wagmi disconnect is the SDK disconnect; connecting again needs no code and no modal', async () => {
    const kf = create()
    const config = configOf(kf)
    const { fake } = await connectByEmail(kf, config)
    const seen = recordAccount(config)
    await disconnect(config)
    expect(getKeyframeAccount(kf).status).toBe('disconnected')
    expect(getAccount(config).status).toBe('disconnected')
    expect(seen).toEqual(['disconnected'])
    // wagmi heard the disconnect once: it listens for the next `connect` once, not once per disconnect.
    expect(config.connectors[0]!.emitter.listenerCount('connect')).toBe(1)
    // The frame still holds the login: connect again asks it, and opens nothing.
    fake.answer('IS_CONNECTED', () => ok({ isConnected: true }))
    await expect(connect(config, { connector: config.connectors[0]! })).resolves.toEqual({
      accounts: [USER.address],
      chainId: 31337,
    })
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: a disconnect on the SDK side (its modal, or the frame ending the session) disconnects wagmi', async () => {
    const kf = create()
    const config = configOf(kf)
    const { fake } = await connectByEmail(kf, config)
    await disconnectKeyframe(kf)
    expect(getAccount(config).status).toBe('disconnected')
    // And a new login after it is wagmi's again, then the frame's DISCONNECTED ends both.
    fake.answer('IS_CONNECTED', () => ok({ isConnected: true }))
    await connect(config, { connector: config.connectors[0]! })
    fake.emit('DISCONNECTED', {})
    await tick()
    expect(getKeyframeAccount(kf).status).toBe('disconnected')
    expect(getAccount(config).status).toBe('disconnected')
  })
})

describe('reconnect', () => {
  /** The same dApp after a reload: a new instance and a new config over the same storage. */
  function reload() {
    for (const kf of instances) kf.destroy()
    return create()
  }

  test('behavior: a returning visitor is restored by wagmi reconnect', async () => {
    const first = create()
    await connectByEmail(first, configOf(first))
    const kf = reload()
    const config = configOf(kf)
    const restoring = reconnect(config)
    await frameCreatedByKeyframe(frames, {
      IS_CONNECTED: () => ok({ isConnected: true }),
      GET_USER: () => ok(USER),
    })
    const connections = await restoring
    expect(connections.map(({ accounts, chainId, connector }) => [accounts, chainId, connector.id])).toEqual([
      [[USER.address], 31337, 'dev.keyframe'],
    ])
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: USER.address })
    expect(kf.getState().open).toBe(false)
  })

  test('control: after a wagmi disconnect, the reload restores nothing and loads no frame', async () => {
    const first = create()
    const firstConfig = configOf(first)
    await connectByEmail(first, firstConfig)
    await disconnect(firstConfig)
    const kf = reload()
    const config = configOf(kf)
    await expect(reconnect(config)).resolves.toEqual([])
    expect(getAccount(config).status).toBe('disconnected')
    expect(document.querySelector('iframe')).toBeNull()
  })
})
