// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { FRAME_ORIGIN, installFakeFrames } from '../../test/fakeFrame.ts'
import { InvalidParamsError, ProtocolError, RequestAbortedError } from '../exports/index.ts'
import { SDK_VERSION } from '../version.ts'
import { createKeyframe, type Keyframe, type KeyframeOptions } from './createKeyframe.ts'

const options: KeyframeOptions = {
  projectId: 'demo',
  frameUrl: `${FRAME_ORIGIN}/frame`,
  networks: [{ id: 31337, name: 'Anvil' }],
  metadata: { name: 'Demo', url: 'http://localhost:3000', icons: [] },
}
const instances: Keyframe[] = []
let frames: ReturnType<typeof installFakeFrames>
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

function create(extra: Partial<KeyframeOptions> = {}) {
  const kf = createKeyframe({ ...options, ...extra })
  instances.push(kf)
  return kf
}

async function readyFrame(kf: Keyframe) {
  const frame = await kf.frame()
  const loaded = frame.ensure()
  const fake = frames.of(frame.element())!
  // Nothing is posted before READY.
  expect(fake.posted).toEqual([])
  fake.ready()
  await loaded
  await tick()
  return frame
}

/** What the frame was sent, as [type, params], in order. */
const sent = () => frames.requests().map((r) => [r.type, r.data.params] as const)

beforeEach(() => {
  frames = installFakeFrames()
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  frames.restore()
  document.body.innerHTML = ''
})

describe('frame', () => {
  test('behavior: errors from the frame client are the classes the entry exports', async () => {
    const kf = create()
    const frame = await kf.frame()
    const error = await frame.request('CONNECT_EMAIL', { email: 'not an address' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect(error).toBeInstanceOf(ProtocolError)
  })

  test('default: created once, lazily; no iframe until it is used', async () => {
    const kf = create()
    const a = await kf.frame()
    const b = await kf.frame()
    expect(a).toBe(b)
    expect(document.querySelector('iframe')).toBeNull()
  })

  test('behavior: the frame starts on the first network', async () => {
    const kf = create()
    const frame = await kf.frame()
    void frame.ensure()
    expect(frame.element()!.getAttribute('src')).toContain('chainId=eip155%3A31337')
  })

  test('behavior: after READY the frame gets the theme tokens and the dApp data', async () => {
    const kf = create({
      themeMode: 'light',
      themeVariables: { '--kf-accent': '#123456', '--kf-text': 'transparent', '--kf-radius-control': '8px' },
    })
    const frame = await readyFrame(kf)
    // Only after READY, to the frame's exact origin.
    expect(frames.requests().every((r) => r.targetOrigin === FRAME_ORIGIN)).toBe(true)
    expect(frames.of(frame.element())!.requests()).toHaveLength(2)
    const byName = Object.fromEntries(sent())
    expect(byName).toEqual({
      // The modal's text colour styles the modal only; the frame picks its own.
      SYNC_THEME: { themeMode: 'light', tokens: { accent: '#123456', radius: 8 } },
      SYNC_DAPP_DATA: {
        metadata: { name: 'Demo', url: 'http://localhost:3000', icons: [] },
        sdkVersion: SDK_VERSION,
        sdkType: 'keyframe',
        projectId: 'demo',
      },
    })
  })

  test('behavior: setThemeMode sends SYNC_THEME once the frame is ready', async () => {
    const kf = create()
    kf.setThemeMode('light')
    await readyFrame(kf)
    const before = sent().length
    kf.setThemeMode('dark')
    await tick()
    expect(sent().slice(before)).toEqual([['SYNC_THEME', { themeMode: 'dark' }]])
  })

  test('behavior: a frame that accepts the sync raises no alert', async () => {
    const onAlert = vi.fn()
    const kf = create({ onAlert })
    const frame = await kf.frame()
    const loaded = frame.ensure()
    const fake = frames.of(frame.element())!
    fake.answer('SYNC_THEME', () => ({ ok: true, result: null }))
    fake.answer('SYNC_DAPP_DATA', () => ({ ok: true, result: null }))
    fake.ready()
    await loaded
    await tick()
    expect(sent().map(([type]) => type)).toEqual(['SYNC_THEME', 'SYNC_DAPP_DATA'])
    expect(frame.pending()).toEqual([])
    expect(onAlert).not.toHaveBeenCalled()
  })

  test('error: theme variables the frame would read but cannot take are left out, with THEME_IGNORED', async () => {
    const onAlert = vi.fn()
    const kf = create({
      onAlert,
      themeVariables: { '--kf-accent': 'rgba(0,0,0,0)', '--kf-bg': 'url("data:image/svg+xml,<svg/>")' },
    })
    await readyFrame(kf)
    expect(Object.fromEntries(sent()).SYNC_THEME).toEqual({ themeMode: 'dark', tokens: {} })
    expect(onAlert).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'THEME_IGNORED', names: ['--kf-accent', '--kf-bg'] }),
    )
  })

  test('error: a refused sync is reported as FRAME_SYNC_FAILED', async () => {
    const onAlert = vi.fn()
    const kf = create({ onAlert })
    const frame = await readyFrame(kf)
    const theme = frames.requests().find((r) => r.type === 'SYNC_THEME')!
    frames.of(frame.element())!.reply(theme.rid, {
      ok: false,
      error: { code: -32602, message: 'Invalid params for SYNC_THEME' },
    })
    await tick()
    expect(onAlert).toHaveBeenCalledWith(expect.objectContaining({ code: 'FRAME_SYNC_FAILED' }))
  })

  test('behavior: onTimeout and onAlert reach the dApp', async () => {
    vi.useFakeTimers()
    try {
      const onAlert = vi.fn()
      const kf = create({ onAlert })
      const frame = await kf.frame()
      const loaded = frame.ensure().catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(await loaded).toMatchObject({ message: 'Unable to load email login dependency' })
      expect(onAlert).toHaveBeenCalledWith(expect.objectContaining({ code: 'FRAME_LOAD_FAILED' }))
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: destroy() destroys the frame and rejects its pending requests', async () => {
    const kf = create()
    const frame = await readyFrame(kf)
    const pending = frame.request('GET_USER', {}).catch((e: unknown) => e)
    kf.destroy()
    expect(await pending).toMatchObject({ name: 'RequestAbortedError' })
    // The lazy frame chunk and the entry share the protocol's error classes: users can catch by class.
    expect(await pending).toBeInstanceOf(RequestAbortedError)
    expect(await pending).toBeInstanceOf(ProtocolError)
    expect(document.querySelector('iframe')).toBeNull()
    await expect(kf.frame()).rejects.toThrow('`frame()` was called after `destroy()`')
  })
})
