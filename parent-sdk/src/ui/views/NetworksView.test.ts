// @vitest-environment jsdom
// The Networks and UnsupportedChain views, clicked as a person does, against a fake frame.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installFakeFrames } from '../../../test/fakeFrame.ts'
import { type Answers, fail, ok, startFrame, tick, USER } from '../../../test/frameFlow.ts'
import { shadow, view } from '../../../test/modal.ts'
import { getAccount } from '../../core/account.ts'
import { createKeyframe, type Keyframe } from '../../core/createKeyframe.ts'
import { connectEmail } from '../../core/emailActions.ts'
import { getNetwork } from '../../core/network.ts'

const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(async () => {
  for (const kf of instances.splice(0)) kf.destroy()
  await tick()
  frames.restore()
  localStorage.clear()
  document.body.innerHTML = ''
})

function create() {
  const kf = createKeyframe({
    projectId: 'demo',
    frameUrl: 'http://localhost:5174/frame',
    networks: [
      { id: 31337, name: 'Keyframe Local' },
      { id: 31338, name: 'Keyframe Local 2' },
    ],
    announceProvider: false,
  })
  instances.push(kf)
  return kf
}

async function login(kf: Keyframe, answers: Answers = {}) {
  await startFrame(kf, frames, {
    CONNECT_EMAIL: () => ok({ action: 'CONNECT' }),
    GET_USER: () => ok(USER),
    ...answers,
  })
  await connectEmail(kf, { email: USER.email })
}

const title = () => shadow().querySelector('h2')?.textContent
const toastText = () => shadow().querySelector('.kf-toasts')?.textContent
const networkButtons = () =>
  [...shadow().querySelectorAll<HTMLButtonElement>('.kf-network')].map((b) => ({
    name: b.textContent,
    current: b.getAttribute('aria-current') === 'true',
  }))

function button(name: string): HTMLButtonElement {
  const found = [...shadow().querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().replace(/✓$/, '') === name,
  )
  if (!found) throw new Error(`No button named ${name}`)
  return found
}

describe('Networks', () => {
  test('default: the dApp networks, the active one marked', async () => {
    const kf = create()
    await kf.open({ view: 'Networks' })
    expect(title()).toBe('Choose network')
    expect(networkButtons()).toEqual([
      { name: 'Keyframe Local✓', current: true },
      { name: 'Keyframe Local 2', current: false },
    ])
  })

  test('behavior: disconnected, a click chooses the network and the modal closes (opened on it)', async () => {
    const kf = create()
    await kf.open({ view: 'Networks' })
    button('Keyframe Local 2').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getNetwork(kf).name).toBe('Keyframe Local 2')
  })

  test('behavior: connected, the wallet switches; back to the view it came from', async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: ({ chainId }) => ok({ chainId }) })
    await kf.open({ view: 'Account' })
    kf._internal.navigate('Networks')
    await tick()
    button('Keyframe Local 2').click()
    await vi.waitFor(() => expect(view()).toBe('Account'))
    expect(getAccount(kf).chainId).toBe('eip155:31338')
    expect(frames.requests().find((r) => r.type === 'SWITCH_NETWORK')?.data.params).toEqual({
      chainId: 31338,
    })
  })

  test("error: the wallet refuses → toast 'Chain is not supported'; the view stays", async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: () => fail(4902, 'Chain is not supported') })
    await kf.open({ view: 'Networks' })
    button('Keyframe Local 2').click()
    await vi.waitFor(() => expect(toastText()).toBe('Error: Chain is not supported'))
    expect(view()).toBe('Networks')
    expect(getNetwork(kf).name).toBe('Keyframe Local')
  })

  test('behavior: the person declining in the wallet (4001) shows no toast', async () => {
    const kf = create()
    await login(kf, { SWITCH_NETWORK: () => fail(4001, 'User rejected the request.') })
    await kf.open({ view: 'Networks' })
    button('Keyframe Local 2').click()
    await vi.waitFor(() => expect(frames.requests().some((r) => r.type === 'SWITCH_NETWORK')).toBe(true))
    await tick()
    await tick()
    expect(toastText()).toBe('')
    expect(view()).toBe('Networks')
  })
})

describe('UnsupportedChain', () => {
  test('default: says why and lists the dApp networks; choosing one switches and closes', async () => {
    const kf = create()
    await login(kf, {
      GET_USER: () => ok({ ...USER, chainId: 'eip155:999' }),
      SWITCH_NETWORK: ({ chainId }) => ok({ chainId }),
    })
    await vi.waitFor(() => expect(view()).toBe('UnsupportedChain'), { timeout: 5000 })
    expect(title()).toBe('Switch network')
    expect(shadow().querySelector('.kf-body')?.textContent).toContain(
      'This app doesn’t support your current network. Switch to an available option to continue.',
    )
    expect(networkButtons()).toEqual([
      { name: 'Keyframe Local', current: false },
      { name: 'Keyframe Local 2', current: false },
    ])
    button('Keyframe Local').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getNetwork(kf)).toMatchObject({ name: 'Keyframe Local', isSupported: true })
  })

  test('behavior: Disconnect signs out and closes', async () => {
    const kf = create()
    await login(kf, { GET_USER: () => ok({ ...USER, chainId: 'eip155:999' }), SIGN_OUT: () => ok(null) })
    await vi.waitFor(() => expect(view()).toBe('UnsupportedChain'), { timeout: 5000 })
    button('Disconnect').click()
    await vi.waitFor(() => expect(kf.getState().open).toBe(false))
    expect(getAccount(kf).status).toBe('disconnected')
  })
})
