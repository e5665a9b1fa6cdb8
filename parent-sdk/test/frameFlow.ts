/**
 * Helpers for tests that drive a Keyframe instance against a fake frame (test/fakeFrame.ts): a frame that
 * answers the request types it is given, a signed-in user, and reply builders.
 */
import type { Reply, RequestParams, RequestType, User } from '@keyframe/protocol'
import { vi } from 'vitest'
import type { Keyframe } from '../src/core/createKeyframe.ts'
import type { FakeFrame, installFakeFrames } from './fakeFrame.ts'

export type Answers = { [T in RequestType]?: (params: RequestParams<T>) => Reply }

/** The user the fake frame reports. */
export const USER = {
  email: 'ada@example.com',
  address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
  chainId: 'eip155:31337',
} satisfies User

export const ok = (result: unknown): Reply => ({ ok: true, result })
export const fail = (code: number, message: string): Reply => ({ ok: false, error: { code, message } })

/** Lets promises and React settle (React renders store changes on a microtask). */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

function install(fake: FakeFrame, answers: Answers) {
  for (const [type, handler] of Object.entries(answers)) {
    fake.answer(type as RequestType, handler as never)
  }
}

/** Creates the frame of `kf` now, has it answer `answers` and report READY. */
export async function startFrame(
  kf: Keyframe,
  frames: ReturnType<typeof installFakeFrames>,
  answers: Answers = {},
): Promise<FakeFrame> {
  const client = await kf.frame()
  const loaded = client.ensure()
  const fake = frames.of(client.element())!
  install(fake, answers)
  fake.ready()
  await loaded
  return fake
}

/** Waits for the frame `kf` creates on its own (the restore on start), then answers `answers` and reports READY. */
export async function frameCreatedByKeyframe(
  frames: ReturnType<typeof installFakeFrames>,
  answers: Answers = {},
): Promise<FakeFrame> {
  const iframe = await vi.waitFor(() => {
    const element = document.querySelector('iframe')
    if (!element) throw new Error('no iframe yet')
    return element
  })
  const fake = frames.of(iframe)!
  install(fake, answers)
  fake.ready()
  return fake
}

/** The request types the frame got, in order, without the theme and dApp-data syncs every READY brings. */
export function sentTypes(frames: ReturnType<typeof installFakeFrames>): RequestType[] {
  return frames
    .requests()
    .map((r) => r.type)
    .filter((type) => type !== 'SYNC_THEME' && type !== 'SYNC_DAPP_DATA')
}
