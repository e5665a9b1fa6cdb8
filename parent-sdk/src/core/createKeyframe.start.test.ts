// @vitest-environment jsdom
// The SDK created at each point of a page's load (issue 13): in a `<head>` script before `<body>` exists,
// during parsing, after load. A returning visitor's login is restored at each, and nothing wipes it.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { installFakeFrames } from '../../test/fakeFrame.ts'
import { frameCreatedByKeyframe, ok, sentTypes, tick, USER } from '../../test/frameFlow.ts'
import { getAccount } from './account.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from './createKeyframe.ts'
import { readLoginCache, saveLogin } from './loginCache.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: 'http://localhost:5174/frame',
  networks: [{ id: 31337, name: 'Anvil' }],
}
const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>
let body: HTMLElement

function create() {
  const kf = createKeyframe(options)
  instances.push(kf)
  return kf
}

const cache = () => readLoginCache(localStorage)
const SESSION = { IS_CONNECTED: () => ok({ isConnected: true }), GET_USER: () => ok(USER) }

/** The page as a `<head>` script sees it: still parsing, no `<body>` yet. */
function inHead() {
  body.remove()
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' })
}

/** The parser reaches `<body>`. */
function bodyArrives() {
  document.documentElement.append(body)
}

beforeEach(() => {
  frames = installFakeFrames()
  body = document.body
  // A returning visitor: an e-mail login on an earlier visit left the login cache.
  saveLogin(localStorage, { email: USER.email, chainId: 'eip155:31337' })
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  frames.restore()
  Reflect.deleteProperty(document, 'readyState')
  if (!document.body) bodyArrives()
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('start points', () => {
  test('behavior: in <head>, before <body> exists: nothing throws, the restore waits for <body>, then connects', async () => {
    inHead()
    const kf = create()
    expect(getAccount(kf).status).toBe('connecting')
    await tick()
    await tick()
    // Nothing inserted anywhere meanwhile, and nothing wiped.
    expect(document.querySelector('iframe')).toBeNull()
    expect(getAccount(kf).status).toBe('connecting')
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })

    bodyArrives()
    await frameCreatedByKeyframe(frames, SESSION)
    expect(document.querySelector('iframe')?.parentElement).toBe(body)
    await vi.waitFor(() =>
      expect(getAccount(kf)).toMatchObject({ status: 'connected', address: USER.address }),
    )
    expect(sentTypes(frames)).toEqual(['IS_CONNECTED', 'GET_USER'])
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test('behavior: in <head>, open() mounts the modal once <body> exists', async () => {
    localStorage.clear()
    inHead()
    const kf = create()
    const opened = kf.open()
    await tick()
    expect(document.querySelector('[data-keyframe-modal]')).toBeNull()
    bodyArrives()
    await opened
    expect(document.querySelector('[data-keyframe-modal]')?.parentElement).toBe(body)
    expect(kf.getState()).toMatchObject({ open: true, view: 'Connect' })
  })

  test('behavior: in <head>, a frame that never loads once <body> exists → disconnected, the login kept', async () => {
    vi.useFakeTimers()
    try {
      inHead()
      const kf = create()
      await vi.advanceTimersByTimeAsync(1_000)
      bodyArrives()
      await vi.advanceTimersByTimeAsync(20_000)
      expect(getAccount(kf).status).toBe('disconnected')
      expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: during parsing (<body> there, the document still loading): the frame is inserted at once', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' })
    const kf = create()
    await frameCreatedByKeyframe(frames, SESSION)
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
  })

  test('default: after load', async () => {
    expect(document.readyState).toBe('complete')
    const kf = create()
    await frameCreatedByKeyframe(frames, SESSION)
    await vi.waitFor(() => expect(getAccount(kf).status).toBe('connected'))
    expect(cache()).toMatchObject({ emailLoginUsed: true, email: USER.email })
  })

  test('behavior: destroyed in <head> before <body> exists: nothing is inserted later', async () => {
    inHead()
    const kf = create()
    await tick()
    kf.destroy()
    bodyArrives()
    await tick()
    expect(document.querySelector('iframe')).toBeNull()
    expect(cache()).toMatchObject({ emailLoginUsed: true })
  })
})
