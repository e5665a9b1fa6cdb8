// @vitest-environment jsdom
import { ChainNotSupportedError } from '@keyframe/protocol/core'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { type Answers, fail, ok, sentTypes, startFrame, tick, USER } from '../../test/frameFlow.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from './createKeyframe.ts'
import { connectEmail } from './emailActions.ts'
import { getNetwork, type Network, switchNetwork, watchNetwork } from './network.ts'

const LOCAL = {
  id: 31337,
  name: 'Keyframe Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const LOCAL_2 = { id: 31338, name: 'Keyframe Local 2' }
const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [LOCAL, LOCAL_2],
  announceProvider: false,
}
const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

async function login(kf: Keyframe, answers: Answers = {}) {
  const fake = await startFrame(kf, frames, {
    CONNECT_EMAIL: () => ok({ action: 'CONNECT' }),
    GET_USER: () => ok(USER),
    ...answers,
  })
  await connectEmail(kf, { email: USER.email })
  return fake
}

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

describe('getNetwork', () => {
  test('default: the first network, with its CAIP-2 id, while disconnected', () => {
    expect(getNetwork(create())).toMatchInlineSnapshot(`
      {
        "caipNetworkId": "eip155:31337",
        "chainNamespace": "eip155",
        "id": 31337,
        "isSupported": true,
        "name": "Keyframe Local",
        "nativeCurrency": {
          "decimals": 18,
          "name": "Ether",
          "symbol": "ETH",
        },
      }
    `)
  })

  test('behavior: connected, the account chain; the same object until it changes', async () => {
    const kf = create()
    await login(kf, { GET_USER: () => ok({ ...USER, chainId: 'eip155:31338' }) })
    const network = getNetwork(kf)
    expect(network.name).toBe('Keyframe Local 2')
    kf.setThemeMode('light')
    expect(getNetwork(kf)).toBe(network)
  })

  test("behavior: a chain the dApp does not list → the placeholder 'Unknown Network'", async () => {
    const kf = create({ allowUnsupportedChain: true })
    await login(kf, { GET_USER: () => ok({ ...USER, chainId: 'eip155:999' }) })
    expect(getNetwork(kf)).toMatchInlineSnapshot(`
      {
        "caipNetworkId": "eip155:999",
        "chainNamespace": "eip155",
        "id": 999,
        "isSupported": false,
        "name": "Unknown Network",
        "nativeCurrency": {
          "decimals": 0,
          "name": "",
          "symbol": "",
        },
        "rpcUrls": {
          "default": {
            "http": [],
          },
        },
      }
    `)
    // With allowUnsupportedChain the modal stays as it was.
    expect(kf.getState().open).toBe(false)
  })
})

describe('switchNetwork', () => {
  test('default: disconnected, only the choice changes (no frame); the next login asks for it', async () => {
    const kf = create()
    const seen: Network[] = []
    watchNetwork(kf, { onChange: (network) => seen.push(network) })
    await switchNetwork(kf, 31338)
    expect(getNetwork(kf).name).toBe('Keyframe Local 2')
    expect(seen.map((n) => n.name)).toEqual(['Keyframe Local 2'])
    expect(document.querySelector('iframe')).toBeNull()
    await login(kf, { GET_USER: ({ chainId }) => ok({ ...USER, chainId: String(chainId) }) })
    expect(frames.requests().find((r) => r.type === 'GET_USER')?.data.params).toEqual({
      chainId: 'eip155:31338',
    })
    expect(getNetwork(kf).name).toBe('Keyframe Local 2')
  })

  test('behavior: connected, through the embedded connector (SWITCH_NETWORK); the account moves', async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: ({ chainId }) => ok({ chainId }) })
    await switchNetwork(kf, 'eip155:31338')
    expect(frames.requests().find((r) => r.type === 'SWITCH_NETWORK')?.data.params).toEqual({
      chainId: 31338,
    })
    expect(getNetwork(kf).name).toBe('Keyframe Local 2')
    expect(kf.getState().connections.eip155).toMatchObject({
      chainId: 'eip155:31338',
      caipAddress: `eip155:31338:${USER.address}`,
    })
  })

  test("error: a chain the dApp does not list → 4902 'Chain is not supported' ('Network with ID 1 not found')", async () => {
    const kf = create()
    const error = await switchNetwork(kf, 1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainNotSupportedError)
    expect(error).toMatchObject({ code: 4902, message: 'Chain is not supported' })
    expect((error as Error).cause).toMatchObject({ message: 'Network with ID 1 not found' })
    await expect(switchNetwork(kf, 'not a chain')).rejects.toMatchObject({ code: 4902 })
    expect(getNetwork(kf).name).toBe('Keyframe Local')
  })

  test('error: the wallet refuses → its error; the network stays', async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: () => fail(4902, 'Chain is not supported') })
    await expect(switchNetwork(kf, 31338)).rejects.toMatchObject({ code: 4902 })
    expect(getNetwork(kf).name).toBe('Keyframe Local')
    expect(sentTypes(frames)).toContain('SWITCH_NETWORK')
  })
})

describe('UnsupportedChain (SPEC §4)', () => {
  test('behavior: connecting on a chain the dApp does not list opens UnsupportedChain; back closes', async () => {
    const kf = create()
    await login(kf, {
      GET_USER: () => ok({ ...USER, chainId: 'eip155:999' }),
      SWITCH_NETWORK: ({ chainId }) => ok({ chainId }),
    })
    await vi.waitFor(() => expect(kf.getState()).toMatchObject({ open: true, view: 'UnsupportedChain' }), {
      timeout: 5000,
    })
    kf._internal.navigate('Networks')
    kf._internal.goBack()
    expect(kf.getState().open).toBe(false)
  })

  test('behavior: a switch to a listed network closes it', async () => {
    const kf = create()
    await login(kf, {
      GET_USER: () => ok({ ...USER, chainId: 'eip155:999' }),
      SWITCH_NETWORK: ({ chainId }) => ok({ chainId }),
    })
    await vi.waitFor(() => expect(kf.getState().view).toBe('UnsupportedChain'), { timeout: 5000 })
    await switchNetwork(kf, 31337)
    expect(kf.getState().open).toBe(false)
    expect(getNetwork(kf).isSupported).toBe(true)
  })

  test('behavior: the frame moving to an unlisted chain opens it too', async () => {
    const kf = create()
    const fake = await login(kf)
    expect(kf.getState().open).toBe(false)
    fake.emit('CHAIN_CHANGED', { chainId: 'eip155:999' })
    await vi.waitFor(() => expect(kf.getState().view).toBe('UnsupportedChain'), { timeout: 5000 })
    expect(getNetwork(kf).name).toBe('Unknown Network')
  })
})
